/**
 * Why a Hive move is refused: the rule that forbids it, in the rulebook's IDs
 * (`docs/rules/hive.md`), with the reason in words. `apply`, `play`, the GameString readers and
 * the UHP engine refuse with it; {@link explain} answers it without throwing.
 *
 * The generator decides what is legal; this module only names why something is not. It asks
 * the structural questions first (whose turn, whose piece, covered, frozen, the Queen, One
 * Hive), then names the moving bug's own rule.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { type Explanation, illegal, LEGAL, type Refusal, refusal } from '../core/explain.js';
import { isCutCell, markCutCells } from './engine/articulation.js';
import { NB } from './engine/board.js';
import { encodeMove, moveCell, moveOp, movePiece, OP_GRAB, OP_MOVE, PASS } from './engine/codes.js';
import { findLegal } from './engine/moves.js';
import {
  ANT,
  BEETLE,
  CENTIPEDE,
  DRAGONFLY,
  FLY,
  GRASSHOPPER,
  KIND_FIRST_SLOT,
  LADYBUG,
  MANTIS,
  MOSQUITO,
  PILLBUG,
  pieceName,
  QUEEN,
  ROACH,
  SCORPION,
  SLOT_KIND,
  SLOT_NUMBER,
  SLOTS,
  SPIDER,
  WASP,
} from './engine/pieces.js';
import type { Position } from './engine/position.js';
import { isOver } from './engine/rules.js';
import type { HiveMove } from './types.js';

/** Every rule a Hive move can be refused by ({@link refusalOf} names no other). */
export const REFUSAL_RULES: readonly string[] = [
  'H-END-7',
  'H-SETUP-2',
  'H-TURN-1',
  'H-TURN-3',
  'H-PLACE-1',
  'H-PLACE-2',
  'H-PLACE-3',
  'H-PLACE-4',
  'H-PLACE-5',
  'H-PLACE-6',
  'H-PLACE-7',
  'H-MOVE-1',
  'H-MOVE-2',
  'H-MOVE-3',
  'H-MOVE-4',
  'H-MOVE-5',
  'H-MOVE-6',
  'H-FREEZE-2',
  'H-QUEEN-1',
  'H-BEETLE-1',
  'H-GRASS-1',
  'H-SPIDER-1',
  'H-ANT-1',
  'H-MOSQ-1',
  'H-MOSQ-2',
  'H-LADY-1',
  'H-PILLBUG-1',
  'H-PILLBUG-2',
  'H-PILLBUG-3',
  'H-FAN-MANTIS-1',
  'H-FAN-MANTIS-2',
  'H-FAN-MANTIS-3',
  'H-FAN-FLY-1',
  'H-FAN-SCORPION-1',
  'H-FAN-SCORPION-2',
  'H-FAN-WASP-1',
  'H-FAN-ROACH-1',
  'H-FAN-DRAGONFLY-1',
  'H-FAN-CENTIPEDE-1',
  'H-FAN-CENTIPEDE-2',
];

/** Each bug's own movement rule, and what it allows in words, by kind. */
const BUG_RULES: readonly (readonly [string, string])[] = (() => {
  const t: [string, string][] = [];
  t[QUEEN] = ['H-QUEEN-1', 'a Queen slides exactly one hex'];
  t[SPIDER] = ['H-SPIDER-1', 'a Spider slides exactly three hexes around the hive, never back'];
  t[BEETLE] = ['H-BEETLE-1', 'a Beetle moves one hex, onto the hive or down from it'];
  t[GRASSHOPPER] = ['H-GRASS-1', 'a Grasshopper jumps in a straight line over at least one piece'];
  t[ANT] = ['H-ANT-1', 'a Soldier Ant slides any number of hexes around the hive'];
  t[MOSQUITO] = ['H-MOSQ-1', 'a Mosquito moves as a bug it touches'];
  t[LADYBUG] = ['H-LADY-1', 'a Ladybug moves two hexes over the hive and one down'];
  t[PILLBUG] = ['H-PILLBUG-1', 'a Pillbug slides exactly one hex'];
  t[MANTIS] = ['H-FAN-MANTIS-1', 'a Mantis on the ground does not move'];
  t[FLY] = ['H-FAN-FLY-1', 'a Fly flies to an empty hex that touches the hive'];
  t[SCORPION] = ['H-FAN-SCORPION-1', 'a Scorpion moves as a Spider'];
  t[WASP] = ['H-FAN-WASP-1', 'a Wasp flies only next to pieces of the opponent'];
  t[ROACH] = ['H-FAN-ROACH-1', 'a Cockroach moves over its own colour and one down'];
  t[DRAGONFLY] = ['H-FAN-DRAGONFLY-1', 'a Dragonfly hops to one of its six off-axis hexes'];
  t[CENTIPEDE] = ['H-FAN-CENTIPEDE-1', 'a Centipede slides exactly one hex'];
  return t;
})();

function colourOf(piece: number): number {
  return piece >= SLOTS ? 1 : 0;
}

