// FileStore against SIGKILL: a child process (crash-child.ts, bundled with esbuild) writes moves
// in a loop, as a server does, and prints each `_stateID` once its setState has resolved; it is
// killed at a random moment, dozens of times. After every kill a fresh store on the folder must
// read a whole match — no damaged record, the state at least the last one the child reported
// (and at most the one it was writing), the log of exactly that state, the metadata of it or of
// the move before. boardgame.io's own FlatFile lost the last moves here and left a 0-byte file.
//
// The kill times come from a seeded generator: FC_SEED=<integer> picks other ones (the seed is
// in every failure message).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../../src/boardgameio/server/storage/file.js';
import type { DamageReport, StoredLogEntry } from '../../../src/boardgameio/server/store.js';

const KILLS = 40;
const given = Number(process.env.FC_SEED);
const SEED = Number.isInteger(given) ? given : 20261128;

const root = mkdtempSync(join(tmpdir(), 'boardrules-crash-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Run {
  /** The `_stateID`s the child reported as stored, in order. */
  readonly reported: number[];
  readonly signal: NodeJS.Signals | null;
  readonly code: number | null;
  readonly stderr: string;
  /** Temporary files the kill left in the folder (a write it interrupted). */
  readonly leftovers: number;
}

/** Runs the child until it has stored one move, lets it go on for `ms`, and kills it. */
function runAndKill(bundle: string, dir: string, seed: number, ms: number): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [bundle, dir, 'crash', String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const reported: number[] = [];
    let pending = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() as string;
      for (const line of lines) reported.push(Number(line));
      if (timer === undefined && reported.length > 0) {
        timer = setTimeout(() => child.kill('SIGKILL'), ms);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    // 'close': the process has exited and its output is read to the end.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const leftovers = readdirSync(dir).filter((name) => name.endsWith('.tmp')).length;
      done({ reported, signal, code, stderr, leftovers });
    });
  });
}

describe('FileStore killed at random moments', () => {
  it(`loses no stored move and leaves no damaged record (${KILLS} SIGKILLs)`, async () => {
    const bundle = join(root, 'crash-child.mjs');
    await build({
      entryPoints: [join(import.meta.dirname, 'crash-child.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: bundle,
      logLevel: 'silent',
    });
    const dir = join(root, 'store');
    const first = new FileStore({ dir });
    await first.createMatch('crash', {
      initialState: { _stateID: 0, G: { n: 0, pad: '' }, ctx: { turn: 0 } },
      metadata: { gameName: 'crash', players: {}, createdAt: 0, updatedAt: 0 },
    });

    const random = mulberry32(SEED);
    let last = 0; // the last _stateID a child reported as stored
    let inFlightKept = 0;
    let interrupted = 0;
    for (let kill = 1; kill <= KILLS; kill++) {
      const why = `seed ${SEED}, kill ${kill}`;
      const run = await runAndKill(bundle, dir, SEED + kill, Math.floor(random() * 40));
      expect([run.signal, run.code, run.stderr], why).toEqual(['SIGKILL', null, '']);
      expect(run.reported.length, why).toBeGreaterThan(0);
      expect(run.reported[0], why).toBe(last + 1);
      last = run.reported.at(-1) as number;
      if (run.leftovers > 0) interrupted++;

      const reports: DamageReport[] = [];
      const reader = new FileStore({ dir, onDamage: (r) => reports.push(r) });
      const got = await reader.fetch('crash', {
        state: true,
        metadata: true,
        log: true,
        initialState: true,
      });
      expect(reports, why).toEqual([]);
      const id = got.state?._stateID as number;
      // Every reported move is there; at most the one being written when killed is there too.
      expect(id, why).toBeGreaterThanOrEqual(last);
      expect(id, why).toBeLessThanOrEqual(last + 1);
      if (id === last + 1) inFlightKept++;
      const G = got.state?.G as { n: number; pad: string };
      expect(G.n, why).toBe(id);
      expect(G.pad, why).toBe(String.fromCharCode(97 + (id % 26)).repeat(G.pad.length));
      expect(
        got.log?.map((e: StoredLogEntry) => e._stateID),
        why,
      ).toEqual(Array.from({ length: id }, (_, k) => k));
      expect(
        got.log?.map((e) => (e.action as { n: number }).n),
        why,
      ).toEqual(Array.from({ length: id }, (_, k) => k + 1));
      expect([id - 1, id], why).toContain(got.metadata?.updatedAt);
      expect(got.initialState?._stateID, why).toBe(0);
      last = id; // the next child goes on from what is stored
      // The reader's connect deleted what the killed write left behind.
      expect(
        readdirSync(dir).filter((n) => n.endsWith('.tmp')),
        why,
      ).toEqual([]);
    }
    expect(existsSync(join(dir, 'damaged'))).toBe(false);
    // Not a condition of the test (kill times vary with the machine), but what it covered.
    console.log(
      `FileStore crash test (seed ${SEED}): ${KILLS} kills, ${last} moves stored, ` +
        `${interrupted} kills interrupted a write, ${inFlightKept} kept the move being written`,
    );
  });
});
