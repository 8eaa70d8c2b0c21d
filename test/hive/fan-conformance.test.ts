import { describe } from 'vitest';
import { neighbors } from '../../src/geometry/hex.js';
import { type HiveState, hive, pieceAt, placeOf } from '../../src/hive/index.js';
import { runConformance } from '../support/conformance.js';
import { FAN_TYPES } from './fan-types.js';

/** H-END-1/2/3 as an independent oracle (default options: no repetition rule, no cap). */
function queenSurrounded(s: HiveState): boolean {
  return (['wQ', 'bQ'] as const).some((q) => {
    const at = placeOf(s, q);
    return at !== null && neighbors(at).every((h) => pieceAt(s, h.q, h.r) !== null);
  });
}

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