function touches(pos: Position, c: number, pred: (top: number) => boolean): boolean {
  for (let d = 0; d < 6; d++) {
    const t = pos.top[NB[c * 6 + d]];
    if (t >= 0 && pred(t)) return true;
  }
  return false;
}

/**
 * The refusal of integer move `m` in `pos`, which is not legal there (the caller has asked the
 * generator). Every rule it names is in {@link REFUSAL_RULES}.
 */
export function refusalOf(pos: Position, m: number): Refusal {
  if (isOver(pos)) return refusal('the game is over: no move is legal', 'H-END-7');
  if (m === PASS) {
    return refusal('a player may pass only when no other move is possible', 'H-TURN-3');
  }
  const op = moveOp(m);
  const me = pos.ply & 1;
  if (op === OP_MOVE && pos.cell[movePiece(m)] < 0) return placement(pos, m, me);
  if (op === OP_MOVE && colourOf(movePiece(m)) !== me) return throwOf(pos, m, me);
  return movement(pos, m, me, op);
}

/** H-PLACE: why a placement is refused. */
function placement(pos: Position, m: number, me: number): Refusal {
  const p = movePiece(m);
  const c = moveCell(m);
  const name = pieceName(p);
  // H-SETUP-2: the game type (and fan roster) decides which pieces there are.
  if (!pos.inGame[p]) return refusal(`${name} is not a piece of this game`, 'H-SETUP-2');
  if (colourOf(p) !== me) {
    return refusal(`${name} belongs to the other player`, 'H-TURN-1');
  }
  const found: [string, string][] = [];
  const slot = p % SLOTS;
  // H-PLACE-7: of identical bugs, the lowest number first.
  if (SLOT_NUMBER[slot] > 1 && slot > KIND_FIRST_SLOT[SLOT_KIND[slot]] && pos.cell[p - 1] === -1) {
    found.push(['H-PLACE-7', `${name} cannot be placed before ${pieceName(p - 1)}`]);
  }
  if (slot === 0 && pos.rules.tournamentOpening && pos.ply < 2) {
    found.push(['H-PLACE-5', 'the Queen may not be placed on the first turn']);
  }
  if (pos.cell[me * SLOTS] === -1 && pos.ply >= 6 && slot !== 0) {
    found.push(['H-PLACE-6', 'the Queen must be placed by the fourth turn']);
  }
  const where = placementCell(pos, c, me);
  if (where !== null) found.push(where);
  if (found.length === 0) {
    // Unreachable while the generator and these checks agree; named after the placement rule.
    found.push(['H-PLACE-3', `${name} cannot be placed there`]);
  }
  return refusal(found[0][1], found[0][0], ...found.slice(1).map((f) => f[0]));
}

/** H-PLACE-1..4: what is wrong with cell `c` for a placement by `me`, or null. */
function placementCell(pos: Position, c: number, me: number): [string, string] | null {
  if (pos.ply === 0) {
    return c === pos.anchorCell() ? null : ['H-PLACE-1', 'the first piece is placed at the origin'];
  }
  if (pos.height[c] !== 0) return ['H-PLACE-4', 'a piece is placed on an empty hex'];
  if (pos.ply === 1) {
    return touches(pos, c, () => true)
      ? null
      : ['H-PLACE-2', 'the second piece is placed next to the first'];
  }
  if (touches(pos, c, (t) => colourOf(t) !== me)) {
    return ['H-PLACE-3', 'a placed piece may not touch a piece of the opponent'];
  }
  if (!touches(pos, c, (t) => colourOf(t) === me)) {
    return ['H-PLACE-3', 'a placed piece must touch a piece of its own colour'];
  }
  return null;
}

/** A movement, grab, swap or carry by the mover's own piece. */
function movement(pos: Position, m: number, me: number, op: number): Refusal {
  const p = movePiece(m);
  const c = moveCell(m);
  const name = pieceName(p);
  // Grabs and swaps name the target as the piece and the actor's hex as the cell. (A carry is
  // never asked about: a move object names a Dragonfly's move, and the carry comes with it.)
  const actor = op === OP_MOVE ? p : pos.top[c];
  if (actor < 0 || colourOf(actor) !== me) {
    return refusal('only your own pieces move (an opponent piece only when thrown)', 'H-TURN-1');
  }
  const actorName = pieceName(actor);
  const from = pos.cell[actor];
  const found: [string, string][] = [];
  if (pos.cell[me * SLOTS] === -1) {
    found.push(['H-MOVE-1', 'no piece may move before its Queen is placed']);
  }
  if (pos.top[from] !== actor) found.push(['H-MOVE-2', `${actorName} is covered`]);
  if (pos.isFrozen(actor)) {
    found.push(['H-FREEZE-2', `${actorName} moved on the last ply and cannot act now`]);
  }
  if (op !== OP_MOVE && pos.isFrozen(p)) {
    found.push(['H-FREEZE-2', `${name} moved on the last ply and cannot be moved now`]);
  }
  if (op === OP_MOVE && c === from) {
    found.push(['H-MOVE-6', 'a move must change the place of a piece']);
  }
  if (op === OP_MOVE && c !== from && pos.hasScorpion && pos.scorpionAt(c)) {
    found.push(['H-FAN-SCORPION-2', 'nothing moves onto a Scorpion']);
  }
  if (op === OP_MOVE && splitsHive(pos, from, c)) {
    found.push(['H-MOVE-3', `moving ${actorName} would split the hive`]);
  }
  if (found.length > 0) {
    return refusal(found[0][1], found[0][0], ...found.slice(1).map((f) => f[0]));
  }
  if (op === OP_GRAB) return refusal(`${actorName} cannot grab ${name}`, 'H-FAN-MANTIS-2');
  if (op !== OP_MOVE) return refusal(`${actorName} cannot swap with ${name}`, 'H-FAN-CENTIPEDE-2');
  return bugRefusal(pos, p, from, c);
}

