// Writes the position pictures the guides embed (docs/pictures/*.svg) from code, so they always
// show what the library does. The pictures are committed, so the guides show them wherever they
// are read; test/docs/pictures.test.ts runs this script into a scratch directory and fails when
// the committed files differ, so after a change to a renderer run `npm run docs` (or this
// script) and commit docs/pictures/. Usage: `node scripts/docs-pictures.mjs [outDir]` (default
// docs/pictures). The library is bundled from src/ with esbuild (no prior build needed); the
// positions are played out below through the public API only.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const out = resolve(process.argv[2] ?? join(root, 'docs/pictures'));
const scratch = mkdtempSync(join(tmpdir(), 'boardrules-pictures-'));
const bundle = join(scratch, 'lib.mjs');
await build({
  stdin: {
    contents: `
      export { hive, piecesOnBoard } from './src/hive/index.ts';
      export { render as renderHive } from './src/hive/svg.ts';
      export { coerceo, tilesHeld, turnEffects } from './src/coerceo/index.ts';
      export { render as renderCoerceo } from './src/coerceo/svg.ts';
      export { torres, knightTargets, projectedScores } from './src/torres/index.ts';
      export { render as renderTorres } from './src/torres/svg.ts';
      export { readRecords } from './src/core/record-formats.ts';
      export { games as cliGames } from './src/cli/registry.ts';
      export { analyseRecord } from './src/cli/analyze/command.ts';
      export { evaluationGraph } from './src/cli/analyze/graph.ts';
    `,
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  outfile: bundle,
  logLevel: 'warning',
});
const lib = await import(pathToFileURL(bundle).href);
rmSync(scratch, { recursive: true, force: true });
const {
  hive,
  piecesOnBoard,
  renderHive,
  coerceo,
  tilesHeld,
  turnEffects,
  renderCoerceo,
  torres,
  knightTargets,
  projectedScores,
  renderTorres,
  readRecords,
  cliGames,
  analyseRecord,
  evaluationGraph,
} = lib;

const pictures = {};

// Hive: a short opening with a beetle on top of the white Queen, then the Soldier Ant's
// destinations highlighted.
{
  let s = hive.start();
  for (const t of ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-', 'wB1 wQ\\', 'bA1 bQ/', 'wB1 wQ']) {
    s = hive.apply(s, hive.parseMove(s, t));
  }
  pictures['hive-opening.svg'] = renderHive(s, { coordinates: true });
  const ant = hive.moves(s).filter((m) => m.kind === 'move' && m.piece === 'bA1');
  pictures['hive-destinations.svg'] = renderHive(s, { highlight: ant, selected: 'bA1' });
}

// Coerceo: the Laurentius start with field names, and a position after the first tiles have
// been removed and collected (a fixed line of play).
{
  const s0 = coerceo.start();
  pictures['coerceo-start.svg'] = renderCoerceo(s0, { coordinates: true });
  let s = s0;
  let last;
  for (let i = 0; i < 600 && !coerceo.terminal(s); i++) {
    const moves = coerceo.moves(s);
    last = moves[(i * 7919) % moves.length];
    s = coerceo.apply(s, last);
    const held = tilesHeld(s);
    if (held.white + held.black >= 3) break;
  }
  const targets = coerceo
    .moves(s)
    .filter((m) => m.kind === 'step')
    .slice(0, 1)
    .flatMap((m) =>
      coerceo.moves(s).flatMap((n) => (n.kind === 'step' && n.from === m.from ? [n.to] : [])),
    );
  const from = coerceo.moves(s).find((m) => m.kind === 'step')?.from;
  pictures['coerceo-midgame.svg'] = renderCoerceo(s, {
    lastMove: last,
    highlight: targets,
    selected: from,
  });
}

// Torres: three players after the setup, and later in the game with a knight's reach shown.
{
  let s = torres.start({ players: 3, seed: 7 });
  let i = 0;
  while (s.step.startsWith('setup') || s.step === 'chooseStack') {
    const moves = torres.moves(s);
    s = torres.apply(s, moves[(i++ * 7919) % moves.length]);
  }
  pictures['torres-setup.svg'] = renderTorres(s);
  for (let k = 0; k < 80 && !torres.terminal(s); k++) {
    const moves = torres.moves(s);
    s = torres.apply(s, moves[(k * 7919) % moves.length]);
  }
  const knight = s.pieces.findIndex((p) => typeof p === 'number');
  const square = `${'abcdefgh'[knight & 7]}${(knight >> 3) + 1}`;
  pictures['torres-midgame.svg'] = renderTorres(s, {
    selected: square,
    highlight: knightTargets(s, square).map((t) => t.to),
  });
}

// ---- The rulebook's pictures (docs/rules/*.md): positions found by playing fixed lines of
// play (move i of a position is moves[(i * 7919) % n]) until the rule shows, with the legal
// destinations highlighted.

/** Plays `texts`, then fixed-line moves until `found(state)` returns something, or throws. */
function findHive(options, texts, found, limit = 4000) {
  for (let line = 0; line < 40; line++) {
    let s = hive.start(options);
    for (const t of texts) s = hive.apply(s, hive.parseMove(s, t));
    for (let i = 0; i < limit && !hive.terminal(s); i++) {
      const hit = found(s);
      if (hit) return { state: s, ...hit };
      const moves = hive.moves(s);
      s = hive.apply(s, moves[(i * 7919 + line * 104729) % moves.length]);
    }
  }
  throw new Error(`docs-pictures: no position found for ${JSON.stringify(options)}`);
}

/** The hexes of a piece's legal moves, or null when it has none. */
function destinations(s, piece, kind = 'move') {
  const to = hive
    .moves(s)
    .filter((m) => m.kind === kind && m.piece === piece)
    .map((m) => ({ q: m.q, r: m.r }));
  return to.length > 0 ? to : null;
}

const NEIGHBOURS = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];
/** The occupied sides of a hex, as a 6-bit mask in H-COORD-2 order. */
function sides(s, q, r) {
  const occupied = new Set(piecesOnBoard(s).map((p) => `${p.q},${p.r}`));
  return NEIGHBOURS.reduce(
    (m, [dq, dr], i) => (occupied.has(`${q + dq},${r + dr}`) ? m | (1 << i) : m),
    0,
  );
}

