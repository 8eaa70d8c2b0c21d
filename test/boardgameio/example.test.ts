// The multiplayer example (examples/multiplayer) as a stranger runs it: its server starts, serves
// the page and the bundled client, creates matches through its lobby, and two computer seats
// (the package's playSeat over boardgame.io's socket client, each seat joined through the
// lobby) play a Hive match to the end on it. The example's server is the hardened one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playSeat } from '../../src/boardgameio/index.js';
import { hive } from '../../src/hive/index.js';
import { randomBot } from '../../src/search/index.js';
import {
  connect,
  createMatch,
  freePortRun,
  joinMatch,
  stopAll,
  type TestClient,
  until,
} from './harness.js';

describe('examples/multiplayer', () => {
  let base = 0;
  let stop: (() => void) | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: the example is plain JavaScript
  let example: any;
  beforeAll(async () => {
    // Through a variable: the example is plain JavaScript, with no types to check here.
    const file = '../../examples/multiplayer/server.mjs';
    example = await import(file);
    base = await freePortRun();
    stop = await example.start({ port: base, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await stop?.();
  });

  it('serves the page and the bundled client', async () => {
    const page = await fetch(`http://127.0.0.1:${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script type="module" src="/client.js">');
    const script = await fetch(`http://127.0.0.1:${base}/client.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.text()).length).toBeGreaterThan(10_000);
    expect((await fetch(`http://127.0.0.1:${base}/nothing`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${base}/favicon.ico`)).status).toBe(200);
  });

  it('hosts a Hive match that two computer seats play to the end', async () => {
    const def = example.games.find((g: { name: string }) => g.name === 'hive');
    const matchID = await createMatch(base + 2, 'hive', 2, { options: { maxPlies: 50 } });
    const creds = [
      await joinMatch(base + 2, 'hive', matchID, '0'),
      await joinMatch(base + 2, 'hive', matchID, '1'),
    ];
    const seats: TestClient[] = ['0', '1'].map((p, k) =>
      connect(def, base + 1, matchID, p, creds[k]),
    );
    const stops = seats.map((c, k) => playSeat(c as never, hive, randomBot(hive, k + 3)));
    try {
      await until(
        () => seats.every((c) => c.getState()?.ctx.gameover !== undefined),
        'the end of the match',
        30_000,
      );
      const final = hive.deserialize((seats[0] as TestClient).getState()?.G.state as string);
      expect(hive.terminal(final)).toBe(true);
    } finally {
      for (const s of stops) s();
      stopAll(seats);
    }
  });
});
