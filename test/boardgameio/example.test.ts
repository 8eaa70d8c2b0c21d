// The multiplayer example (examples/multiplayer) as a stranger runs it: its server starts, serves
// the page and the bundled client, creates matches through its lobby, and two computer seats
// (the package's playSeat over boardgame.io's socket client) play a Hive match to the end on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playSeat } from '../../src/boardgameio/index.js';
import { hive } from '../../src/hive/index.js';
import { randomBot } from '../../src/search/index.js';
import { connect, createMatch, freePortRun, stopAll, type TestClient, until } from './harness.js';

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
    stop = await example.start({ port: base });
  });
  afterAll(() => stop?.());

  it('serves the page and the bundled client', async () => {
    const page = await fetch(`http://localhost:${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script type="module" src="/client.js">');
    const script = await fetch(`http://localhost:${base}/client.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.text()).length).toBeGreaterThan(10_000);
    expect((await fetch(`http://localhost:${base}/nothing`)).status).toBe(404);
  });

  it('hosts a Hive match that two computer seats play to the end', async () => {
    const def = example.games.find((g: { name: string }) => g.name === 'hive');
    const matchID = await createMatch(base + 2, 'hive', 2, { options: { maxPlies: 50 } });
    const seats: TestClient[] = ['0', '1'].map((p) => connect(def, base + 1, matchID, p));
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
