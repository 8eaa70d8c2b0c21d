// A static file server for the built playground (docs/playground/dist) on a free local port,
// for the browser tests that open the pages over HTTP as well as from disk, and the hooks those
// tests share: one Chromium per file, a fresh page per test, and no page error left unseen.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { textProblemsInPage } from './layout.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

/** Serves the files under `site` on 127.0.0.1 (a free port); resolves once it listens. */
export function serve(site: string): Promise<Server> {
  const s = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(site, path === '/' ? 'index.html' : path);
    if (!file.startsWith(site)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((done) => s.listen(0, '127.0.0.1', () => done(s)));
}

/** Where the browser tests' Chromium is (Debian's package by default). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What {@link usePages} gives a test file. */
export interface PageSession {
  /** The server's address, ending in `/` (set before the first test). */
  readonly base: string;
  /** The browser's context (set before the first test). */
  readonly context: BrowserContext;
  /** Forgets the page errors seen so far in this test (a test whose point they are). */
  forgetErrors(): void;
}

/**
 * Registers the hooks of a browser test file: before all, `site` served and a headless Chromium
 * with a fresh profile (and `artifacts` made for screenshots); before each test, a new page,
 * handed to `onPage`, whose page errors and console errors are collected; after each, the page
 * closed and those errors expected to be none; after all, everything closed and removed.
 */
export function usePages(options: {
  readonly site: string;
  readonly artifacts: string;
  readonly viewport: { readonly width: number; readonly height: number };
  readonly onPage: (page: Page) => void;
}): PageSession {
  let errors: string[] = [];
  const session = {
    base: '',
    context: undefined as unknown as BrowserContext,
    forgetErrors: () => {
      errors = [];
    },
  };
  let server: Server | undefined;
  let profile = '';
  let page: Page | undefined;
  beforeAll(async () => {
    server = await serve(options.site);
    session.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    profile = mkdtempSync(join(tmpdir(), 'boardrules-chromium-'));
    mkdirSync(options.artifacts, { recursive: true });
    session.context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
      viewport: { width: options.viewport.width, height: options.viewport.height },
    });
  });
  afterAll(async () => {
    await session.context?.close();
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    if (profile) rmSync(profile, { recursive: true, force: true });
  });
  beforeEach(async () => {
    errors = [];
    page = await session.context.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    options.onPage(page);
  });
  afterEach(async () => {
    await page?.close();
    expect(errors).toEqual([]);
  });
  return session;
}

/**
 * How free the page's own thread is over a second: the longest gap between 40 timers of 25 ms
 * (`gap`) and the longest task the longtask observer saw (`longest`, 0 when none over 50 ms), in
 * milliseconds. A page whose work runs in workers keeps both small while a worker searches.
 */
export function mainThreadPauses(page: Page): Promise<{ gap: number; longest: number }> {
  return page.evaluate(async () => {
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push(e.duration);
    });
    observer.observe({ type: 'longtask' });
    let last = performance.now();
    let gap = 0;
    for (let i = 0; i < 40; i++) {
      await new Promise((done) => setTimeout(done, 25));
      const now = performance.now();
      gap = Math.max(gap, now - last);
      last = now;
    }
    observer.disconnect();
    return { gap, longest: Math.max(0, ...tasks) };
  });
}

/** Cut or covered text anywhere on `page`: checked one window height at a time. */
export async function textProblemsOnPage(page: Page): Promise<string[]> {
  const problems = new Set<string>();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = (page.viewportSize()?.height ?? 800) - 40;
  for (let y = 0; ; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    for (const p of await page.evaluate(textProblemsInPage)) problems.add(p);
    if (y + step >= height) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...problems];
}
