// The multiplayer example (examples/multiplayer) in a real browser: its server is started as
// `npm run example:server` starts it, a headless Chromium creates a Hive match through the page,
// opens seat 0 and seat 1 in two tabs, and the two tabs play moves against each other through
// boardgame.io's server. A typed illegal move is refused with the rule that forbids it.
// Screenshots go to test-artifacts/ (git-ignored).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortRun } from '../test/boardgameio/harness.js';

const root = resolve(import.meta.dirname, '..');
const artifacts = join(root, 'test-artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const status = (page: Page) => page.locator('#status').textContent();

describe('the multiplayer example in Chromium', () => {
  let stop: (() => void) | undefined;
  let browser: Browser | undefined;
  let base = 0;
  beforeAll(async () => {
    // Through a variable: the example is plain JavaScript, with no types to check here.
    const file = '../examples/multiplayer/server.mjs';
    const example = await import(file);
    base = await freePortRun();
    stop = await example.start({ port: base });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    mkdirSync(artifacts, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    stop?.();
  });

  it('two tabs play a Hive match through the server; an illegal move is refused with its rule', async () => {
    const context = await (browser as Browser).newContext();
    // Every request the pages make is answered (the favicon used to be a 404).
    const failed: string[] = [];
    context.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    context.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
    const lobby = await context.newPage();
    await lobby.goto(`http://localhost:${base}/`);
    // Sized for a phone as well as a desktop.
    expect(await lobby.locator('meta[name="viewport"]').getAttribute('content')).toBe(
      'width=device-width, initial-scale=1',
    );
    await lobby.selectOption('#game', 'hive');
    await lobby.click('#create-match');
    const links = lobby.locator('#links a');
    await links.first().waitFor();
    expect(await links.count()).toBe(2);
    // Seats are named as players name them: by their colours.
    expect(await links.allTextContents()).toEqual(['play White', 'play Black']);
    const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    const seats = [await context.newPage(), await context.newPage()];
    for (const [k, page] of seats.entries()) await page.goto(hrefs[k] as string);
    const [white, black] = seats as [Page, Page];
    await expect.poll(() => status(white)).toBe('Your move.');
    await expect.poll(() => status(black)).toBe('Waiting for White.');
    expect(await white.locator('#title').textContent()).toMatch(/ · you play White$/);
    expect(await white.locator('#board svg').count()).toBe(1);

    // H-PLACE-5: no Queen on the first turn. The server refuses; the tab says why.
    await white.fill('#typed', 'wQ');
    await white.click('#typed-form button');
    await expect.poll(() => white.locator('#refusal').textContent()).toMatch(/H-PLACE-5/);
    expect(await status(white)).toBe('Your move.');

    // Four plies, each from the tab whose turn it is, seen by the other tab.
    for (let ply = 0; ply < 4; ply++) {
      const [mover, other] = ply % 2 === 0 ? [white, black] : [black, white];
      await expect.poll(() => status(mover)).toBe('Your move.');
      const options = await mover.locator('#moves option').count();
      expect(options).toBeGreaterThan(0);
      await mover.selectOption('#moves', { index: (ply * 7) % options });
      await mover.click('#play');
      await expect.poll(() => status(other)).toBe('Your move.');
      await expect
        .poll(() => status(mover))
        .toBe(`Waiting for ${ply % 2 === 0 ? 'Black' : 'White'}.`);
    }
    await white.screenshot({ path: join(artifacts, 'multiplayer-white.png') });
    await black.screenshot({ path: join(artifacts, 'multiplayer-black.png') });
    // Both tabs draw the same board.
    expect(await white.locator('#board').innerHTML()).toBe(
      await black.locator('#board').innerHTML(),
    );
    expect(failed).toEqual([]);
    await context.close();
  });
});
