// Several server processes share their matches: two processes of the multiplayer example on one
// PostgreSQL database, with Redis pub/sub between them. Seat 0 plays on one process, seat 1 and
// a spectator on the other; everything one process stores reaches the sockets of both. Two
// different moves sent at once to both processes from the same state: the store keeps exactly
// one, and no socket is shown the other.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.js';
import { hive } from '../../../src/hive/index.js';
import { describePostgres } from '../storage/postgres-service.js';
import { pause, type Raw, type ServerProcess, startServerProcess, waitFor } from './harness.js';
import { newHiveMatch, playOn, type Shown, seat } from './play.js';
import { redisService } from './redis-service.js';

describePostgres('two server processes on PostgreSQL and Redis', (pg) => {
  let redis: Awaited<ReturnType<typeof redisService>>;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  beforeAll(async () => {
    redis = await redisService();
    if ('url' in redis) {
      const args = ['--database', pg.url, '--redis', redis.url];
      a = await startServerProcess(args);
      b = await startServerProcess(args);
    }
  }, 60_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    if (redis !== undefined && 'stop' in redis) await redis.stop();
  });
  const needs = (context: { skip(note?: string): void }): boolean => {
    if ('skip' in redis) context.skip(redis.skip);
    return !('skip' in redis);
  };

  it('clients connected to different processes play one match', async (context) => {
    if (!needs(context)) return;
    const sa = a as ServerProcess;
    const sb = b as ServerProcess;
    const match = await newHiveMatch(sa.lobby);
    const shown: Shown = new Map();
    const white = await seat(sa.url, match, 0, shown);
    const black = await seat(sb.url, match, 1, shown);
    const eye = await seat(sb.url, match, null, shown);
    const plies = await playOn(match, [white, black], [white, black, eye], new Rng(3), 40);
    expect(plies).toBeGreaterThan(10);
    const final = [white, black, eye].map((s) => s.state?.G.state);
    expect(new Set(final).size).toBe(1);
    // Process B's lobby lists the match process A created.
    const listed = await sb.lobby.request(`/games/hive/${match.matchID}`);
    expect(listed.status).toBe(200);
    for (const s of [white, black, eye]) s.close();
  }, 120_000);

  it('two moves sent at once to both processes from one state: one is stored, the other shown to nobody', async (context) => {
    if (!needs(context)) return;
    const sa = a as ServerProcess;
    const sb = b as ServerProcess;
    for (let round = 0; round < 10; round++) {
      const match = await newHiveMatch(sa.lobby);
      const shownA: Shown = new Map();
      const shownB: Shown = new Map();
      const onA = await seat(sa.url, match, 0, shownA);
      const onB = await seat(sb.url, match, 0, shownB);
      const watchers: Raw[] = [
        await seat(sa.url, match, null, shownA),
        await seat(sb.url, match, null, shownB),
      ];
      const view = hive.deserialize(onA.state?.G.state as string);
      const moves = hive.moves(view);
      const [x, y] = [round, round + 1].map((i) =>
        hive.formatMove(view, moves[i % moves.length] as never),
      );
      onA.move(match.matchID, '0', match.creds[0], x as string, 0);
      onB.move(match.matchID, '0', match.creds[0], y as string, 0);
      await waitFor(
        () => watchers.every((w) => (w.state?._stateID ?? 0) >= 1),
        `the stored move of round ${round} (${x} on A, ${y} on B; refused: ${onA.lastRefusal()} / ${onB.lastRefusal()}; errors: ${sa.errors.join('')} ${sb.errors.join('')})`,
      );
      await pause(200);
      const stored = [...watchers, onA, onB].map((w) => w.state?.G.state);
      expect(new Set(stored).size, `round ${round}`).toBe(1);
      // Nobody was shown update 1 with the move that lost.
      for (const shown of [shownA, shownB]) expect(shown.get(1)).toBe(stored[0]);
      for (const s of [onA, onB, ...watchers]) s.close();
    }
    expect(sa.alive() && sb.alive()).toBe(true);
  }, 120_000);
});
