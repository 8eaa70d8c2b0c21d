/**
 * Finding a move object in the move list `moves` handed out for a state: `apply` of a listed
 * move is legal by construction, so it needs no refusal checks and no second generation.
 * Internal: not exported from the core entry.
 *
 * @module
 */

/** Where the last search of one state's list found its move (kept with the list). */
export interface ListCursor {
  cursor: number;
}

/**
 * The index of `move` (the object itself) in `list`, or −1. The search starts after the move
 * found last time (`at.cursor`, then updated), so applying a list's moves in order — perft, a
 * search over `apply` — finds each at once instead of scanning the list every time. A plain
 * loop: `includes` on a frozen array takes V8's slow path, and even a loop reads a frozen array
 * about three times slower than a plain one (Torres searches a plain twin of its list).
 */
export function listedIndex<M>(list: readonly M[], move: M, at: ListCursor): number {
  const n = list.length;
  for (let k = 0, i = at.cursor; k < n; k++, i = i + 1 === n ? 0 : i + 1) {
    if (list[i] === move) {
      at.cursor = i + 1 === n ? 0 : i + 1;
      return i;
    }
  }
  return -1;
}
