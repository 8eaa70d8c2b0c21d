// The layout check the browser test runs inside the page (page.evaluate serializes the
// function, so it must use nothing from outside its body). The DOM types it needs are only in
// this test program, never in the library's.
/// <reference lib="dom" />

/** The elements whose boxes must not overlap one another (empty ones are skipped). */
export const LAYOUT_PARTS: readonly string[] = [
  'header h1',
  'header p',
  '#controls label',
  '#new-game',
  '#status',
  '#instruction',
  '#choices button',
  '#refusal',
  '#board svg',
  '#summary li',
  '#tray .tray-row',
  '#side h2',
  '#moves',
  '#move-text',
  '#play-typed',
  '#undo',
  '#position',
  '#copy',
  '#load',
  '#error',
];

/**
 * What is wrong with the layout: the page scrolling sideways, a form control sticking out of
 * its label, two of the parts above overlapping (unless one contains the other), or the board
 * not fitting the viewport.
 */
export function layoutProblemsInPage(selectors: readonly string[]): string[] {
  const problems: string[] = [];
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  if (document.documentElement.scrollWidth > vw) {
    problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${vw})`);
  }
  const inside = (a: DOMRect, b: DOMRect): boolean =>
    a.left >= b.left - 0.5 &&
    a.right <= b.right + 0.5 &&
    a.top >= b.top - 0.5 &&
    a.bottom <= b.bottom + 0.5;
  for (const label of document.querySelectorAll('#controls label')) {
    for (const control of label.querySelectorAll('select, input')) {
      if (!inside(control.getBoundingClientRect(), label.getBoundingClientRect())) {
        problems.push(
          `${(control as HTMLInputElement).name || control.id} sticks out of its label`,
        );
      }
    }
  }
  const parts: { name: string; el: Element; r: DOMRect }[] = [];
  for (const sel of selectors) {
    document.querySelectorAll(sel).forEach((el, i) => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) parts.push({ name: `${sel}#${i}`, el, r });
    });
  }
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i] as (typeof parts)[number];
      const b = parts[j] as (typeof parts)[number];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const overlap =
        Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left) > 0.5 &&
        Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top) > 0.5;
      if (overlap) problems.push(`${a.name} overlaps ${b.name}`);
    }
  }
  const board = document.querySelector('#board svg')?.getBoundingClientRect();
  if (!board) problems.push('no board');
  else if (board.left < 0 || board.right > vw + 0.5 || board.height > vh + 0.5) {
    problems.push(`the board (${board.width}×${board.height}) does not fit ${vw}×${vh}`);
  }
  return problems;
}
