/**
 * The triangular principal-variation table: row `ply` holds the best line found from the node
 * at `ply`, built bottom-up as each node's best move is prepended to its child's line.
 *
 * @module
 */

/** The principal variation of the node being searched at each ply. */
export class PvTable {
  private readonly rows: Int32Array;
  private readonly lengths: Int32Array;
  private readonly stride: number;

  /** Room for plies `0..maxPly`. */
  constructor(private readonly maxPly: number) {
    this.stride = maxPly + 1;
    this.rows = new Int32Array(this.stride * this.stride);
    this.lengths = new Int32Array(this.stride);
  }

  /** Empties every row (a new search). */
  clear(): void {
    this.lengths.fill(0);
  }

  /** Empties the row of `ply` (a node entered there). */
  clearAt(ply: number): void {
    this.lengths[ply] = 0;
  }

  /** `code` is the best move at `ply` so far: its line is `code`, then the child's line. */
  update(ply: number, code: number): void {
    const rows = this.rows;
    const row = ply * this.stride;
    const childRow = row + this.stride;
    rows[row] = code;
    const len = ply + 1 <= this.maxPly ? this.lengths[ply + 1] : 0;
    for (let k = 0; k < len; k++) rows[row + 1 + k] = rows[childRow + k];
    this.lengths[ply] = len + 1;
  }

  /** True when the root has a line (a root move was searched to its end). */
  hasRoot(): boolean {
    return this.lengths[0] > 0;
  }

  /** The root's line, as move codes. */
  root(): number[] {
    return Array.from(this.rows.subarray(0, this.lengths[0]));
  }
}
