import { describe } from 'vitest';
import { neighbors } from '../../src/geometry/hex.js';
import { GAME_TYPES, type HiveState, hive, pieceAt, placeOf } from '../../src/hive/index.js';
import { runConformance } from '../support/conformance.js';

/** H-END-1/2/3 as an independent oracle (default options: no repetition rule, no cap). */
function queenSurrounded(s: HiveState): boolean {
  return (['wQ', 'bQ'] as const).some((q) => {
    const at = placeOf(s, q);
    return at !== null && neighbors(at).every((h) => pieceAt(s, h.q, h.r) !== null);
  });
}

describe('Hive conformance (generic Game contract) over random games of every type', () => {
  for (const type of GAME_TYPES) {
    runConformance(hive, {
      label: `hive ${type}`,
      options: { type },
      runs: 30,
      maxPlies: 80,
      seed: 7,
      applyPerPly: 24,
      endRule: queenSurrounded,
    });
  }
});
