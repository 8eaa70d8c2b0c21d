// Hive in the playground: a piece (in hand or on the board) is the source, a hex `q,r` the
// target; a Mantis' grab and a Centipede's swap are buttons.
import { plugin as hivePlugin } from '../../src/cli/games/hive.js';
import { fromPixel, type Hex, neighbors } from '../../src/geometry/hex.js';
import {
  GAME_TYPES,
  type HiveMove,
  type HiveState,
  hive,
  outcome,
  piecesInHand,
  piecesOnBoard,
  placeOf,
  stackAt,
} from '../../src/hive/index.js';
import { render, renderPiece } from '../../src/hive/svg.js';
import type { Game } from '../../src/index.js';
import { type Adapter, type Attempt, type ClickKeys, count } from './adapter.js';

/** Hex circumradius of the picture, also used to map a background click back to a hex. */
export const HIVE_SIZE = 34;
const SIZE = HIVE_SIZE;

/** Circumradius of a piece in hand (a button below the board). */
const TRAY_SIZE = 21;

const COLOUR = ['White', 'Black'];
const colourOf = (piece: string): number => (piece[0] === 'w' ? 0 : 1);
const key = (q: number, r: number): string => `${q},${r}`;

/** Whether a hex holds a piece. */
const occupied = (state: HiveState, h: Hex): boolean => stackAt(state, h.q, h.r).length > 0;

/**
 * A move `piece` cannot make (it has none), whose refusal by the library says why: for a piece
 * in hand, a placement where one would go (next to its own colour, away from the other; the
 * origin on an empty board); for a piece on the board, one step to an empty hex beside it. The
 * library names the deciding rule first (a Queen not yet placed, the One Hive rule, a covered or
 * just-moved piece), so the step's direction only matters when the bug's own rule decides.
 */
function stuckMove(state: HiveState, piece: string): Attempt<HiveMove> {
  const at = placeOf(state, piece);
  const onBoard = piecesOnBoard(state);
  if (at === null) {
    const mine = colourOf(piece);
    const spots = onBoard.flatMap((p) => neighbors(p)).filter((h) => !occupied(state, h));
    const touches = (h: Hex, colour: number): boolean =>
      neighbors(h).some((n) => {
        const stack = stackAt(state, n.q, n.r);
        const top = stack[stack.length - 1];
        return top !== undefined && colourOf(top) === colour;
      });
    const spot =
      spots.find((h) => touches(h, mine) && !touches(h, 1 - mine)) ??
      spots.find((h) => touches(h, mine)) ??
      spots[0] ??
      ({ q: 0, r: 0 } as Hex);
    return { move: { kind: 'place', piece, q: spot.q, r: spot.r } };
  }
  const to = neighbors(at).find((h) => !occupied(state, h)) ?? neighbors(at)[0] ?? at;
  return { move: { kind: 'move', piece, q: to.q, r: to.r } };
}

/** Why a Hive game ended, in words with the rule (H-END), or `null` while it goes on. */
function endText(state: HiveState): string | null {
  const o = outcome(state);
  if (o === null) return null;
  switch (o.reason) {
    case 'queen-surrounded':
      return `${o.winner === 'white' ? 'Black' : 'White'}'s Queen Bee is surrounded`;
    case 'both-queens-surrounded':
      return 'both Queen Bees are surrounded at once';
    case 'repetition':
      return 'the same position came up a third time (repetition draw, H-END-4)';
    case 'ply-limit':
      return `no result after ${state.options.maxPlies} plies (the ply limit, H-END-5)`;
  }
}

