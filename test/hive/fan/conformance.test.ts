import { describe } from 'vitest';
import { hive } from '../../../src/hive/index.js';
import { runConformance } from '../../support/conformance.js';
import { queenSurrounded } from '../helpers.js';
import { FAN_TYPES } from './types.js';

describe('Hive conformance (generic Game contract) over random games with fan bugs (H-FAN)', () => {
  for (const type of FAN_TYPES) {
    runConformance(hive, {
      label: `hive ${type}`,
      options: { type },
      runs: 4,
      maxPlies: 80,
      seed: 11,
      applyPerPly: 24,
      endRule: queenSurrounded,
    });
  }
});
