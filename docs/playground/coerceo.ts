// Coerceo in the playground: a step goes from the piece's field (source) to a field (target);
// an exchange has only a target, the opponent piece it removes.
import { plugin as coerceoPlugin } from '../../src/cli/games/coerceo.js';
import { coerceo, outcome, pieceAt, sideToMove, tilesHeld } from '../../src/coerceo/index.js';
import { render } from '../../src/coerceo/svg.js';
import type { CoerceoEndReason, CoerceoMove, CoerceoState } from '../../src/coerceo/types.js';
import type { Game } from '../../src/index.js';
import { type Adapter, count } from './adapter.js';

const NAME = { white: 'White', black: 'Black' } as const;
/** What each side's pieces look like on the board. */
const LOOKS = {
  white: 'the light triangles pointing up',
  black: 'the dark triangles pointing down',
} as const;

/** Why the game ended, in words (C-END-7's reasons); `loser` is the side that lost, if any. */
function reasonText(reason: CoerceoEndReason, loser: 'White' | 'Black' | null): string {
  switch (reason) {
    case 'captured-all':
      return `all of ${loser}'s pieces are captured`;
    case 'resignation':
      return `${loser} resigned`;
    case 'no-legal-moves':
      return loser === null ? 'the side to move has no legal turn' : `${loser} has no legal turn`;
    case 'insufficient-material':
      return 'neither side can capture any more';
    case 'repetition':
      return 'the same position occurred a third time';
  }
}

export const coerceoAdapter: Adapter<CoerceoState, CoerceoMove> = {
  game: coerceo as unknown as Game<CoerceoState, CoerceoMove, never>,
  ...(coerceoPlugin.bots ? { bots: coerceoPlugin.bots } : {}),
  options: [
    {
      name: 'variant',
      label: 'Variant',
      values: ['laurentius', 'ocius'],
      labels: ['Laurentius', 'Ocius (small)'],
    },
    { name: 'exchangeCost', label: 'Exchange cost', values: [2, 1], labels: ['2 tiles', '1 tile'] },
  ],
  seatName: (seat) => (seat === 0 ? 'White' : 'Black'),
  highlightFree: true,
  // The side to move and the tiles held are page text (the status line and `summary`): the
  // picture's own panel was about 9 px high on a phone, and took a third of the width.
  render: (state, view) =>
    render(state, {
      size: 46,
      panel: false,
      highlight: view.highlight,
      ...(view.selected === null ? {} : { selected: view.selected }),
      ...(view.last === null ? {} : { lastMove: view.last }),
    }),
  source: (m) => (m.kind === 'step' ? m.from : null),
  target: (m) => (m.kind === 'step' ? m.to : m.target),
  keys: ({ data }) => {
    const field = data.field ?? null;
    return { source: field, target: field };
  },
  ownPiece: (state, field) => pieceAt(state, field) === sideToMove(state),
  attempt: (state, selected, { target }) => {
    if (target === null) return null;
    const side = sideToMove(state);
    const opponent = pieceAt(state, target) === (side === 'white' ? 'black' : 'white');
    if (selected !== null) {
      if (opponent) {
        return {
          why: "A piece never lands on an opponent's piece: it steps to a free field of its own colour (the marked fields)",
          rule: 'C-MOVE-1',
        };
      }
      return { move: { kind: 'step', from: selected, to: target } };
    }
    if (!opponent) return null;
    // Nothing selected, an opponent's piece: an exchange would remove it (it is marked and
    // played when one is possible, so here it is not).
    const held = tilesHeld(state)[side];
    const cost = state.exchangeCost;
    return {
      why: `That piece is ${NAME[side === 'white' ? 'black' : 'white']}'s; yours are the ${side === 'white' ? 'light' : 'dark'} ones. Handing in ${count(cost, 'tile')} you have won removes one; you hold ${held === 0 ? 'none' : held}`,
      rule: 'C-EXCHANGE-1',
    };
  },
  stuck: () => ({
    why: 'every field it could step to is taken or its tile is gone',
    rule: 'C-MOVE-1',
  }),
  cannot: (_state, field) => `The piece on ${field} cannot move now`,
  instruct: (state, { legal, selected }) => {
    const side = NAME[sideToMove(state)];
    if (selected !== null) {
      const n = legal.filter((m) => m.kind === 'step' && m.from === selected).length;
      if (n === 0) {
        return `The piece on ${selected} cannot move now: click another of your pieces.`;
      }
      return `The piece on ${selected} is selected: click a marked field to move it there (${count(n, 'choice')}), click another of your pieces, or click it again to let go.`;
    }
    const held = tilesHeld(state)[sideToMove(state)];
    const cost = state.exchangeCost;
    const exchange = legal.some((m) => m.kind === 'exchange')
      ? ` Or exchange ${count(cost, 'tile')} of the ${held} you hold to remove an opponent piece: click a marked opponent piece.`
      : held > 0
        ? ` You hold ${count(held, 'tile')}; an exchange costs ${cost}.`
        : '';
    return `Click one of your pieces (${side}: ${LOOKS[sideToMove(state)]}), then a marked field to move it there.${exchange}`;
  },
  summary: (state) => {
    const held = tilesHeld(state);
    return [
      `White holds ${count(held.white, 'tile')} · Black holds ${count(held.black, 'tile')}`,
      `An exchange costs ${count(state.exchangeCost, 'tile')}`,
    ];
  },
  endReason: (state) => {
    const o = outcome(state);
    if (o === null) return null;
    const loser = o.winner === null ? null : o.winner === 'white' ? 'Black' : 'White';
    return reasonText(o.reason, loser);
  },
};
