/**
 * The match stores of the hardened server, each keeping the store contract's three guarantees
 * (durable before shown, conditional on `_stateID`, atomic and damage-proof):
 *
 * - {@link MemoryStore}: in the process's memory, for tests and the zero-install default.
 * - {@link FileStore}: files in one folder, for one process that must survive crashes.
 * - {@link PostgresStore}: PostgreSQL, for any number of processes sharing matches.
 *
 * They reject only with `StaleWriteError` (from the contract) and the errors of `./errors.js`.
 *
 * @module
 */
export { MatchExistsError, StoreBackendError, StoreInputError } from './errors.js';
export { FileStore, type FileStoreOptions } from './file.js';
export { MemoryStore } from './memory.js';
export {
  type PgPool,
  type PgPoolClient,
  type PgQueryable,
  type PgQueryResult,
  PostgresStore,
  type PostgresStoreOptions,
} from './postgres.js';
