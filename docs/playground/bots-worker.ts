// The Web Worker of both pages: it serves the three games' bots (bots.ts) with
// boardrules/worker's `serveBots`, so the playground's computer seats and the analysis board's
// engine search here, never on the page's thread. The page stops a search by terminating the
// worker (`BotWorker.cancel`), and a fresh one starts for the next.
//
// Bundled on its own by scripts/build-playground.mjs and carried inside each page's script as
// text (BOTS_WORKER_SOURCE, see spawn.ts).
import { serveBots, type WorkerScope } from '../../src/worker/index.js';
import { SERVED } from './bots.js';

serveBots(self as unknown as WorkerScope, SERVED);
