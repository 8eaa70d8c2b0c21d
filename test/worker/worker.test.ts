// boardrules/worker: bots searched off the main thread. In real Node.js worker threads (running
// the built entry, as a user's worker script would): a search gives what the same bot gives
// in-process, search after search; cancel ends a long search and the next one starts a fresh
// worker; a worker that dies fails its searches with WORKER_FAILED. Over a loopback (serveBots
// from src/ behind a MessageChannel): the bots' own errors come back with their codes, every
// message shape, and junk messages refused with a code, never a crash.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type CoerceoState, coerceo, coerceoEvaluator, resign } from '../../src/coerceo/index.js';
import { type HiveState, hive, hiveEvaluator } from '../../src/hive/index.js';
import {
  alphaBetaBot,
  type Bot,
  type Game,
  isRulesError,
  mctsBot,
  randomBot,
  type SearchResult,
} from '../../src/index.js';
import { type TorresState, torres, torresEvaluator } from '../../src/torres/index.js';
import {
  type BotSpec,
  BotWorker,
  type BotWorkerResult,
  type ServedGame,
} from '../../src/worker/index.js';
import { loopback, servedPort, threadSpawner } from '../support/bot-worker.js';

const SERVED: readonly ServedGame[] = [
  { game: hive, evaluate: hiveEvaluator } as ServedGame,
  { game: coerceo, evaluate: coerceoEvaluator } as ServedGame,
  { game: torres, evaluate: torresEvaluator } as ServedGame,
];

/** `plies` plies of `game` from its start, each the move a fixed rule picks. */
function playedFrom<S, M>(game: Game<S, M, unknown>, start: S, plies: number): S {
  let s = start;
  for (let i = 0; i < plies && !game.terminal(s); i++) {
    const moves = game.moves(s);
    s = game.apply(s, moves[(i * 7919) % moves.length] as M);
  }
  return s;
}

/** What a search found, without its wall-clock time. */
function found<M>(r: SearchResult<M>): unknown {
  const { elapsedMs: _, ...stats } = r.stats;
  return { move: r.move, value: r.value, pv: r.pv, stats };
}

const open: BotWorker<unknown, unknown>[] = [];
afterAll(() => {
  for (const b of open) b.close();
});
function kept<S, M>(b: BotWorker<S, M>): BotWorker<S, M> {
  open.push(b as BotWorker<unknown, unknown>);
  return b;
}

/**
 * Searches `states` one after the other with a bot in a worker thread and with `local`, the
 * same bot in-process, and expects the same results each time (the bot's state carries over).
 */
async function sameAsInProcess<S, M>(
  game: Game<S, M, unknown>,
  spec: BotSpec,
  local: Bot<S, M>,
  states: readonly S[],
  limits: object,
): Promise<BotWorkerResult<M>[]> {
  const bot = kept(new BotWorker(game, spec, threadSpawner().spawn));
  const results: BotWorkerResult<M>[] = [];
  for (const s of states) {
    const there = await bot.search(s, limits);
    const here = local.search(s, limits);
    expect(found(there)).toEqual(found(here));
    expect(there.moveText).toBe(game.formatMove(s, here.move));
    expect(there.pvText[0]).toBe(there.moveText);
    results.push(there);
  }
  bot.close();
  return results;
}

