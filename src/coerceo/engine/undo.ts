/**
 * The undo stack of a {@link CoerceoPosition}: one entry per earlier position (the `S_*` slots
 * of constants.ts) in `pos.stack`, written by {@link push} and {@link saveRare} as a turn is
 * played and read back by {@link pop}, so undo is exact by construction. The positions since
 * the last irreversible turn are also what C-END-5 compares with (`repetition` in rules.ts).
 *
 * @module
 */
import {
  S as I_S,
  S_BHI as I_S_BHI,
  S_BLO as I_S_BLO,
  S_CNTB as I_S_CNTB,
  S_CNTW as I_S_CNTW,
  S_HELDB as I_S_HELDB,
  S_HELDW as I_S_HELDW,
  S_HHI as I_S_HHI,
  S_HLO as I_S_HLO,
  S_IRREV as I_S_IRREV,
  S_PHI as I_S_PHI,
  S_PLO as I_S_PLO,
  S_RARE as I_S_RARE,
  S_REPLIES as I_S_REPLIES,
  S_TILES as I_S_TILES,
  S_WHI as I_S_WHI,
  S_WLO as I_S_WLO,
  LIVE,
} from './constants.js';
import type { CoerceoPosition } from './position.js';

// The undo-entry layout (constants.ts), as local aliases: the test runner would read each
// imported name through a getter in play and undo; the build drops the aliases (tsup.config.ts).
const S = I_S;
const S_BHI = I_S_BHI;
const S_BLO = I_S_BLO;
const S_CNTB = I_S_CNTB;
const S_CNTW = I_S_CNTW;
const S_HELDB = I_S_HELDB;
const S_HELDW = I_S_HELDW;
const S_HHI = I_S_HHI;
const S_HLO = I_S_HLO;
const S_IRREV = I_S_IRREV;
const S_PHI = I_S_PHI;
const S_PLO = I_S_PLO;
const S_RARE = I_S_RARE;
const S_REPLIES = I_S_REPLIES;
const S_TILES = I_S_TILES;
const S_WHI = I_S_WHI;
const S_WLO = I_S_WLO;

/**
 * Saves the current position on the stack. Tiles, presence, held tiles, counts and the
 * repetition segment's start change only in irreversible turns, so the turn saves them
 * separately ({@link saveRare}) when it needs to; the side and the status are not saved (see
 * `S` in constants.ts).
 */
export function push(pos: CoerceoPosition): void {
  const b = pos.sp * S;
  // Room for this entry and the next position's, whose replies are not known yet (`count`).
  if (b + 2 * S > pos.stack.length) {
    const bigger = new Int32Array(pos.stack.length * 2);
    bigger.set(pos.stack);
    pos.stack = bigger;
  }
  const s = pos.stack;
  s[b + S_WLO] = pos.wLo;
  s[b + S_WHI] = pos.wHi;
  s[b + S_BLO] = pos.bLo;
  s[b + S_BHI] = pos.bHi;
  s[b + S_HLO] = pos.hLo;
  s[b + S_HHI] = pos.hHi;
  s[b + S_RARE] = 0;
  s[b + S + S_REPLIES] = -1;
  pos.sp++;
}

/** Saves the rarely changing fields into stack entry `b` (before an irreversible turn changes them). */
export function saveRare(pos: CoerceoPosition, b: number): void {
  const s = pos.stack;
  s[b + S_TILES] = pos.tiles;
  s[b + S_PLO] = pos.pLo;
  s[b + S_PHI] = pos.pHi;
  s[b + S_HELDW] = pos.heldW;
  s[b + S_HELDB] = pos.heldB;
  s[b + S_CNTW] = pos.cntW;
  s[b + S_CNTB] = pos.cntB;
  s[b + S_IRREV] = pos.irrev;
  s[b + S_RARE] = 1;
}

/** Restores the position of the top entry and drops it (`undo`, which checks there is one). */
export function pop(pos: CoerceoPosition): void {
  pos.sp--;
  const s = pos.stack;
  const b = pos.sp * S;
  pos.wLo = s[b + S_WLO];
  pos.wHi = s[b + S_WHI];
  pos.bLo = s[b + S_BLO];
  pos.bHi = s[b + S_BHI];
  // Every play flips the side and starts from a live position (see `S` in constants.ts).
  pos.side ^= 1;
  pos.hLo = s[b + S_HLO];
  pos.hHi = s[b + S_HHI];
  pos.status = LIVE;
  if (s[b + S_RARE] !== 0) {
    pos.irrev = s[b + S_IRREV];
    pos.tiles = s[b + S_TILES];
    pos.pLo = s[b + S_PLO];
    pos.pHi = s[b + S_PHI];
    pos.heldW = s[b + S_HELDW];
    pos.heldB = s[b + S_HELDB];
    pos.cntW = s[b + S_CNTW];
    pos.cntB = s[b + S_CNTB];
  }
}
