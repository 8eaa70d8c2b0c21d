// The writer that file-crash.test.ts kills: it plays moves on one match of a FileStore, as the
// server does (setState and setMetadata together), and prints each `_stateID` once its
// setState has resolved. Bundled with esbuild and run by node; never imported by a test.
//
// argv: <dir> <matchID> <seed>
import { FileStore } from '../../../src/boardgameio/server/storage/file.js';
import type { StoredMetadata, StoredState } from '../../../src/boardgameio/server/store.js';

const [dir, matchID, seedText] = process.argv.slice(2) as [string, string, string];
const store = new FileStore({
  dir,
  onDamage: (report) => process.stderr.write(`DAMAGE ${JSON.stringify(report)}\n`),
});

let seed = Number(seedText) >>> 0;
/** mulberry32: sizes that differ from run to run, reproducibly. */
function random(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const found = await store.fetch(matchID, { state: true, metadata: true });
if (found.state === undefined || found.metadata === undefined) {
  process.stderr.write(`no match ${matchID}\n`);
  process.exit(3);
}
let state: StoredState = found.state;
const metadata: StoredMetadata = found.metadata;
for (;;) {
  const id = state._stateID + 1;
  // From a few bytes to 300 kB, so that records grow and shrink and a write takes a while.
  const pad = String.fromCharCode(97 + (id % 26)).repeat(Math.floor(random() ** 3 * 300_000));
  const next: StoredState = { ...state, _stateID: id, G: { n: id, pad }, ctx: { turn: id } };
  await Promise.all([
    store.setState(matchID, next, [{ _stateID: id - 1, action: { type: 'MAKE_MOVE', n: id } }]),
    store.setMetadata(matchID, { ...metadata, updatedAt: id }),
  ]);
  process.stdout.write(`${id}\n`);
  state = next;
}
