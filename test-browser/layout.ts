// The layout check the browser test runs inside the page (page.evaluate serializes the
// function, so it must use nothing from outside its body). The DOM types it needs are only in
// this test program, never in the library's.
/// <reference lib="dom" />

/** The elements whose boxes must not overlap one another (empty ones are skipped). */
export const LAYOUT_PARTS: readonly string[] = [
  'header h1',
  'header p',
  '#to-setup a',
  '#controls label',
  '#new-game',
  '#status',
  '#instruction',
  '#choices button',
  '#notice',
  '#board svg',
  '#summary li',
  '#tray .tray-row',
  '#tray .hand-piece',
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

/**
 * Text a person cannot read in full where the page now stands (run it at each scroll position):
 * text cut by a box that clips it (an ancestor with `overflow` other than `visible`, sideways
 * for one that scrolls up and down) or by the window's sides; a select too narrow for its
 * chosen option; and text with another element on top of it (the element at the middle of the
 * text is neither the text's element nor inside it), in the page and inside the pictures (the
 * SVG `<text>` of heights, piece numbers, coordinates).
 */
export function textProblemsInPage(): string[] {
  const problems: string[] = [];
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const name = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const cls = el.getAttribute('class')
      ? `.${el.getAttribute('class')?.split(' ').join('.')}`
      : '';
    return `${el.tagName.toLowerCase()}${id}${cls} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  };
  const visible = (el: Element): boolean => {
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('[hidden], option, script, style, title, textarea')) continue;
    const own = [...el.childNodes].filter(
      (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
    );
    if (own.length === 0 || !visible(el)) continue;
    const range = document.createRange();
    range.setStartBefore(own[0] as Node);
    range.setEndAfter(own[own.length - 1] as Node);
    const r = range.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < -0.5 || r.right > vw + 0.5) problems.push(`${name(el)} runs off the window`);
    let scrolledAway = false;
    for (let a = el.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const box = a.getBoundingClientRect();
      const sideways = r.left < box.left - 0.5 || r.right > box.right + 0.5;
      const scrolls = style.overflowY === 'auto' || style.overflowY === 'scroll';
      const outside = r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
      // Text a list scrolls up or down out of sight is not cut: scrolling shows it.
      if (scrolls && outside) scrolledAway = true;
      if (sideways || (!scrolls && outside)) problems.push(`${name(el)} is cut by ${name(a)}`);
    }
    if (scrolledAway) continue;
    // Covered: ask what is on top at the middle of the text (only where the window shows it).
    const x = (r.left + r.right) / 2;
    const y = (r.top + r.bottom) / 2;
    if (x < 0 || x >= vw || y < 0 || y >= vh) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && !el.contains(hit) && !hit.contains(el)) {
      problems.push(`${name(el)} is covered by ${name(hit)}`);
    }
  }
  // A select shows its chosen option in its own box: measure that text against the box.
  const canvas = document.createElement('canvas').getContext('2d');
  for (const select of document.querySelectorAll('select')) {
    const option = select.selectedOptions[0];
    if (!canvas || !option || !visible(select) || select.getBoundingClientRect().width === 0) {
      continue;
    }
    const style = getComputedStyle(select);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      select.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight) -
      16; // the drop-down arrow
    if (canvas.measureText(option.text).width > room + 0.5) {
      problems.push(`select ${select.name || select.id} cuts "${option.text}"`);
    }
  }
  return problems;
}

/**
 * The rendered size in pixels of the text the player reads for the state of the game: the
 * status line, the instruction, the notice (refusal or last move), the facts beside the board,
 * and any status text drawn inside the picture (which the page should leave to the page).
 */
export function statusFontSizesInPage(): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const sel of ['#status', '#instruction', '#notice', '#refusal', '#summary li']) {
    document.querySelectorAll(sel).forEach((el, i) => {
      if (el.getBoundingClientRect().height > 0) {
        sizes[`${sel}#${i}`] = Number.parseFloat(getComputedStyle(el).fontSize);
      }
    });
  }
  document.querySelectorAll('#board svg text.status').forEach((el, i) => {
    const t = el as SVGTextElement;
    const scale = t.getScreenCTM()?.a ?? 1;
    sizes[`svg status#${i}`] = Number.parseFloat(getComputedStyle(t).fontSize) * scale;
  });
  return sizes;
}
