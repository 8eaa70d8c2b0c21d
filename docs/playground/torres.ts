// Torres in the playground: a knight's move (and a card that moves a knight or a block) goes
// from a square (source) to a square (target); placements have only a target; the rest of the
// turn flow (stack, score, buy, cards without a square, draft, redistribution, end) is buttons.
// Each step of the state machine (T-FLOW-1) has its own instruction.
import { plugin as torresPlugin } from '../../src/cli/games/torres.js';
import type { Game } from '../../src/index.js';
import {
  type CardName,
  MASTER_NAMES,
  squareIndex,
  squareName,
  type TorresMove,
  type TorresState,
  type TorresStep,
  torres,
} from '../../src/torres/index.js';
import { render } from '../../src/torres/svg.js';
import { type Adapter, count, either, type TurnView } from './adapter.js';

const SEAT_COLOURS = ['Red', 'Blue', 'Yellow', 'Green'];

/** The steps played with buttons, in words (T-FLOW-1). */
const STEP_WORDS: Readonly<Record<TorresStep, string>> = {
  setupCastle: 'building the castles',
  setupKnight: 'placing the starting knights',
  setupKing: 'placing the king',
  chooseStack: 'choosing the stack for the turn',
  actions: 'the actions',
  draftKeep: 'keeping a drawn card',
  draftReturn: 'returning the other cards',
  redistribute: 'spreading the unused blocks',
  kingMove: 'moving the king',
  over: 'the end',
};
const seatName = (seat: number): string => SEAT_COLOURS[seat] ?? `Seat ${seat}`;

/** What each action card does, in a few words (§8). */
const CARD_EFFECTS: Readonly<Record<CardName, string>> = {
  ap6: '6 action points this turn',
  ap7: '7 action points this turn',
  supplyBlock: 'a free block from the supply',
  blockUnder: 'a block slipped under one of your knights',
  moveBlock: 'move an empty block',
  relocate: 'move a knight next to another of yours',
  diagonal: 'move a knight diagonally',
  anyDoor: 'move a knight through any door',
  jumpKnight: 'jump a knight over another knight',
  climbTwo: 'climb a knight two levels',
};

/**
 * The short game: two turns a phase for every seat, with stacks of 3 and 2 (the
 * `phaseStacks` option of T-PHASE-1), so the stack is still a choice.
 */
const SHORT_STACKS = [
  [3, 2],
  [3, 2],
  [3, 2],
];

const pieceAt = (state: TorresState, square: string): number | 'K' | null =>
  state.pieces[squareIndex(square)] ?? null;

const hand = (state: TorresState): string => {
  const cards = state.seats[state.actor]?.hand ?? [];
  return cards.length === 0 ? '' : ` Your cards: ${cards.join(', ')}.`;
};

/** What can be done in the `actions` step, from the legal moves (T-FLOW-2 costs). */
function actionsText(state: TorresState, legal: readonly TorresMove[]): string {
  const { apLimit, apUsed, active } = state.turn;
  const has = (kind: TorresMove['kind']): boolean => legal.some((m) => m.kind === kind);
  const onSquare = [
    ...(has('block') ? ['place a block (1 AP)'] : []),
    ...(has('knight') ? ['bring in a new knight (2 AP)'] : []),
    ...(legal.some((m) => m.kind === 'play' && m.card === 'supplyBlock')
      ? ['play supplyBlock there']
      : []),
  ];
  const parts: string[] = [];
  if (onSquare.length > 0) parts.push(`click a marked square to ${either(onSquare)}`);
  if (has('move')) parts.push('click one of your knights, then a marked square, to move it (1 AP)');
  const buttons = [
    ...(has('score') ? ['+1 point (1 AP)'] : []),
    ...(has('buy') ? ['buy a card (1 AP)'] : []),
    ...(legal.some((m) => m.kind === 'play' && !('to' in m)) ? ['play a card'] : []),
    'end the turn',
  ];
  parts.push(`use a button: ${either(buttons)}`);
  const first =
    parts.length > 1 ? `${parts.slice(0, -1).join('; ')}; or ${parts.at(-1)}` : parts[0];
  return `${apLimit - apUsed} of ${apLimit} action points left, ${count(active, 'block')} left in this turn's stack. To act, ${first}.${hand(state)}`;
}