// H-MOVE-4 (and the Chinese write-up's claim, see "Where the sources disagree"): a piece with
// three neighbours on alternating sides cannot slide out, because every empty side is a gate.
{
  const { state, piece } = findHive({ type: 'Base' }, [], (s) => {
    const me = hive.toMove(s) === 0 ? 'w' : 'b';
    const mover = hive.moves(s).some((m) => m.kind === 'move' && m.piece === `${me}Q`);
    if (!mover) return null;
    for (const p of piecesOnBoard(s)) {
      if (!p.piece.startsWith(me) || p.level > 0 || !/[QA]/.test(p.piece[1])) continue;
      const m = sides(s, p.q, p.r);
      if ((m === 0b010101 || m === 0b101010) && !destinations(s, p.piece))
        return { piece: p.piece };
    }
    return null;
  });
  pictures['rules-hive-gates.svg'] = renderHive(state, { selected: piece, coordinates: false });
}

// H-MOVE-4: a Queen with a gate beside it: the gated hex is not among its destinations.
{
  const { state, piece, to } = findHive({ type: 'Base' }, [], (s) => {
    const me = hive.toMove(s) === 0 ? 'w' : 'b';
    const q = piecesOnBoard(s).find((p) => p.piece === `${me}Q` && p.level === 0);
    const to = q && destinations(s, q.piece);
    if (!to || to.length > 2) return null;
    // A gate: an empty neighbour of the Queen flanked by two occupied hexes.
    const m = sides(s, q.q, q.r);
    for (let i = 0; i < 6; i++) {
      if (m & (1 << i)) continue;
      if (m & (1 << ((i + 1) % 6)) && m & (1 << ((i + 5) % 6))) return { piece: q.piece, to };
    }
    return null;
  });
  pictures['rules-hive-queen-gate.svg'] = renderHive(state, { selected: piece, highlight: to });
}

// H-PILLBUG-2: the places a Pillbug can throw a neighbouring piece to.
{
  const { state, piece, to } = findHive({ type: 'Base+P' }, [], (s) => {
    const me = hive.toMove(s) === 0 ? 'w' : 'b';
    const thrown = hive.moves(s).find((m) => m.kind === 'move' && !m.piece.startsWith(me));
    return thrown ? { piece: thrown.piece, to: destinations(s, thrown.piece) } : null;
  });
  pictures['rules-hive-pillbug-throw.svg'] = renderHive(state, { selected: piece, highlight: to });
}

// H-LADY-1: the Ladybug's two steps over the hive and one down.
{
  const { state, to } = findHive({ type: 'Base+L' }, [], (s) => {
    const me = hive.toMove(s) === 0 ? 'w' : 'b';
    const to = destinations(s, `${me}L`);
    return to && to.length >= 4 && piecesOnBoard(s).length >= 8 ? { to } : null;
  });
  const me = hive.toMove(state) === 0 ? 'w' : 'b';
  pictures['rules-hive-ladybug.svg'] = renderHive(state, { selected: `${me}L`, highlight: to });
}

