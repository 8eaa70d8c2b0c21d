// The messages between the analysis board and its Web Worker (worker.ts, client.ts). States
// travel as the game's saved text (`serialize`), which every game reads back exactly.
import type { EngineLine } from './engine.js';
import type { GameName } from './games.js';

/** What the page asks of a worker. */
export type EngineRequest =
  /** Search one position for up to `timeMs`: a `line` after each depth, the last `final`. */
  | {
      readonly kind: 'think';
      readonly game: GameName;
      readonly state: string;
      readonly timeMs: number;
    }
  /** Evaluate each of `states` in turn (a `point` each), `timeMs` for each. */
  | {
      readonly kind: 'graph';
      readonly game: GameName;
      readonly states: readonly string[];
      readonly timeMs: number;
    };

/** A request as posted: with the number its answers carry. */
export type NumberedRequest = EngineRequest & { readonly id: number };

/** What a worker answers. */
export type EngineReply =
  | { readonly kind: 'line'; readonly id: number; readonly line: EngineLine }
  | {
      readonly kind: 'point';
      readonly id: number;
      readonly index: number;
      readonly line: EngineLine;
    }
  | { readonly kind: 'done'; readonly id: number }
  | { readonly kind: 'error'; readonly id: number; readonly message: string };
