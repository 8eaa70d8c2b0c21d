// The evaluation graph: the first seat's chances over the main line, one point per position
// the engine has evaluated (ply 0 is the start), drawn as the points arrive. An SVG document as
// text, like the games' pictures; each point carries `data-ply` so a click on it goes there.
// No DOM.

/** Drawing units of the graph's picture (it scales to its box). */
const WIDTH = 600;
const HEIGHT = 140;
const PAD_X = 10;
const PAD_Y = 10;

const percent = (v: number): string => `${Math.round(v * 100)}%`;

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What to draw: the values, whose they are, and where the board stands. */
export interface GraphInput {
  /** The first seat's chances after each ply of the main line (index 0: the start); `null`: not yet. */
  readonly values: readonly (number | null)[];
  /** The first seat's name (`White`, `Red`). */
  readonly seat: string;
  /** The main line's ply the board shows, or `null` when it is off the main line. */
  readonly current: number | null;
  /** The engine's move at each ply, for the points' tooltips. */
  readonly moves?: readonly (string | null)[];
}

/**
 * The graph as an SVG document: the 50 % line, the first seat's chances as a line through the
 * evaluated points (the area above ½ tinted), a mark at the current ply.
 */
export function graphSvg({ values, seat, current, moves = [] }: GraphInput): string {
  const n = Math.max(values.length - 1, 1);
  const x = (ply: number): number => PAD_X + ((WIDTH - 2 * PAD_X) * ply) / n;
  const y = (v: number): number => PAD_Y + (HEIGHT - 2 * PAD_Y) * (1 - v);
  const f = (v: number): string => v.toFixed(1);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(`${seat}'s chances over the game`)}">`,
    `<rect class="graph-back" x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="#fff" stroke="#ccc"/>`,
    `<line class="graph-even" x1="${PAD_X}" x2="${WIDTH - PAD_X}" y1="${f(y(0.5))}" y2="${f(y(0.5))}" stroke="#bbb" stroke-dasharray="4 3"/>`,
  ];
  if (current !== null && current < values.length) {
    parts.push(
      `<line class="graph-current" x1="${f(x(current))}" x2="${f(x(current))}" y1="0" y2="${HEIGHT}" stroke="#c60" stroke-width="2"/>`,
    );
  }
  // Runs of consecutive evaluated plies, each one polyline (and its area above ½).
  let run: string[] = [];
  const runs: string[][] = [];
  values.forEach((v, ply) => {
    if (v === null) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else run.push(`${f(x(ply))},${f(y(v))}`);
  });
  if (run.length > 0) runs.push(run);
  for (const r of runs) {
    const first = r[0] as string;
    const last = r[r.length - 1] as string;
    const even = f(y(0.5));
    parts.push(
      `<polygon class="graph-area" points="${first.split(',')[0]},${even} ${r.join(' ')} ${last.split(',')[0]},${even}" fill="#8ab" fill-opacity="0.3"/>`,
      `<polyline class="graph-line" points="${r.join(' ')}" fill="none" stroke="#357" stroke-width="2"/>`,
    );
  }
  values.forEach((v, ply) => {
    if (v === null) return;
    const best = moves[ply];
    const title = `Ply ${ply}: ${seat} ${percent(v)}${best ? `, the engine plays ${best}` : ''}`;
    parts.push(
      `<circle class="graph-point" data-ply="${ply}" data-value="${v.toFixed(3)}" cx="${f(x(ply))}" cy="${f(y(v))}" r="${ply === current ? 5 : 3.5}" fill="${ply === current ? '#c60' : '#357'}"><title>${escapeXml(title)}</title></circle>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}

/** The value as the page says it: `White 62%`. */
export function chancesText(seat: string, value: number): string {
  return `${seat} ${percent(value)}`;
}
