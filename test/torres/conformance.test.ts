import { describe } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import { type TorresOptions, torres } from '../../src/torres/index.js';
import { runConformance } from '../support/conformance.js';

// The Game contract at every ply, from the start and from random mid-game positions (setup is
// 13 plies, so the later starts reach card play, redistribution, phase ends and the king move).
const configs: { label: string; options: Partial<TorresOptions>; skip: number }[] = [
  { label: '2p shared, from the start', options: { players: 2, seed: 1 }, skip: 0 },
  { label: '4p shared, mid phase 1', options: { players: 4, seed: 2 }, skip: 40 },
  {
    label: '3p perColour, mid game',
    options: { players: 3, seed: 3, deckMode: 'perColour' },
    skip: 120,
  },
  { label: '3p draft, mid game', options: { players: 3, seed: 4, deckMode: 'draft' }, skip: 60 },
  {
    label: '2p masterHand, late game',
    options: { players: 2, seed: 5, deckMode: 'masterHand' },
    skip: 110,
  },
  {
    label: '4p master version, from the start',
    options: { players: 4, seed: 6, version: 'master' },
    skip: 0,
  },
  {
    label: '3p master, optional redistribution, carry-over, leader each round',
    options: {
      players: 3,
      seed: 7,
      version: 'master',
      redistribution: 'optional',
      carryOverBlocks: true,
      roundOrder: 'leaderEachRound',
      climbTwo: 'upTo',
      jumpOverKing: true,
    },
    skip: 150,
  },
];

describe('torres conformance', () => {
  // The last plies of complete games: phase-3 scoring, the master card and the terminal state.
  for (const options of [
    { players: 4, seed: 21 },
    { players: 3, seed: 22, version: 'master' as const },
  ]) {
    runConformance(torres, {
      label: `${options.players}p ${options.version ?? 'basic'}, the end of the game`,
      start: () => {
        const g = randomGame(torres, options, 5, { maxPlies: 3000, keepStates: true });
        return g.states[g.states.length - 30] as (typeof g.states)[number];
      },
      runs: 4,
      maxPlies: 60,
      applyPerPly: 30,
      endRule: (s) => s.step === 'over' && s.phase === 3,
    });
  }
  for (const c of configs) {
    runConformance(torres, {
      label: c.label,
      start: () => randomGame(torres, c.options, 11, { maxPlies: c.skip }).final,
      runs: 10,
      maxPlies: 80,
      applyPerPly: 30,
    });
  }
});
