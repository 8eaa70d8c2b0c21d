// The move list of the analysis board, drawn from tree.ts's tokens: every ply numbered, its
// glyphs and comment, each variation indented below the move it replaces (variations inside
// variations further in), the move the board shows marked. Each move is a button with the path
// it goes to (`data-path`); the page listens for the clicks.
import type { RecordNode } from '../../../src/index.js';
import type { Positions } from './positions.js';
import { glyph, pathKey, type Token } from './tree.js';

/** The move's button: `12. wQ -bS1 !?`. */
function moveButton(
  token: Extract<Token, { kind: 'move' }>,
  current: string,
  refused: string | null,
): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'mv';
  const key = pathKey(token.path);
  b.dataset.path = key;
  b.dataset.ply = String(token.ply);
  if (key === current) {
    b.classList.add('current');
    b.setAttribute('aria-current', 'true');
  }
  const n = document.createElement('span');
  n.className = 'n';
  n.textContent = `${token.ply}.`;
  const text = document.createElement('span');
  text.className = 'text';
  text.textContent = token.node.move;
  b.append(n, text);
  if (token.node.nags.length > 0) {
    const g = document.createElement('span');
    g.className = 'glyph';
    g.textContent = ` ${token.node.nags.map(glyph).join(' ')}`;
    b.append(g);
  }
  if (refused !== null) {
    b.classList.add('refused');
    b.title = refused;
  }
  return b;
}

/** The comment after a move, as a line of its own. */
function note(node: RecordNode): HTMLElement | null {
  if (node.comment === null || node.comment.trim() === '') return null;
  const span = document.createElement('span');
  span.className = 'note';
  span.textContent = node.comment.trim();
  return span;
}

/** Draws `tokens` into `box`, `current` (a path key) marked, and keeps it in view. */
export function drawMoves(
  box: HTMLElement,
  tokens: readonly Token[],
  current: string,
  positions: Positions,
  opening: string | null,
): void {
  const main = document.createElement('div');
  main.className = 'main-line';
  const stack: HTMLElement[] = [main];
  if (opening !== null && opening.trim() !== '') {
    const span = document.createElement('span');
    span.className = 'note';
    span.textContent = opening.trim();
    main.append(span);
  }
  if (tokens.length === 0) {
    const span = document.createElement('span');
    span.className = 'note';
    span.textContent = 'No moves yet: open a record, or play a move on the board.';
    main.append(span);
  }
  for (const token of tokens) {
    const into = stack[stack.length - 1] as HTMLElement;
    if (token.kind === 'open') {
      const v = document.createElement('div');
      v.className = 'var';
      into.append(v);
      stack.push(v);
    } else if (token.kind === 'close') {
      if (stack.length > 1) stack.pop();
    } else {
      const known = positions.known(token.node);
      const refused = known !== undefined && 'error' in known ? known.error : null;
      into.append(moveButton(token, current, refused));
      const c = note(token.node);
      if (c) into.append(c);
    }
  }
  box.replaceChildren(main);
  const mark = box.querySelector<HTMLElement>('.mv.current');
  if (mark) {
    // Scroll the list only (never the page) so the shown move is in view.
    const top = mark.offsetTop; // #moves is positioned: its offsetParent
    if (top < box.scrollTop || top + mark.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
    }
  } else if (current === '') box.scrollTop = 0;
}
