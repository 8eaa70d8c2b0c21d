/**
 * `boardrules/boardgameio/server`: what a deployment of boardgame.io 0.50 needs around its own
 * flaws, for matches of boardrules games made with `toBoardgameIO`:
 *
 * - {@link hardenedServer}: boardgame.io's `Server` behind a guard that checks every socket
 *   message before boardgame.io reads it (only a seat's own moves, with its lobby credentials,
 *   from the current state, legal by the rules), filters what each socket is sent for its seat,
 *   keeps origins to the operator's list, and shows a move only once it is stored.
 * - Stores that are durable before a move is shown, conditional (two processes cannot both store
 *   a move from one state) and damage-proof: `MemoryStore`, `FileStore`, `PostgresStore`.
 * - {@link RedisPubSub}: several server processes sharing their matches.
 *
 * Node.js only; needs boardgame.io 0.50 (an optional peer dependency). See `docs/multiplayer.md`.
 *
 * @module boardrules/boardgameio/server
 */
export { type GateEvent, LocalPubSub, type PubSub } from './durable.js';
export { REFUSED_EVENT } from './guard.js';
export {
  type RedisClient,
  RedisPubSub,
  type RedisPubSubEvent,
  type RedisPubSubOptions,
} from './redis.js';
export {
  type HardenedServer,
  type HardenedServerOptions,
  hardenedServer,
  type RunningHardenedServer,
  type ServerEvent,
} from './server.js';
export * from './storage/index.js';
export {
  type DamageReport,
  type FetchOptions,
  type FetchResult,
  isMatchID,
  type ListOptions,
  MAX_MATCH_ID_LENGTH,
  type MatchStore,
  StaleWriteError,
  type StoredLogEntry,
  type StoredMetadata,
  type StoredState,
} from './store.js';
export type { AllowedOrigin, TransportEvent } from './transport.js';
