/** Shared helpers for the Coerceo tests. */
import type { CoerceoMove, CoerceoState } from '../../src/coerceo/index.js';
import { coerceo } from '../../src/coerceo/index.js';
import type { CoerceoOptions } from '../../src/coerceo/options.js';

/** C-VECTOR-5 abbreviations: `E` = files a and b absent, `Z` = file e absent. */
export function expand(cpf: string): string {
  return cpf.replace(/^E\//, '-,-,-/-,-,-,-/').replace(/\/Z /, '/-,-,- ');
}

/** A state from an (abbreviated) CPF with options. */
export function pos(cpf: string, options: Partial<CoerceoOptions> = {}): CoerceoState {
  return coerceo.start({ ...options, position: expand(cpf) });
}

/** The legal moves as canonical text. */
export function moveTexts(state: CoerceoState): string[] {
  return coerceo.moves(state).map((m) => coerceo.formatMove(state, m));
}

/** Plays a sequence of move texts. */
export function play(state: CoerceoState, texts: string): CoerceoState {
  let s = state;
  for (const t of texts.split(/\s+/).filter(Boolean)) s = coerceo.apply(s, coerceo.parseMove(s, t));
  return s;
}

/** The position string (first four fields of the serialized state). */
export function cpfOf(state: CoerceoState): string {
  return coerceo.serialize(state).split(' ').slice(0, 4).join(' ');
}

/** A move object from text, without checking legality. */
export function step(from: string, to: string): CoerceoMove {
  return { kind: 'step', from, to };
}