/** The instruction of each step of the turn flow (T-FLOW-1), when nothing is selected. */
const STEPS: Readonly<
  Record<TorresStep, (state: TorresState, legal: readonly TorresMove[]) => string>
> = {
  setupCastle: () =>
    'Master setup: click a marked square to build a one-block castle there (only squares far enough from the other castles are marked).',
  setupKnight: () =>
    'Place your starting knight: click a marked square, a castle with no knight on it yet.',
  setupKing: () => 'Place the king: click a marked square, a castle with no knight on it.',
  chooseStack: (state) =>
    `Choose the stack of blocks you build with this turn: click one of the buttons (your stacks: ${state.seats[state.actor]?.stacks.join(', ')}).`,
  actions: actionsText,
  draftKeep: (state) =>
    `You drew ${either(state.turn.pending)}: click the button of the card to keep.`,
  draftReturn: () =>
    'Put the cards you did not keep back on your deck: on the top or at the bottom (a button).',
  redistribute: (state) =>
    `Spread your unused blocks over your other stacks: choose with a button which stack gets the next block (${count(state.turn.active, 'block')} to go).`,
  kingMove: () =>
    'You have the fewest points, so you may move the king: click a marked castle square, or leave it where it is with the button.',
  over: () => 'The game is over.',
};

/** The instruction while a square is selected. */
function selectedText(state: TorresState, view: TurnView<TorresMove>, square: string): string {
  const from = view.legal.filter((m) => 'from' in m && m.from === square && 'to' in m);
  const what = typeof pieceAt(state, square) === 'number' ? 'knight' : 'block';
  if (from.length === 0) return `The ${what} on ${square} cannot move now: click another one.`;
  const cards = [
    ...new Set(from.flatMap((m) => (m.kind === 'play' ? [`the ${m.card} card`] : []))),
  ];
  const how = [...(from.some((m) => m.kind === 'move') ? ['1 AP'] : []), ...cards];
  return `The ${what} on ${square} is selected: click a marked square to move it there (${either(how)}; ${count(new Set(from.map((m) => ('to' in m ? m.to : ''))).size, 'choice')}), click another knight, or click it again to let go.`;
}

/** A button's text for a move without a square, or one of several moves on one square. */
function label(state: TorresState, m: TorresMove): string {
  switch (m.kind) {
    case 'castle':
      return `Build a castle on ${m.to}`;
    case 'startKnight':
      return `Place your knight on ${m.to}`;
    case 'king':
      return `Put the king on ${m.to}`;
    case 'kingStay':
      return 'Leave the king where it is';
    case 'stack':
      return `Stack of ${count(m.size, 'block')}`;
    case 'block':
      return `Place a block on ${m.to} (1 AP)`;
    case 'knight':
      return `Bring a new knight onto ${m.to} (2 AP)`;
    case 'move':
      return `Move the knight ${m.from} → ${m.to} (1 AP)`;
    case 'score':
      return '+1 point (1 AP)';
    case 'buy':
      return 'Buy a card (1 AP)';
    case 'keep':
      return `Keep ${m.card}`;
    case 'return':
      return `Return them to the ${m.where}`;
    case 'spread':
      return `Add a block to a stack of ${m.size}`;
    case 'end':
      return 'End the turn';
    case 'play': {
      const text = torres.formatMove(state, m).replace(/^play /, '');
      return `Play ${text}: ${CARD_EFFECTS[m.card]}`;
    }
  }
}

