// What a click on a drawn board means to an adapter: the keys of the drawn element it hit (its
// `data-*`), else of the point on the picture. Shared by the playground and the analysis board.
import type { AnyAdapter, Clicked, ClickKeys } from './adapter.js';

/** The drawn elements a click can mean something on (see each renderer's `data-*`). */
export const CLICKABLE = '[data-piece], [data-q], [data-field], [data-square]';

/**
 * The keys of a click on `board` (the element holding the picture) or on a piece in hand: from
 * the element it hit, else from the point on the picture; `null` when it means nothing.
 */
export function clickKeys(
  adapter: AnyAdapter,
  board: Element,
  event: MouseEvent,
): ClickKeys | null {
  const hit = (event.target as Element).closest(CLICKABLE);
  if (hit) {
    const clicked: Clicked = {
      data: { ...(hit as SVGElement).dataset } as Record<string, string>,
      classes: [...hit.classList],
    };
    return adapter.keys(clicked);
  }
  const svg = board.querySelector('svg');
  const ctm = svg?.getScreenCTM();
  if (!adapter.keysAt || !ctm || !svg?.contains(event.target as Node)) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
  return adapter.keysAt(p.x, p.y);
}
