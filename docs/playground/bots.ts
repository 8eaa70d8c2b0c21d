// The playground's bots, one mechanism for both pages: every computer seat of the playground and
// the analysis board's engine is a `BotWorker` (boardrules/worker) over one worker script
// (bots-worker.ts), so no search ever runs on the page's thread. The worker serves the three
// games with the kits of `boardrules play --seats` (each game's evaluator and, for Torres, its
// determinizer); a bot's spec carries the rest of its kit (MCTS's rollout cut-off and guided
// expansion), so the page's bots are the CLI's bots (`createBot`). No DOM: Node tests run it over
// worker threads or a message channel.
import type { BotKit, BotName } from '../../src/cli/bots.js';
import { plugin as coerceoPlugin } from '../../src/cli/games/coerceo.js';
import { plugin as hivePlugin } from '../../src/cli/games/hive.js';
import { plugin as torresPlugin } from '../../src/cli/games/torres.js';
import type { GamePlugin } from '../../src/cli/plugin.js';
import type { BotSpec, ServedGame, WorkerLike } from '../../src/worker/index.js';

/** Starts a worker running bots-worker.ts (the page's is in spawn.ts). */
export type Spawn = () => WorkerLike;

/** What the worker serves: each game with its kit's evaluator and determinizer. */
export const SERVED: readonly ServedGame[] = [hivePlugin, coerceoPlugin, torresPlugin].map((p) => {
  const { game, bots } = p as unknown as GamePlugin;
  return {
    game,
    ...(bots?.evaluate ? { evaluate: bots.evaluate } : {}),
    ...(bots?.determinize ? { determinize: bots.determinize } : {}),
  } as ServedGame;
});

/**
 * The spec of bot `kind` with the game's `kit` and `seed`: the bot `createBot(kind, game, kit,
 * { seed })` makes. MCTS gets the evaluator only with a rollout cut-off or guided expansion, as
 * there.
 */
export function botSpec(
  kind: BotName,
  kit: BotKit<unknown, unknown> | undefined,
  seed: number,
): BotSpec {
  if (kind === 'random') return { bot: 'random', seed };
  if (kind === 'alphabeta') return { bot: 'alphabeta' };
  const cut = kit?.evaluate !== undefined && kit.rolloutDepth !== undefined;
  const guided = kit?.evaluate !== undefined && kit.guided === true;
  return {
    bot: 'mcts',
    seed,
    evaluate: cut || guided,
    options: {
      ...(cut ? { rolloutDepth: kit?.rolloutDepth } : {}),
      ...(guided ? { guided: true } : {}),
    },
  };
}