export const hiveAdapter: Adapter<HiveState, HiveMove> = {
  game: hive as unknown as Game<HiveState, HiveMove, never>,
  ...(hivePlugin.bots ? { bots: hivePlugin.bots } : {}),
  options: [
    {
      name: 'type',
      label: 'Game type',
      // The eight official types, then two fan-bug rosters (H-FAN-UHP-2): one tile of each kind
      // turned, and every tile turned.
      values: [...GAME_TYPES, 'Base+MLP:wTFKWRDC:bTFKWRDC', 'Base+MLP:wT2F3K2W3RDC:bT2F3K2W3RDC'],
      labels: [...GAME_TYPES, 'Base+MLP, fan bugs (one each)', 'Base+MLP, fan bugs only'],
      initial: 'Base+MLP',
    },
    {
      name: 'tournamentOpening',
      label: 'Tournament opening',
      values: [true, false],
      labels: ['yes', 'no'],
    },
    // The library's two ways a game of Hive can end without a surrounded Queen, so a game of
    // bots (whose pieces can shuffle forever) ends too: the repetition draw (H-END-4) and a ply
    // limit (H-END-5). 200 plies is far more than a game of people takes.
    {
      name: 'repetitionDraw',
      label: 'Repetition draws',
      values: [true, false],
      labels: ['yes', 'no'],
    },
    {
      name: 'maxPlies',
      label: 'Draw after',
      values: [100, 200, 400, 0],
      labels: ['100 plies', '200 plies', '400 plies', 'no limit'],
      initial: 200,
    },
  ],
  seatName: (seat) => COLOUR[seat] ?? `Seat ${seat}`,
  highlightFree: false,
  render: (state, view) =>
    render(state, {
      size: SIZE,
      hand: false, // the hands are the tray's buttons
      status: false, // the page's status line says it

      highlight: view.highlight.map((k) => {
        const [q, r] = k.split(',').map(Number);
        return { q: q as number, r: r as number };
      }),
      ...(view.selected === null ? {} : { selected: view.selected }),
    }),
  tray: (state) =>
    (['w', 'b'] as const).map((c, i) => ({
      label: COLOUR[i] as string,
      pieces: piecesInHand(state, c).map((p) => ({
        key: p,
        label: `${p} in hand`,
        picture: (selected: boolean) => renderPiece(p, { size: TRAY_SIZE, selected }),
      })),
    })),
  source: (m) => (m.kind === 'pass' ? null : m.piece),
  // A grab or swap is no hex-to-hex move: it is offered as a button ('wT1 *bA1', 'wC ~bQ').
  target: (m) => (m.kind === 'place' || m.kind === 'move' ? key(m.q, m.r) : null),
  keys: ({ data, classes }) => {
    const { q, r } = data;
    return {
      source: classes.includes('target') ? null : (data.piece ?? null),
      target: q === undefined || r === undefined ? null : `${q},${r}`,
    };
  },
  // The picture is drawn in the library's pixel coordinates (hex (0,0) at the origin).
  keysAt: (x, y): ClickKeys => {
    const h = fromPixel({ x, y }, SIZE);
    return { source: null, target: key(h.q, h.r) };
  },
  ownPiece: (state, piece) => colourOf(piece) === hive.toMove(state),
  attempt: (state, selected, { source, target }) => {
    const [q, r] = target === null ? [] : target.split(',').map(Number);
    if (selected !== null && q !== undefined && r !== undefined) {
      const kind = placeOf(state, selected) === null ? 'place' : 'move';
      return { move: { kind, piece: selected, q, r } };
    }
    if (source === null) return null;
    // Own pieces are selected before a click gets here: this is the opponent's.
    const mover = COLOUR[hive.toMove(state)];
    return {
      why: `${source} is ${COLOUR[colourOf(source)]}'s piece and ${mover} is to move: you move only your own pieces (an opponent's only with a Pillbug's throw)`,
      rule: 'H-TURN-1',
    };
  },
  stuck: stuckMove,
  cannot: (state, piece) =>
    `${piece} cannot ${placeOf(state, piece) === null ? 'be placed' : 'move'} now`,
  instruct: (state, { legal, selected }) => {
    if (legal.length === 1 && legal[0]?.kind === 'pass') {
      return 'You have no legal move: press Pass.';
    }
    if (selected !== null) {
      const n = legal.filter(
        (m) => (m.kind === 'place' || m.kind === 'move') && m.piece === selected,
      ).length;
      const verb = placeOf(state, selected) === null ? 'place' : 'move';
      if (n === 0) {
        return `${selected} has no legal move now: click another of your pieces.`;
      }
      return `${selected} is selected: click a green hex to ${verb} it there (${count(n, 'choice')}), click another of your pieces, or click ${selected} again to let go.`;
    }
    const placing = legal.filter((m) => m.kind === 'place');
    const queen = `${hive.toMove(state) === 0 ? 'w' : 'b'}Q`;
    if (placing.length > 0 && legal.every((m) => m.kind === 'place' && m.piece === queen)) {
      return `Your Queen Bee must be placed now: click ${queen} in your hand (below the board), then a green hex.`;
    }
    const buttons = legal.some((m) => m.kind === 'grab' || m.kind === 'swap')
      ? ' A Mantis grab or a Centipede swap is a button above the board.'
      : '';
    if (legal.every((m) => m.kind === 'place')) {
      return `Click one of your pieces in hand (below the board), then a green hex to place it there.${buttons}`;
    }
    return `Click one of your pieces (in hand below the board, or on the board), then a green hex to place or move it there.${buttons}`;
  },
  label: (state, m) => (m.kind === 'pass' ? 'Pass' : hive.formatMove(state, m)),
  endReason: endText,
};