export const torresAdapter: Adapter<TorresState, TorresMove> = {
  game: torres as unknown as Game<TorresState, TorresMove, never>,
  ...(torresPlugin.bots ? { bots: torresPlugin.bots } : {}),
  options: [
    { name: 'players', label: 'Players', values: [2, 3, 4] },
    {
      name: 'length',
      label: 'Length',
      values: ['full', 'short'],
      labels: ['full', 'short'],
    },
    { name: 'version', label: 'Version', values: ['basic', 'master'] },
    {
      name: 'deckMode',
      label: 'Cards (basic)',
      values: ['shared', 'perColour', 'draft'],
      labels: ['shared deck', 'deck per colour', 'draft'],
    },
    { name: 'seed', label: 'Seed', values: [], input: 'number', initial: 1 },
  ],
  startOptions: (v) => ({
    players: v.players,
    seed: v.seed,
    version: v.version,
    // T-DECK-1: the master version always plays with full hands.
    ...(v.version === 'master' ? {} : { deckMode: v.deckMode }),
    ...(v.length === 'short' ? { phaseStacks: SHORT_STACKS } : {}),
  }),
  seatName,
  highlightFree: true,
  // The page shows the score track and supplies as text beside the board (`summary`), which
  // keeps the picture square and large enough to tap on a phone.
  render: (state, view) =>
    render(state, {
      size: 50,
      panel: false,
      highlight: view.highlight,
      ...(view.selected === null ? {} : { selected: view.selected }),
    }),
  source: (m) => ('from' in m ? m.from : null),
  target: (m) => ('to' in m ? m.to : null),
  keys: ({ data }) => {
    const square = data.square ?? null;
    return { source: square, target: square };
  },
  ownPiece: (state, square) => state.step === 'actions' && pieceAt(state, square) === state.actor,
  attempt: (state, selected, { target }) => {
    if (target === null) return null;
    if (selected !== null) return { move: { kind: 'move', from: selected, to: target } };
    const occupant = pieceAt(state, target);
    switch (state.step) {
      case 'setupCastle':
        return { move: { kind: 'castle', to: target } };
      case 'setupKnight':
        return { move: { kind: 'startKnight', to: target } };
      case 'setupKing':
      case 'kingMove':
        return { move: { kind: 'king', to: target } };
      case 'actions':
        if (typeof occupant === 'number') {
          return {
            why: `That is ${seatName(occupant)}'s knight and ${seatName(state.actor)} is to act: you move only your own knights`,
            rule: 'T-KNIGHT-MOVE-1',
          };
        }
        return { move: { kind: 'block', to: target } };
      case 'over':
        return null;
      default:
        return {
          why: `This step (${STEP_WORDS[state.step]}) is played with the buttons above the board, not on a square`,
          rule: 'T-FLOW-1',
        };
    }
  },
  // A knight with no move: a step to a free square beside it, which the library refuses with
  // the reason (no action points left, too high a climb, no door there).
  stuck: (state, square) => {
    const i = squareIndex(square);
    const beside = [i - 8, i + 8, ...(i % 8 > 0 ? [i - 1] : []), ...(i % 8 < 7 ? [i + 1] : [])]
      .filter((j) => j >= 0 && j < 64)
      .map((j) => squareName(j));
    const to = beside.find((q) => pieceAt(state, q) === null) ?? beside[0] ?? square;
    return { move: { kind: 'move', from: square, to } };
  },
  cannot: (_state, square) => `The knight on ${square} cannot move now`,
  instruct: (state, view) =>
    view.selected === null
      ? STEPS[state.step](state, view.legal)
      : selectedText(state, view, view.selected),
  label,
  summary: (state) => {
    const lines = [
      state.step === 'over'
        ? 'Final scores'
        : `Phase ${state.phase} of 3, round ${state.round + 1} · ${state.supply} blocks in the supply`,
    ];
    if (state.masterCard !== null) {
      lines.push(`Master card: ${MASTER_NAMES[state.masterCard - 1]}`);
    }
    state.seats.forEach((s, p) => {
      lines.push(
        `${seatName(p)}: ${count(s.score, 'point')} · ${s.knightsOff} knights to bring in · stacks ${s.stacks.join(' ') || 'none'} · ${count(s.hand.length, 'card')}`,
      );
    });
    return lines;
  },
};
