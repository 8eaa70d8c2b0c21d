// The analysis board's Web Worker: it runs the engine (engine.ts) off the page's thread, so the
// page answers every click and key while a search runs. One request at a time; the page stops a
// search by terminating the worker (a search cannot be interrupted from outside), and starts a
// new one for the next request.
//
// Bundled on its own by scripts/build-playground.mjs and carried inside analysis.js as text.
import { isRulesError } from '../../../src/index.js';
import { analysisBot, evaluate, think } from './engine.js';
import { ADAPTERS } from './games.js';
import type { EngineReply, NumberedRequest } from './protocol.js';

/** The worker's global scope, as far as this file uses it (the page's lib has no worker types). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<NumberedRequest>) => void) | null;
  postMessage(reply: EngineReply): void;
};

function serve(req: NumberedRequest): void {
  const { game } = ADAPTERS[req.game];
  if (req.kind === 'think') {
    const state = game.deserialize(req.state);
    for (const line of think(req.game, state, req.timeMs)) {
      scope.postMessage({ kind: 'line', id: req.id, line });
    }
  } else {
    const states = req.states.map((s) => game.deserialize(s));
    const first = states.find((s) => !game.terminal(s));
    const bot = first === undefined ? undefined : analysisBot(req.game, first);
    states.forEach((state, index) => {
      const line = evaluate(req.game, state, { timeMs: req.timeMs }, bot);
      scope.postMessage({ kind: 'point', id: req.id, index, line });
    });
  }
  scope.postMessage({ kind: 'done', id: req.id });
}

scope.onmessage = (event) => {
  const req = event.data;
  try {
    serve(req);
  } catch (e) {
    const message = isRulesError(e) || e instanceof Error ? e.message : String(e);
    scope.postMessage({ kind: 'error', id: req.id, message });
  }
};
