/**
 * "Did you mean": the nearest of some known words to a mistyped one, for the CLI's usage errors
 * (options, commands, games).
 */

/**
 * The edit distance between `a` and `b`: insertions, deletions, substitutions and swaps of two
 * neighbouring letters each count one (optimal string alignment).
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2][j - 2] + 1);
      }
      d[i][j] = best;
    }
  }
  return d[a.length][b.length];
}

/**
 * The known word `word` was most likely meant to be, or `undefined` when none is close: a word
 * within a third of its length in edits (at least one; case is ignored), else the one word that
 * begins with it (`--iter` for `--iterations`, at least three letters typed). Ties go to the
 * first in `known`.
 */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(w.length / 3));
  for (const k of known) {
    const d = editDistance(w, k.toLowerCase());
    if (d === 0) return k;
    if (d <= bestDistance && (best === undefined || d < bestDistance)) {
      best = k;
      bestDistance = d;
    }
  }
  if (best !== undefined) return best;
  const starting = known.filter((k) => k.toLowerCase().startsWith(w));
  return w.length >= 3 && starting.length === 1 ? starting[0] : undefined;
}

/** `; did you mean 'x'?` for a usage error, or nothing. */
export function suggestion(word: string, known: readonly string[], prefix = ''): string {
  const hit = didYouMean(word, known);
  return hit === undefined ? '' : `; did you mean '${prefix}${hit}'?`;
}
