// The error contract of `boardrules/worker`: every export, junk in every argument position,
// nothing but RulesError comes out (see test/support/error-contract.ts). The client's methods
// answer with promises: a rejection must be a RulesError too, checked once they have settled.
import { afterAll, describe, expect, it } from 'vitest';
import { coerceo, coerceoEvaluator } from '../../src/coerceo/index.js';
import { isRulesError } from '../../src/core/errors.js';
import { hive } from '../../src/hive/index.js';
import * as workerEntry from '../../src/worker/index.js';
import { BotWorker, type ServedGame } from '../../src/worker/index.js';
import { loopback } from '../support/bot-worker.js';
import { type CallSpec, CODES, inputCounts, runErrorContract } from '../support/error-contract.js';

const SERVED: readonly ServedGame[] = [
  { game: hive } as ServedGame,
  { game: coerceo, evaluate: coerceoEvaluator } as ServedGame,
];
const spawn = loopback(SERVED);
const calls =
  (...lists: unknown[][]) =>
  () =>
    lists;

/** Every promise a method returned, to check what it settled to. */
const settled: Promise<unknown>[] = [];
const outcomes: string[] = [];
/** A promise's rejection must be a RulesError with a known code and a short message. */
function promised(result: unknown): void {
  if (!(result instanceof Promise)) return;
  settled.push(
    result.then(
      () => undefined,
      (e: unknown) => {
        if (!isRulesError(e) || !CODES.has(e.code) || e.message.length > 1000) {
          outcomes.push(`rejected with ${String(e)}`);
        }
      },
    ),
  );
}

/** A scope that hears nothing (serveBots only registers its listener). */
const quietScope = { postMessage() {}, addEventListener() {} };

const method = (valid: unknown[][]): CallSpec => ({ valid: () => valid, check: promised });

const SPECS = {
  serveBots: {
    kind: 'function' as const,
    valid: calls([quietScope, SERVED], [{ postMessage() {}, on() {} }, [{ game: coerceo }]]),
  },
  BotWorker: {
    kind: 'class' as const,
    construct: {
      valid: calls(
        [hive, { bot: 'random', seed: 3 }, spawn],
        [coerceo, { bot: 'mcts', seed: 1, evaluate: false, options: { rolloutDepth: 4 } }, spawn],
        [
          coerceo,
          { bot: 'alphabeta', options: { maxDepth: 8, defaultLimits: { depth: 1 } } },
          spawn,
        ],
      ),
    },
    // Two plies at most, whatever the limits (the searches run in this thread, behind a
    // loopback: junk limits such as `{}` would otherwise search without end).
    make: () =>
      new BotWorker(coerceo, { bot: 'alphabeta', options: { ttSize: 1024, maxDepth: 2 } }, spawn),
    methods: {
      busy: 'getter' as const,
      search: method([
        [coerceo.start(), { depth: 1 }],
        [coerceo.start(), { depth: 1, nodes: 50 }],
      ]),
      reset: method([[]]),
      cancel: method([[]]),
      close: method([[]]),
      request: 'private' as const,
      started: 'private' as const,
      listen: 'private' as const,
      settle: 'private' as const,
      stop: 'private' as const,
      resultOf: 'private' as const,
      spawn: 'private' as const,
    },
  },
};

describe('boardrules/worker: the error contract of every export', () => {
  runErrorContract('boardrules/worker', workerEntry, SPECS);

  it('every promise a method returned settled, rejecting only with a RulesError', async () => {
    await Promise.all(settled);
    expect(settled.length).toBeGreaterThan(50);
    expect(outcomes).toEqual([]);
  });
});

afterAll(() => {
  console.log(
    `error-contract inputs: boardrules/worker ${inputCounts.get('boardrules/worker') ?? 0}`,
  );
});