// The fan bugs (H-FAN-*): each bug's destinations in a game of all seven.
{
  const FAN = 'Base+MLP:wTFKWRDC:bTFKWRDC';
  const bugs = [
    ['T1', 'mantis', 'grab'],
    ['F1', 'fly', 'move'],
    ['K1', 'scorpion', 'move'],
    ['W1', 'wasp', 'move'],
    ['R', 'cockroach', 'move'],
    ['D', 'dragonfly', 'move'],
    ['C', 'centipede', 'swap'],
  ];
  for (const [name, file, kind] of bugs) {
    const { state, piece, to } = findHive({ type: FAN }, [], (s) => {
      const me = hive.toMove(s) === 0 ? 'w' : 'b';
      const piece = `${me}${name}`;
      if (kind === 'move') {
        const to = destinations(s, piece);
        return to && to.length >= 2 && piecesOnBoard(s).length >= 7 ? { piece, to } : null;
      }
      // A grab or swap: the acting piece's hex is the move's; the highlight is the target's.
      const ops = hive.moves(s).filter((m) => m.kind === kind && m.piece === piece);
      if (ops.length === 0) return null;
      const at = new Map(piecesOnBoard(s).map((p) => [p.piece, { q: p.q, r: p.r }]));
      return { piece, to: ops.map((m) => at.get(m.target)) };
    });
    pictures[`rules-hive-fan-${file}.svg`] = renderHive(state, { selected: piece, highlight: to });
  }
}

/** Plays fixed-line Coerceo moves until `found(state, move)` accepts the move about to be played. */
function findCoerceo(found) {
  let s = coerceo.start();
  for (let i = 0; i < 2000 && !coerceo.terminal(s); i++) {
    const moves = coerceo.moves(s);
    for (const m of moves) if (m.kind === 'step' && found(s, m)) return { state: s, move: m };
    s = coerceo.apply(s, moves[(i * 7919) % moves.length]);
  }
  throw new Error('docs-pictures: no Coerceo position found');
}

// C-CAPTURE-1 and C-TILE-2/3: a step that captures, and one that empties and removes a tile,
// each before (the piece's destinations highlighted) and after.
for (const [file, wanted] of [
  ['capture', (e) => e.captured.length > 0],
  ['tile-removal', (e) => e.removedTiles.length > 0 && e.captured.length === 0],
]) {
  const { state, move } = findCoerceo((s, m) => wanted(turnEffects(s, m)));
  const to = coerceo
    .moves(state)
    .filter((m) => m.kind === 'step' && m.from === move.from)
    .map((m) => m.to);
  pictures[`rules-coerceo-${file}-before.svg`] = renderCoerceo(state, {
    selected: move.from,
    highlight: to,
  });
  pictures[`rules-coerceo-${file}-after.svg`] = renderCoerceo(coerceo.apply(state, move), {
    lastMove: move,
  });
}

// T-DOOR-1 and T-SCORE-1: a knight that reaches squares through a castle door (step and door
// destinations highlighted), and the board at the end of the first phase, before its scoring.
{
  let s = torres.start({ players: 2, seed: 11 });
  let door = null;
  for (let k = 0; k < 3000 && !torres.terminal(s) && !door; k++) {
    for (let q = 0; q < 64 && !door; q++) {
      if (typeof s.pieces[q] !== 'number') continue;
      const square = `${'abcdefgh'[q & 7]}${(q >> 3) + 1}`;
      const targets = knightTargets(s, square);
      if (targets.filter((t) => t.via === 'door').length >= 2) door = { state: s, square, targets };
    }
    const moves = torres.moves(s);
    s = torres.apply(s, moves[(k * 7919) % moves.length]);
  }
  if (!door) throw new Error('docs-pictures: no Torres door found');
  pictures['rules-torres-doors.svg'] = renderTorres(door.state, {
    selected: door.square,
    highlight: door.targets.map((t) => t.to),
  });
  // The position of the first phase with the most castle points on the board (T-SCORE-1).
  let t = torres.start({ players: 2, seed: 11 });
  let best = { state: t, points: -1 };
  for (let k = 0; k < 3000 && !torres.terminal(t); k++) {
    const moves = torres.moves(t);
    const next = torres.apply(t, moves[(k * 7919) % moves.length]);
    if (next.phase > t.phase) break;
    t = next;
    if (t.step === 'actions') {
      const points = projectedScores(t).reduce((a, b) => a + b, 0);
      if (points > best.points) best = { state: t, points };
    }
  }
  t = best.state;
  pictures['rules-torres-scoring.svg'] = renderTorres(t);
}

// `boardrules analyze` of a real game (nevir v Bechster, boardspace.net 2016, from Mzinga's
// tests: test/fixtures/records/analyze/SOURCES.md) at Hive's default depth: the graph the command
// writes into --out, the one the records guide shows.
{
  const name = 'U!HV-nevir-Bechster-2016-03-29-1905.pgn';
  const text = readFileSync(join(root, 'test/fixtures/records/analyze', name), 'utf8');
  const plugin = cliGames.get('hive');
  const [record] = readRecords(plugin.game, text).records;
  const limits = { depth: plugin.analysis.depth };
  const analysis = analyseRecord('hive', plugin, record, limits, {
    index: 0,
    file: name,
    record: 1,
  });
  pictures['analysis-hive.svg'] = evaluationGraph(analysis);
}

mkdirSync(out, { recursive: true });
for (const [name, svg] of Object.entries(pictures)) writeFileSync(join(out, name), svg);
console.log(`${out}: ${Object.keys(pictures).join(', ')}`);