describe('boardrules/worker in worker threads', () => {
  it('alpha-beta at a fixed depth: the same move, value, line and nodes as in-process', async () => {
    const s1 = playedFrom(hive, hive.start({ type: 'Base' }), 6);
    const s2 = playedFrom(hive, s1, 2);
    const [r] = await sameAsInProcess(
      hive,
      { bot: 'alphabeta' },
      alphaBetaBot(hive, { evaluate: hiveEvaluator }),
      [s1, s2, s1],
      { depth: 3 },
    );
    // The alpha-beta extras travel too.
    const local = alphaBetaBot(hive, { evaluate: hiveEvaluator }).search(s1, { depth: 3 });
    expect(r?.score).toBe(local.score);
    expect(r?.pliesToEnd).toBe(local.pliesToEnd);
  });

  it('MCTS with a seed and an iteration budget: the same, the kept tree included', async () => {
    const s1 = playedFrom(coerceo, coerceo.start(), 10) as CoerceoState;
    const s2 = playedFrom(coerceo, s1, 2);
    await sameAsInProcess(
      coerceo,
      { bot: 'mcts', seed: 5, options: { rolloutDepth: 4 } },
      mctsBot(coerceo, { seed: 5, evaluate: coerceoEvaluator, rolloutDepth: 4 }),
      [s1, s2],
      { iterations: 300 },
    );
  });

  it('MCTS on hidden information (Torres, the game’s own determinizer) and the random bot', async () => {
    const t = playedFrom(torres, torres.start({ players: 3, seed: 4 }), 8) as TorresState;
    const local = mctsBot(torres, {
      seed: 3,
      evaluate: torresEvaluator,
      determinize: torres.determinize,
      guided: true,
      rolloutDepth: 0,
    });
    const bot = kept(
      new BotWorker(
        torres,
        { bot: 'mcts', seed: 3, options: { guided: true, rolloutDepth: 0 } },
        threadSpawner().spawn,
      ),
    );
    const there = await bot.search(t, { iterations: 100 });
    const here = local.search(t, { iterations: 100 });
    // The line may stop where it runs through cards this deal does not hold.
    const { pv, ...rest } = found(here) as { pv: unknown[] };
    expect(found(there)).toMatchObject(rest);
    expect(there.pv).toEqual(pv.slice(0, there.pv.length));
    bot.close();

    const h = playedFrom(hive, hive.start(), 4) as HiveState;
    await sameAsInProcess(hive, { bot: 'random', seed: 9 }, randomBot(hive, 9), [h, h, h], {});
  });

  it('cancel ends a long search at once; the next search starts a fresh worker and bot', async () => {
    const threads = threadSpawner();
    const exits: Promise<number>[] = [];
    const spawn = () => {
      const w = threads.spawn() as unknown as import('node:worker_threads').Worker;
      exits.push(new Promise((done) => w.once('exit', done)));
      return w;
    };
    const bot = new BotWorker(hive, { bot: 'mcts', seed: 1 }, spawn);
    const s = playedFrom(hive, hive.start(), 3) as HiveState;
    // Millions of playouts: many minutes, unless stopped.
    const long = bot.search(s, { iterations: 16_000_000 });
    expect(bot.busy).toBe(true);
    await new Promise((done) => setTimeout(done, 300));
    expect(bot.busy).toBe(true);
    bot.cancel();
    expect(bot.busy).toBe(false);
    await expect(long).rejects.toMatchObject({ name: 'RulesError', code: 'CANCELLED' });
    await exits[0]; // the thread really ended
    const r = await bot.search(s, { iterations: 50 });
    expect(threads.started()).toBe(2);
    // A fresh bot: the same answer as a new bot in-process (seed 1, no tree, no stream used).
    const fresh = mctsBot(hive, { seed: 1, evaluate: hiveEvaluator }).search(s, { iterations: 50 });
    expect(found(r)).toEqual(found(fresh));
    // Cancelling what is not running does nothing; reset without a worker resolves at once.
    bot.cancel();
    await bot.reset();
    bot.close();
    await expect(bot.search(s)).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(threads.started()).toBe(2);
  });

  it('a worker whose script fails or that exits rejects its searches with WORKER_FAILED', async () => {
    const broken = new BotWorker(
      hive,
      { bot: 'random' },
      threadSpawner("throw new Error('the script failed');").spawn,
    );
    await expect(broken.search(hive.start())).rejects.toMatchObject({
      code: 'WORKER_FAILED',
      message: expect.stringContaining('the script failed'),
    });
    // A thread that exits when it is asked for 7 iterations (before serveBots hears it).
    const exitOn7 = `require('node:worker_threads').parentPort.on('message', (m) => {
      if (m && m.limits && m.limits.iterations === 7) process.exit(3);
    });`;
    const exiting = new BotWorker(hive, { bot: 'random' }, threadSpawner(exitOn7).spawn);
    await expect(exiting.search(hive.start(), { iterations: 1 })).resolves.toBeDefined();
    await expect(exiting.search(hive.start(), { iterations: 7 })).rejects.toMatchObject({
      code: 'WORKER_FAILED',
      message: 'BotWorker: the worker failed: it exited (code 3)',
    });
    // The next search starts a new worker.
    await expect(exiting.search(hive.start(), { iterations: 1 })).resolves.toBeDefined();
    const spawnFails = new BotWorker(hive, { bot: 'random' }, () => {
      throw new Error('no workers here');
    });
    await expect(spawnFails.search(hive.start())).rejects.toMatchObject({
      code: 'WORKER_FAILED',
      message: expect.stringContaining('no workers here'),
    });
    const notAWorker = new BotWorker(hive, { bot: 'random' }, () => ({}) as never);
    await expect(notAWorker.search(hive.start())).rejects.toMatchObject({ code: 'WORKER_FAILED' });
    exiting.close();
  });
});

