import { describe } from 'vitest';
import { GAME_TYPES, hive } from '../../src/hive/index.js';
import { runConformance } from '../support/conformance.js';

describe('Hive conformance (generic Game contract) over random games of every type', () => {
  for (const type of GAME_TYPES) {
    runConformance(hive, {
      label: `hive ${type}`,
      options: { type },
      runs: 30,
      maxPlies: 80,
      seed: 7,
      applyPerPly: 24,
      endRule: (s) => hive.score(s)[0] !== 0.5 || hive.serialize(s).split(';')[1] === 'Draw',
    });
  }
});