/** H-MOVE-3: lifting the piece alone on `from` splits the hive, or `to` is off the hive. */
function splitsHive(pos: Position, from: number, to: number): boolean {
  if (pos.height[from] !== 1) return false;
  if (isCutCell(from, markCutCells(pos.height, from))) return true;
  if (pos.height[to] !== 0) return false;
  return !touches(pos, to, (t) => pos.cell[t] !== from || pos.height[from] > 1);
}

/** The moving bug's own rule, or the sliding rules when a one-hex step is what it lacks. */
function bugRefusal(pos: Position, p: number, from: number, to: number): Refusal {
  const kind = SLOT_KIND[p % SLOTS];
  const aloft = pos.height[from] > 1;
  let [rule, words] = BUG_RULES[kind];
  if (kind === MOSQUITO && aloft)
    [rule, words] = ['H-MOSQ-2', 'a Mosquito on the hive moves as a Beetle'];
  if (kind === MANTIS && aloft)
    [rule, words] = ['H-FAN-MANTIS-3', 'a Mantis on the hive moves as a Beetle'];
  let adjacent = false;
  for (let d = 0; d < 6; d++) if (NB[from * 6 + d] === to) adjacent = true;
  const slider = kind === QUEEN || kind === PILLBUG || kind === CENTIPEDE;
  if (adjacent && slider && pos.height[to] === 0) {
    return refusal('the piece cannot slide through that gap', 'H-MOVE-4', rule);
  }
  if (adjacent && (kind === BEETLE || ((kind === MOSQUITO || kind === MANTIS) && aloft))) {
    return aloft || pos.height[to] !== 0
      ? refusal('the piece cannot climb or step through that gap at height', 'H-MOVE-5', rule)
      : refusal('the piece cannot slide through that gap', 'H-MOVE-4', rule);
  }
  return refusal(`${pieceName(p)} cannot move there: ${words}`, rule);
}

/** A move of the opponent's piece: only a throw by the mover's Pillbug can do it. */
function throwOf(pos: Position, m: number, me: number): Refusal {
  const p = movePiece(m);
  const name = pieceName(p);
  const from = pos.cell[p];
  const throwers: number[] = [];
  for (let d = 0; d < 6; d++) {
    const h = NB[from * 6 + d];
    const t = pos.top[h];
    if (t < 0 || colourOf(t) !== me) continue;
    const kind = SLOT_KIND[t % SLOTS];
    const copies =
      kind === MOSQUITO &&
      pos.height[h] === 1 &&
      touches(pos, h, (x) => SLOT_KIND[x % SLOTS] === PILLBUG);
    if (kind === PILLBUG || copies) throwers.push(t);
  }
  if (throwers.length === 0) {
    return refusal(
      `${name} belongs to the other player and no Pillbug of yours is next to it`,
      'H-TURN-1',
    );
  }
  if (pos.isFrozen(p)) {
    return refusal(`${name} moved on the last ply and cannot be thrown now`, 'H-FREEZE-2');
  }
  if (pos.cell[me * SLOTS] === -1 || throwers.every((t) => pos.isFrozen(t))) {
    return refusal(
      'the Pillbug may not throw: it moved on the last ply or its Queen is not placed',
      'H-PILLBUG-3',
    );
  }
  return refusal(`no Pillbug of yours can throw ${name} there`, 'H-PILLBUG-2');
}

/** The explanation of integer move `m` (legal or not) in `pos`. */
export function explainCode(pos: Position, m: number): Explanation {
  if (!isOver(pos) && findLegal(pos, m) >= 0) return LEGAL;
  return illegal(refusalOf(pos, m));
}

/**
 * The explanation of a move object in `pos`. A move whose destination no piece could reach (off
 * the hive's window, or not the origin for the first piece) is refused while it is read; that
 * refusal carries its rule and becomes the answer. Other bad values still throw.
 */
export function explainMove(pos: Position, move: HiveMove): Explanation {
  let m: number;
  try {
    m = encodeMove(pos, move);
  } catch (e) {
    if (!(e instanceof RulesError) || e.rule === undefined) throw e;
    const reason = e.message.slice(0, e.message.length - e.rule.length - 3);
    return illegal(refusal(reason, e.rule));
  }
  return explainCode(pos, m);
}