describe('boardrules/worker: errors come back with their codes', () => {
  const spawn = loopback(SERVED);
  const codeOf = async (p: Promise<unknown>): Promise<string> => {
    try {
      await p;
      return 'resolved';
    } catch (e) {
      return isRulesError(e) ? e.code : `not a RulesError: ${String(e)}`;
    }
  };

  it('the bots’ own: hidden information, bad options, a finished game', async () => {
    expect(
      await codeOf(new BotWorker(torres, { bot: 'alphabeta' }, spawn).search(torres.start())),
    ).toBe('HIDDEN_INFORMATION');
    const bad = new BotWorker(hive, { bot: 'alphabeta', options: { ttSize: -1 } }, spawn);
    expect(await codeOf(bad.search(hive.start()))).toBe('INVALID_OPTIONS');
    // Every search of a bot that could not be built fails the same way.
    expect(await codeOf(bad.search(hive.start()))).toBe('INVALID_OPTIONS');
    const over = resign(coerceo.start(), 'black');
    const local = await codeOf(Promise.resolve().then(() => alphaBetaBot(coerceo).search(over)));
    expect(await codeOf(new BotWorker(coerceo, { bot: 'alphabeta' }, spawn).search(over))).toBe(
      local,
    );
    expect(local).not.toBe('resolved');
  });

  it('the client’s: a bad state, bad limits or a bad spec, before anything is posted', async () => {
    let spawned = 0;
    const counting = () => {
      spawned++;
      return spawn();
    };
    const bot = new BotWorker(hive, { bot: 'alphabeta' }, counting);
    expect(await codeOf(bot.search(hive.start(), { depth: -1 }))).toBe('INVALID_OPTIONS');
    expect(await codeOf(bot.search(hive.start(), { deep: 3 } as never))).toBe('INVALID_OPTIONS');
    expect(await codeOf(bot.search({ nonsense: true } as never))).toMatch(
      /^(INVALID_STATE|INVALID_ARGUMENT)$/,
    );
    expect(spawned).toBe(0);
    // A request the worker cannot take (structured cloning refused it): that search rejects.
    const picky = new BotWorker(hive, { bot: 'random' }, () => {
      const w = spawn();
      return {
        ...w,
        postMessage: (m: unknown) => {
          if ((m as { kind?: unknown }).kind === 'search') throw new Error('could not be cloned');
          w.postMessage(m);
        },
      };
    });
    await expect(picky.search(hive.start())).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('only plain data travels to a worker'),
    });
    expect(picky.busy).toBe(false);
    picky.close();
    const bad = (spec: unknown) => () => new BotWorker(hive, spec as BotSpec, spawn);
    expect(bad({ bot: 'minimax' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    expect(bad({ bot: 'alphabeta', seed: 1 })).toThrow(/takes no 'seed'/);
    expect(bad({ bot: 'mcts', options: { evaluate: () => [0.5, 0.5] } })).toThrow(
      /cannot be sent to a worker/,
    );
    expect(bad({ bot: 'mcts', options: { rollout: 'x' } })).toThrow(/cannot be sent/);
    expect(bad({ bot: 'mcts', options: { exploration: new Map() } })).toThrow(/plain data/);
    expect(() => new BotWorker({} as never, { bot: 'random' }, spawn)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => new BotWorker(hive, { bot: 'random' }, 'worker.js' as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });

  it('a game the worker does not serve', async () => {
    const only = loopback([{ game: coerceo } as ServedGame]);
    expect(await codeOf(new BotWorker(hive, { bot: 'random' }, only).search(hive.start()))).toBe(
      'INVALID_ARGUMENT',
    );
  });
});

describe('boardrules/worker: the messages', () => {
  const hiveStart = hive.serialize(hive.start({ type: 'Base' }));

  it('create → ready, search → result, reset → ready; a search before any bot is refused', async () => {
    const port = servedPort(SERVED);
    port.send({ kind: 'search', id: 1, state: hiveStart });
    expect(await port.next()).toEqual({
      kind: 'error',
      id: 1,
      code: 'INVALID_ARGUMENT',
      message: 'bot worker: no bot yet (send a create request first)',
    });
    port.send({ kind: 'create', id: 2, game: 'hive', spec: { bot: 'alphabeta' } });
    expect(await port.next()).toEqual({ kind: 'ready', id: 2 });
    port.send({ kind: 'search', id: 3, state: hiveStart, limits: { depth: 2 } });
    const reply = (await port.next()) as { kind: string; id: number; result: unknown };
    const local = alphaBetaBot(hive, { evaluate: hiveEvaluator }).search(
      hive.start({ type: 'Base' }),
      {
        depth: 2,
      },
    );
    const s = hive.start({ type: 'Base' });
    expect(reply).toEqual({
      kind: 'result',
      id: 3,
      result: {
        move: hive.formatMove(s, local.move),
        value: local.value,
        pv: local.pv.reduce<{ s: HiveState; texts: string[] }>(
          (acc, m) => ({
            s: hive.apply(acc.s, m),
            texts: [...acc.texts, hive.formatMove(acc.s, m)],
          }),
          { s, texts: [] },
        ).texts,
        stats: { ...local.stats, elapsedMs: expect.any(Number) },
        score: local.score,
        pliesToEnd: local.pliesToEnd,
      },
    });
    port.send({ kind: 'reset', id: 4 });
    expect(await port.next()).toEqual({ kind: 'ready', id: 4 });
    // A create that fails answers with the bot's error, and so does every search until the next.
    port.send({ kind: 'create', id: 5, game: 'torres', spec: { bot: 'alphabeta' } });
    expect(await port.next()).toMatchObject({ kind: 'error', id: 5, code: 'HIDDEN_INFORMATION' });
    port.send({ kind: 'search', id: 6, state: hiveStart });
    expect(await port.next()).toMatchObject({ kind: 'error', id: 6, code: 'HIDDEN_INFORMATION' });
    // A refused move keeps its rule apart from its message.
    port.send({ kind: 'create', id: 7, game: 'hive', spec: { bot: 'random', seed: 2 } });
    expect(await port.next()).toEqual({ kind: 'ready', id: 7 });
    port.close();
  });

  it('refuses malformed messages with a code and the id when it has one, and goes on', async () => {
    const port = servedPort(SERVED);
    const refusals: [unknown, number | null, string, RegExp][] = [
      [null, null, 'INVALID_ARGUMENT', /a request must be a plain object/],
      [42, null, 'INVALID_ARGUMENT', /plain object, got 42/],
      ['search', null, 'INVALID_ARGUMENT', /plain object/],
      [[1, 2], null, 'INVALID_ARGUMENT', /plain object/],
      [{}, null, 'INVALID_ARGUMENT', /'id' must be an integer >= 0/],
      [{ kind: 'reset', id: -1 }, null, 'INVALID_ARGUMENT', /'id'/],
      [{ kind: 'reset', id: 1.5 }, null, 'INVALID_ARGUMENT', /'id'/],
      [{ kind: 'bogus', id: 7 }, 7, 'INVALID_ARGUMENT', /'kind' must be create, search or reset/],
      [{ id: 8 }, 8, 'INVALID_ARGUMENT', /'kind'/],
      [{ kind: 'reset', id: 9, extra: 1 }, 9, 'INVALID_ARGUMENT', /has no 'extra'/],
      [{ kind: 'search', id: 10 }, 10, 'INVALID_ARGUMENT', /'state' must be a saved state/],
      [{ kind: 'search', id: 11, state: 7 }, 11, 'INVALID_ARGUMENT', /'state'/],
      [
        { kind: 'search', id: 12, state: hiveStart, limits: { depth: 'deep' } },
        12,
        'INVALID_OPTIONS',
        /'depth'/,
      ],
      [
        { kind: 'search', id: 13, state: hiveStart, limits: { deep: 3 } },
        13,
        'INVALID_OPTIONS',
        /unknown option 'deep'/,
      ],
      [
        { kind: 'create', id: 14, game: 7, spec: { bot: 'random' } },
        14,
        'INVALID_ARGUMENT',
        /'game'/,
      ],
      [
        { kind: 'create', id: 15, game: 'chess', spec: { bot: 'random' } },
        15,
        'INVALID_ARGUMENT',
        /no game 'chess' here \(it serves hive, coerceo, torres\)/,
      ],
      [
        { kind: 'create', id: 16, game: 'hive', spec: { bot: 'deep blue' } },
        16,
        'INVALID_OPTIONS',
        /'bot' must be one of random, mcts, alphabeta/,
      ],
      [{ kind: 'create', id: 17, game: 'hive', spec: null }, 17, 'INVALID_OPTIONS', /plain object/],
      [
        { kind: 'create', id: 18, game: 'hive', spec: { bot: 'mcts', options: { seed: 3 } } },
        18,
        'INVALID_OPTIONS',
        /the seed is the spec's own field/,
      ],
      [
        {
          kind: 'create',
          id: 19,
          game: 'hive',
          spec: { bot: 'mcts', options: { maxTreeNodes: -5 } },
        },
        19,
        'INVALID_OPTIONS',
        /maxTreeNodes/,
      ],
    ];
    for (const [message, id, code, text] of refusals) {
      port.send(message);
      const reply = (await port.next()) as Record<string, unknown>;
      expect(reply, JSON.stringify(message)).toMatchObject({ kind: 'error', id, code });
      expect(reply.message).toMatch(text);
      expect(reply.rule).toBeUndefined();
    }
    // Text that is not a position: the game's own refusal.
    port.send({ kind: 'create', id: 20, game: 'hive', spec: { bot: 'random' } });
    expect(await port.next()).toEqual({ kind: 'ready', id: 20 });
    port.send({ kind: 'search', id: 21, state: 'Base;NotAState' });
    expect(await port.next()).toMatchObject({
      kind: 'error',
      id: 21,
      code: expect.stringMatching(/^(PARSE_ERROR|INVALID_STATE)$/),
    });
    // After all that, the worker still answers.
    port.send({ kind: 'search', id: 22, state: hiveStart });
    expect(await port.next()).toMatchObject({ kind: 'result', id: 22 });
    port.close();
  });

  it('answers any message with exactly one reply, never a crash (fast-check)', async () => {
    const port = servedPort(SERVED);
    const kinds = fc.constantFrom('create', 'search', 'reset', 'ready', 'result', 'x');
    const message = fc.oneof(
      fc.anything(),
      fc.record(
        {
          kind: kinds,
          id: fc.oneof(fc.nat(), fc.anything()),
          game: fc.anything(),
          state: fc.anything(),
          spec: fc.anything(),
          limits: fc.anything(),
        },
        { requiredKeys: [] },
      ),
    );
    const samples = fc.sample(message, { numRuns: 300 });
    for (const m of samples) {
      port.send(m);
      const reply = (await port.next()) as Record<string, unknown>;
      expect(['ready', 'error', 'result']).toContain(reply.kind);
      if (reply.kind === 'error') {
        expect(typeof reply.code).toBe('string');
        expect(reply.code).not.toBe('WORKER_FAILED');
        expect(String(reply.message).length).toBeLessThan(1000);
      }
    }
    port.send({ kind: 'create', id: 1, game: 'coerceo', spec: { bot: 'random' } });
    expect(await port.next()).toEqual({ kind: 'ready', id: 1 });
    port.send({ kind: 'search', id: 2, state: coerceo.serialize(coerceo.start()) });
    expect(await port.next()).toMatchObject({ kind: 'result', id: 2 });
    port.close();
  });
});
