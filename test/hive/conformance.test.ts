import { describe } from 'vitest';
import { GAME_TYPES, hive } from '../../src/hive/index.js';
import { runConformance } from '../support/conformance.js';
import { queenSurrounded } from './helpers.js';

describe('Hive conformance (generic Game contract) over random games of every type', () => {
  for (const type of GAME_TYPES) {
    runConformance(hive, {
      label: `hive ${type}`,
      options: { type },
      runs: 6,
      maxPlies: 80,
      seed: 7,
      applyPerPly: 24,
      endRule: queenSurrounded,
    });
  }
});
