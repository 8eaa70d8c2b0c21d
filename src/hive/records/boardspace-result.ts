/**
 * What a Boardspace record's root says in words: the result (`RE[]`, in the language of the
 * player who saved the game) and the date (`DT[]`, Java's `Date.toString()` or a locale's long
 * date).
 *
 * @module
 */

/** A result read from `RE[]`: who won, by the name the text gives, or a draw. */
export type ResultText =
  | { readonly kind: 'win'; readonly name: string }
  | { readonly kind: 'draw' }
  | { readonly kind: 'unknown' };

/** `RE[]` spellings of a win, in each language Boardspace's records have been seen in. */
const WINS: readonly RegExp[] = [
  /^Game won by (.+)$/i, // en
  /^(.+) vann spelet$/i, // sv
  /^Partie gagnée par (.+)$/i, // fr
  /^Partida ganada por (.+)$/i, // es
  /^De partij is gewonnen door (.+)$/i, // nl
  /^(.+) hat gewonnen$/i, // de
  /^Игру выиграл\(а\) (.+?)\.?$/i, // ru
];

/** `RE[]` spellings of a draw. */
const DRAWS: readonly RegExp[] = [
  /^The game is a draw$/i, // en
  /^La partie est nulle$/i, // fr
  /^La partida finaliza en empate$/i, // es
];

/** What `text` (an `RE[]` value) says. */
export function readResultText(text: string): ResultText {
  const t = text.trim();
  for (const d of DRAWS) if (d.test(t)) return { kind: 'draw' };
  for (const w of WINS) {
    const m = w.exec(t);
    if (m !== null) return { kind: 'win', name: (m[1] as string).trim() };
  }
  return { kind: 'unknown' };
}

/**
 * Which of the players (ids `ids[0]`, `ids[1]`) the winner's name `name` is: the same id (any
 * case), or a robot or guest whose id Boardspace reports without or with other digits
 * (`Dumbot0` as `Dumbot`, `guest` as `guest1497`). `null` when the name fits neither or both.
 */
export function playerNamed(name: string, ids: readonly string[]): number | null {
  const n = name.toLowerCase();
  const exact = ids.flatMap((id, i) => (id.toLowerCase() === n ? [i] : []));
  if (exact.length === 1) return exact[0] as number;
  const stem = (s: string): string => s.toLowerCase().replace(/[0-9]+$/, '');
  const loose = ids.flatMap((id, i) => (id !== '' && stem(id) === stem(name) ? [i] : []));
  return loose.length === 1 ? (loose[0] as number) : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The PGN date (`2018.10.31`) of a `DT[]` value: `Wed Oct 31 15:02:42 CET 2018`,
 * `31 October 2018` or `October 31, 2018`; `null` for any other form.
 */
export function pgnDate(text: string): string | null {
  const t = text.trim();
  let m = /^[A-Za-z]{3} ([A-Za-z]{3}) ([0-9]{1,2}) [0-9:]+ \S+ ([0-9]{4})$/.exec(t);
  let day: string | undefined;
  let month: string | undefined;
  let year: string | undefined;
  if (m !== null) [, month, day, year] = m;
  else if ((m = /^([0-9]{1,2}) ([A-Za-z]+) ([0-9]{4})$/.exec(t)) !== null) [, day, month, year] = m;
  else if ((m = /^([A-Za-z]+) ([0-9]{1,2}), ([0-9]{4})$/.exec(t)) !== null)
    [, month, day, year] = m;
  if (day === undefined || month === undefined || year === undefined) return null;
  const index = MONTHS.indexOf(month.slice(0, 3).toLowerCase());
  const d = Number(day);
  if (index < 0 || d < 1 || d > 31) return null;
  return `${year}.${String(index + 1).padStart(2, '0')}.${String(d).padStart(2, '0')}`;
}
