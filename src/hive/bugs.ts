/**
 * The bug pictures of the Hive renderer (`pieces: 'bugs'`): one small top-down silhouette per
 * bug kind, head up, drawn for this library from ellipses and lines in a box of ±45 units
 * around the tile's centre. Each picture is a list of parts, painted in order:
 *
 * - `wing`: filled with the bug's colour, half transparent (drawn first, under the body);
 * - `body`: filled with the bug's colour;
 * - `leg`: lines in the bug's colour (legs, antennae, a tail);
 * - `ink`, `inkLine`: dark marks on the body (stripes, spots, the split of a shell).
 *
 * Pure tables built once at load: no state, nothing exported that can change.
 *
 * @module
 */
import { num } from '../core/svg.js';

/** How a part of a bug is painted. */
export type BugPaint = 'wing' | 'body' | 'leg' | 'ink' | 'inkLine';

/** One part of a bug's picture: how it is painted and its path data (the ±45 box). */
export type BugPart = readonly [paint: BugPaint, d: string];

type XY = readonly [number, number];

/** An ellipse centred on (x, y) with radii rx (along its axis) and ry, its axis turned `deg`°. */
function oval(x: number, y: number, rx: number, ry: number, deg = 0): string {
  const a = (deg * Math.PI) / 180;
  const dx = rx * Math.cos(a);
  const dy = rx * Math.sin(a);
  const arc = `A${num(rx)} ${num(ry)} ${num(deg)} 1 1 `;
  return `M${num(x - dx)} ${num(y - dy)}${arc}${num(x + dx)} ${num(y + dy)}${arc}${num(x - dx)} ${num(y - dy)}Z`;
}

/** Several ellipses, each `[x, y, rx, ry, deg?]`, as one path. */
function ovals(...list: readonly (readonly number[])[]): string {
  return list.map(([x, y, rx, ry, deg]) => oval(x ?? 0, y ?? 0, rx ?? 0, ry ?? 0, deg)).join('');
}

