// Strength ladders for the games no outside engine plays (Coerceo, Torres): each bot on the
// ladder plays the rung below it (the previous best) and the greedy baseline, colours alternating,
// and the row gives its wins–draws–losses, score and the Elo difference with its 95 % error bar.
// Every limit is fixed (iterations or depth), so the same games are played on every machine.
//
//   random   a uniformly random legal move
//   greedy   one ply: the move whose position the game's evaluator likes best (Coerceo: alpha-beta
//            depth 1; Torres: the evaluator on the true state, so it sees the hidden cards)
//   mcts     Monte Carlo tree search, rollouts cut and scored by the evaluator, as `play --seats`;
//            "guided": moves expanded best first by the evaluator, no rollouts (`guided: true`)
//   alphabeta  alpha-beta to a fixed depth with the evaluator (perfect-information games only)
//
// A rung that scores over 50 % against the best so far becomes the best; the next rung plays it.
//
// Runs against the built dist/ (`npm run build` first). Prints markdown rows like the other
// benches. Usage: node bench/ladder.bench.mjs [--quick | --deep]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const deep = process.argv.includes('--deep');
const dist = (path) => import(pathToFileURL(join(root, 'dist', path)).href);

const { alphaBetaBot, eloEstimate, formatElo, mctsBot, normalizedScore, randomBot } =
  await dist('index.js');
const { coerceo, coerceoEvaluator } = await dist('coerceo/index.js');
const { torres, torresEvaluator, evaluateTorres } = await dist('torres/index.js');
const determinize = torres.determinize;

/** Games per pairing: default about three minutes in all on a 2-core EPYC, --deep five times that. */
const size = (normal) => (quick ? Math.max(2, Math.round(normal / 5)) : deep ? normal * 5 : normal);

/** One ply of lookahead with the evaluator on the true state (ties: the first such move). */
function greedyOnState(game, evaluate) {
  return {
    name: 'greedy',
    search(state) {
      const seat = game.toMove(state);
      let best;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (const move of game.moves(state)) {
        const next = game.apply(state, move);
        const v = game.terminal(next) ? normalizedScore(game, next)[seat] : evaluate(next)[seat];
        if (v > bestValue) {
          bestValue = v;
          best = move;
        }
      }
      return { move: best };
    },
  };
}

/** A rung: its name and a bot for a game (seeded by the game number). */
const rung = (name, make, limits = undefined) => ({ name, make, limits });

/** Plays one two-seat game; returns the result for seat 0 (1, ½ or 0; a capped game is ½). */
function playOne(game, bots, limits, start, maxPlies) {
  let state = start;
  for (let plies = 0; !game.terminal(state) && plies < maxPlies; plies++) {
    const seat = game.toMove(state);
    state = game.apply(state, bots[seat].search(state, limits[seat]).move);
  }
  return game.terminal(state) ? normalizedScore(game, state)[0] : 0.5;
}

/** `a` against `b` over `games` games, colours alternating; prints the row and returns a's tally. */
function pairing(label, game, a, b, { games, start, maxPlies }) {
  const tally = { wins: 0, draws: 0, losses: 0 };
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const aSeat = g % 2;
    const bots = [];
    const limits = [];
    bots[aSeat] = a.make(g + 1);
    limits[aSeat] = a.limits;
    bots[1 - aSeat] = b.make(1000 + g);
    limits[1 - aSeat] = b.limits;
    const r0 = playOne(game, bots, limits, start(g), maxPlies);
    const r = aSeat === 0 ? r0 : 1 - r0;
    if (r === 1) tally.wins++;
    else if (r === 0) tally.losses++;
    else tally.draws++;
  }
  const ms = performance.now() - t0;
  const e = eloEstimate(tally);
  const rate = (games / ms) * 1000;
  console.log(
    `| strength ladder, ${label}: ${a.name} vs ${b.name}: **${tally.wins}–${tally.draws}–${tally.losses}, ` +
      `${(e.score * 100).toFixed(0)} %, Elo ${formatElo(e)}** | games | ${games} | ${ms.toFixed(0)} | ` +
      `${rate >= 100 ? Math.round(rate) : rate.toFixed(2)} | ≤ ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB | |`,
  );
  return tally;
}

/**
 * Climbs a ladder: each rung from the second plays the best rung so far (it becomes the best when
 * it scores over 50 % against it) and, when that is another, the greedy rung.
 */
function ladder(label, game, rungs, setup) {
  let best = 0;
  for (let i = 1; i < rungs.length; i++) {
    const t = pairing(label, game, rungs[i], rungs[best], setup);
    if (best !== 1 && i !== 1) pairing(label, game, rungs[i], rungs[1], setup);
    if (eloEstimate(t).score > 0.5) best = i;
  }
  console.log(`| strength ladder, ${label}: **best bot: ${rungs[best].name}** | | | | | | |`);
}

console.error(`ladder bench: ${quick ? 'quick' : deep ? 'deep' : 'default'} run, bots from dist/`);

const coerceoMcts = (iterations) =>
  rung(
    `mcts ${iterations} it/move`,
    (seed) => mctsBot(coerceo, { seed, evaluate: coerceoEvaluator, rolloutDepth: 4 }),
    { iterations },
  );
ladder(
  'coerceo Laurentius',
  coerceo,
  [
    rung('random', (seed) => randomBot(coerceo, seed)),
    rung('greedy', () => alphaBetaBot(coerceo, { evaluate: coerceoEvaluator }), { depth: 1 }),
    coerceoMcts(300),
    rung('alphabeta depth 3', () => alphaBetaBot(coerceo, { evaluate: coerceoEvaluator }), {
      depth: 3,
    }),
    rung(
      'mcts 300 it/move, guided, no rollouts',
      (seed) =>
        mctsBot(coerceo, { seed, evaluate: coerceoEvaluator, rolloutDepth: 0, guided: true }),
      { iterations: 300 },
    ),
  ],
  { games: size(40), start: () => coerceo.start(), maxPlies: 600 },
);

const torresMcts = (iterations) =>
  rung(
    `mcts ${iterations} it/move`,
    (seed) => mctsBot(torres, { seed, evaluate: torresEvaluator, rolloutDepth: 10, determinize }),
    { iterations },
  );
ladder(
  'torres 2p',
  torres,
  [
    rung('random', (seed) => randomBot(torres, seed)),
    rung('greedy', () => greedyOnState(torres, evaluateTorres)),
    torresMcts(100),
    torresMcts(400),
    rung(
      'mcts 100 it/move, guided, no rollouts',
      (seed) =>
        mctsBot(torres, {
          seed,
          evaluate: torresEvaluator,
          rolloutDepth: 0,
          guided: true,
          determinize,
        }),
      { iterations: 100 },
    ),
  ],
  { games: size(24), start: (g) => torres.start({ players: 2, seed: g + 1 }), maxPlies: 2000 },
);
