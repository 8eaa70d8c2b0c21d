/**
 * The evaluation of a game as a picture: an SVG graph of the engine's evaluation of every
 * position of the main line (first seat's view, -1 to +1), the area between it and 0 shaded, and
 * each marked move as a dot coloured by its mark, whose tooltip names the move. Plain SVG written
 * with the renderers' helpers (`core/svg.ts`): the same text for the same analysis everywhere.
 *
 * @module
 */
import { el, num, points, svgDocument, text, title } from '../../core/svg.js';
import type { Mark, RecordAnalysis } from './judge.js';
import { limitsText, signed } from './judge.js';

const WIDTH = 640;
const HEIGHT = 240;
const LEFT = 40;
const RIGHT = 12;
const TOP = 30;
const BOTTOM = 26;

/** The dot colour of each mark. */
const COLOUR: Readonly<Record<Mark, string>> = { '?!': '#d9a400', '?': '#e06a00', '??': '#c4161c' };

/** What the graph's title names: the players when the record has them, else the file. */
function heading(a: RecordAnalysis): string {
  const tag = (name: string) => a.tags.find(([n]) => n === name)?.[1]?.trim() ?? '';
  const players = [tag('White'), tag('Black')];
  const who =
    players[0] !== '' && players[1] !== ''
      ? `${players[0]} v ${players[1]}`
      : `${a.file} record ${a.record}`;
  return `${who}: ${a.game}, ${limitsText(a.limits)}`;
}

/** The SVG graph of `a` (see the module comment). */
export function evaluationGraph(a: RecordAnalysis): string {
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const last = Math.max(1, a.positions.length - 1);
  const x = (ply: number) => LEFT + (ply / last) * plotW;
  const y = (e: number) => TOP + ((1 - Math.max(-1, Math.min(1, e))) / 2) * plotH;
  const body: string[] = [];
  body.push(el('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: '#ffffff' }));
  body.push(text({ x: LEFT, y: 18, 'font-size': 13, fill: '#222222' }, heading(a)));
  // The scale: -1, 0 and +1, and a tick every 10 plies (every 20 past 100).
  for (const e of [1, 0.5, 0, -0.5, -1]) {
    body.push(
      el('line', {
        x1: LEFT,
        x2: WIDTH - RIGHT,
        y1: y(e),
        y2: y(e),
        stroke: e === 0 ? '#888888' : '#e4e4e4',
        'stroke-width': 1,
      }),
    );
    if (e !== 0.5 && e !== -0.5) {
      const label = e === 0 ? '0' : e > 0 ? '+1' : '-1';
      body.push(
        text(
          { x: LEFT - 6, y: y(e) + 4, 'font-size': 11, 'text-anchor': 'end', fill: '#555555' },
          label,
        ),
      );
    }
  }
  const step = last > 100 ? 20 : 10;
  for (let p = 0; p <= last; p += step) {
    body.push(
      text(
        { x: x(p), y: HEIGHT - 8, 'font-size': 11, 'text-anchor': 'middle', fill: '#555555' },
        String(p),
      ),
    );
  }
  const line = a.positions.map((p) => ({ x: x(p.ply), y: y(p.evaluation) }));
  if (line.length > 0) {
    const zero = y(0);
    const area = [
      { x: x(0), y: zero },
      ...line,
      { x: (line[line.length - 1] as { x: number }).x, y: zero },
    ];
    body.push(el('polygon', { points: points(area), fill: '#9bb7d4', 'fill-opacity': 0.45 }));
    body.push(
      el('polyline', {
        points: points(line),
        fill: 'none',
        stroke: '#1f4e79',
        'stroke-width': 1.6,
        'stroke-linejoin': 'round',
      }),
    );
  }
  for (const m of a.moves) {
    if (m.mark === null) continue;
    const at = a.positions[m.ply];
    if (at === undefined) continue;
    const tip = `${m.ply}. ${m.move} ${m.mark} (${m.why ?? `drop ${m.drop}`}); best ${m.best} (${signed(m.bestEvaluation)})`;
    body.push(
      el(
        'circle',
        { cx: x(m.ply), cy: y(at.evaluation), r: 4, fill: COLOUR[m.mark], stroke: '#ffffff' },
        title(tip),
      ),
    );
  }
  // The legend: the three marks' colours.
  let lx = WIDTH - RIGHT - 120;
  for (const mark of ['?!', '?', '??'] as const) {
    body.push(el('circle', { cx: lx, cy: 14, r: 4, fill: COLOUR[mark] }));
    body.push(text({ x: lx + 7, y: 18, 'font-size': 11, fill: '#333333' }, mark));
    lx += 40;
  }
  const label = `Evaluation over the game, first seat's view (${num(-1)} to +1): ${heading(a)}`;
  return svgDocument(0, 0, WIDTH, HEIGHT, label, body);
}