/** An open polyline through `pts`. */
function line(pts: readonly XY[]): string {
  return pts.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${num(x)} ${num(y)}`).join('');
}

/** Each polyline (drawn on the left, x < 0) and its mirror image on the right. */
function pairs(...lines: readonly (readonly XY[])[]): string {
  return lines.map((l) => line(l) + line(l.map(([x, y]) => [-x, y] as const))).join('');
}

/** Each ellipse on the left and its mirror image (the axis turned the other way). */
function ovalPairs(...list: readonly (readonly number[])[]): string {
  return list
    .map(([x, y, rx, ry, deg]) =>
      ovals(
        [x ?? 0, y ?? 0, rx ?? 0, ry ?? 0, deg ?? 0],
        [-(x ?? 0), y ?? 0, rx ?? 0, ry ?? 0, -(deg ?? 0)],
      ),
    )
    .join('');
}

/** Horizontal strokes `[y, halfWidth]` across a body. */
function stripes(...list: readonly XY[]): string {
  return list
    .map(([y, w]) =>
      line([
        [-w, y],
        [w, y],
      ]),
    )
    .join('');
}

/** The centres (y) of the Centipede's body segments. */
const SEGMENTS = [-21, -11, -1, 9, 19, 29];

/** The pictures by bug letter (H-FAN-UHP-1 letters: Q S B G A M L P and T F K W R D C). */
// biome-ignore format: one polyline (a leg, a feeler) a line reads as a drawing
export const BUG_PICTURES: Readonly<Record<string, readonly BugPart[]>> = {
  // Queen Bee: a round striped body under two broad wings.
  Q: [
    ['wing', ovalPairs([-19, -13, 18, 9, 27])],
    ['body', ovals([0, -30, 8, 7], [0, -16, 11, 10], [0, 10, 16, 21])],
    ['inkLine', stripes([4, 12], [13, 13], [22, 9])],
    ['leg', pairs([[-3, -35], [-8, -42], [-14, -43]])],
  ],
  // Spider: two round parts and eight bent legs.
  S: [
    ['body', ovals([0, -10, 10, 10], [0, 16, 14, 17])],
    ['leg', pairs(
      [[-6, -16], [-22, -30], [-27, -43]],
      [[-8, -12], [-29, -19], [-40, -28]],
      [[-9, -7], [-30, -2], [-41, 9]],
      [[-7, -3], [-23, 12], [-31, 29]],
      [[-3, -19], [-6, -25]],
    )],
  ],
  // Beetle: a big split shell, short legs and jaws.
  B: [
    ['body', ovals([0, -28, 9, 7], [0, -18, 15, 8], [0, 10, 21, 25])],
    ['inkLine', line([[0, -12], [0, 33]])],
    ['leg', pairs(
      [[-13, -17], [-25, -23], [-30, -32]],
      [[-19, 0], [-31, 3], [-38, 11]],
      [[-17, 20], [-27, 28], [-31, 38]],
      [[-4, -33], [-9, -40], [-5, -44]],
    )],
  ],
  // Grasshopper: a long body, big folded jumping legs and long feelers.
  G: [
    ['body', ovals([0, -29, 7, 8], [0, -15, 8, 9], [0, 13, 7, 24])],
    ['leg', pairs(
      [[-6, -8], [-21, 19], [-12, 42]],
      [[-6, -17], [-17, -25]],
      [[-6, -13], [-19, -7]],
      [[-3, -36], [-14, -46]],
    )],
  ],
  // Soldier Ant: head, thin waist, big rear, six legs, bent feelers.
  A: [
    ['body', ovals([0, -28, 9, 8], [0, -11, 6, 10], [0, 16, 12, 17])],
    ['leg', pairs(
      [[-4, -16], [-16, -25], [-23, -37]],
      [[-5, -11], [-21, -8], [-33, -3]],
      [[-4, -6], [-17, 5], [-27, 23]],
      [[-4, -34], [-13, -41], [-19, -37]],
    )],
  ],
  // Mosquito: a thin body, narrow wings folded back, a long needle and long legs.
  M: [
    ['wing', ovalPairs([-9, 7, 22, 6, 109])],
    ['body', ovals([0, -22, 6, 6], [0, -10, 8, 8], [0, 14, 5, 20])],
    ['leg', pairs(
      [[-5, -12], [-23, -27], [-27, -40]],
      [[-6, -8], [-30, -4], [-44, 6]],
      [[-5, -4], [-24, 16], [-34, 40]],
      [[-2, -27], [-9, -36]],
    ) + line([[0, -27], [0, -45]])],
  ],
  // Ladybug: a round spotted shell.
  L: [
    ['body', ovals([0, -23, 12, 8], [0, 6, 26, 28])],
    ['ink', ovalPairs([-12, -5, 5, 5], [-15, 13, 5, 5], [-8, 27, 4, 4])],
    ['inkLine', line([[0, -21], [0, 34]])],
    ['leg', pairs(
      [[-22, -8], [-32, -12]],
      [[-25, 8], [-36, 10]],
      [[-21, 23], [-30, 31]],
      [[-5, -29], [-10, -38]],
    )],
  ],
  // Pillbug: an oval of overlapping plates.
  P: [
    ['body', ovals([0, 2, 20, 34])],
    ['inkLine', stripes([-22, 11], [-12, 15], [-2, 17], [8, 17], [18, 15], [28, 10])],
    ['leg', pairs(
      [[-6, -30], [-16, -42]],
      [[-18, -10], [-26, -12]],
      [[-19, 4], [-27, 4]],
      [[-18, 18], [-26, 20]],
    )],
  ],
  // Mantis: a triangular head and raised, folded catching legs.
  T: [
    ['body', `M-11 -35L11 -35L0 -22Z${ovals([0, -12, 4, 12], [0, 17, 9, 21])}`],
    ['leg', pairs(
      [[-3, -14], [-19, -26], [-17, -42], [-11, -35]],
      [[-4, 0], [-22, 8], [-30, 22]],
      [[-4, 6], [-20, 22], [-24, 40]],
      [[-6, -35], [-16, -45]],
    )],
  ],
  // Fly: a stout body with big eyes and two wings spread back.
  F: [
    ['wing', ovalPairs([-17, 7, 19, 9, -31])],
    ['body', ovals([0, -20, 10, 8], [0, -6, 10, 9], [0, 12, 9, 12])],
    ['ink', ovalPairs([-6, -22, 4, 5])],
    ['leg', pairs([[-7, -6], [-20, -14], [-27, -8]], [[-8, -2], [-23, 2]], [[-7, 4], [-18, 16]])],
  ],
  // Scorpion: claws in front, a tail curled over to one side.
  K: [
    ['body', ovals([0, -4, 12, 15]) + ovalPairs([-17, -38, 6, 8])],
    ['leg', `${pairs(
      [[-8, -15], [-18, -25], [-17, -32]],
      [[-10, -8], [-24, -12]],
      [[-11, -3], [-27, -2]],
      [[-11, 2], [-26, 8]],
      [[-9, 7], [-22, 16]],
    )}M0 10C0 36 28 38 25 14L19 7`],
  ],
  // Wasp: a slim pointed, striped body with narrow folded wings.
  W: [
    ['wing', ovalPairs([-9, 2, 20, 5, 100])],
    ['body', `${ovals([0, -31, 8, 7], [0, -18, 9, 9])}M0 -6C14 -4 13 18 0 40C-13 18 -14 -4 0 -6Z`],
    ['inkLine', stripes([6, 8], [16, 7], [26, 4])],
    ['leg', pairs(
      [[-3, -37], [-10, -44], [-16, -42]],
      [[-6, -18], [-18, -26]],
      [[-8, -15], [-22, -11]],
      [[-6, -12], [-18, 1]],
    )],
  ],
  // Cockroach: a flat oval body, spiny legs and very long feelers.
  R: [
    ['body', ovals([0, -26, 7, 5], [0, -16, 14, 9], [0, 9, 17, 27])],
    ['inkLine', line([[0, -6], [0, 33]])],
    ['leg', pairs(
      [[-3, -30], [-14, -42], [-29, -42], [-41, -31]],
      [[-12, -8], [-26, -16], [-34, -24]],
      [[-15, 4], [-30, 6], [-40, 14]],
      [[-13, 18], [-26, 30], [-32, 42]],
    )],
  ],
  // Dragonfly: four long wings straight out and a long thin tail.
  D: [
    ['wing', ovalPairs([-22, -12, 22, 5, 8], [-21, -1, 21, 5, -8])],
    ['body', ovals([0, -24, 8, 6], [0, -12, 6, 9], [0, 18, 3.5, 24])],
  ],
  // Centipede: a wavy chain of segments with a pair of legs on each.
  C: [
    ['body', ovals(
      [0, -32, 7, 6],
      ...SEGMENTS.map((y) => [6 * Math.sin(y / 9), y, 9, 5.5]),
      [6 * Math.sin(39 / 9), 38, 5, 4],
    )],
    ['leg', SEGMENTS.map((y) => {
      const x = 6 * Math.sin(y / 9);
      return line([[x - 8, y], [x - 17, y + 4]]) + line([[x + 8, y], [x + 17, y + 4]]);
    }).join('') + pairs([[-3, -37], [-12, -45]])],
  ],
};
