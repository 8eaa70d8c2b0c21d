/**
 * The on-disk format of {@link FileStore}: the names of a match's files, the text of a match
 * record, and the checks that turn the text of each file back into values or say why it is
 * damaged.
 *
 * @module
 * @internal
 */

import type { StoredLogEntry, StoredMetadata, StoredState } from '../store.js';
import { decodeUTF8 } from './file-disk.js';
import { logEntryProblem, metadataProblem, stateProblem } from './records.js';

/** The format tag of a match record. */
const FORMAT = 'boardrules-match';
/** The version of the record format this code writes and reads. */
const VERSION = 1;
/** @internal A match record's file name: the match ID (no dots in it) and `.json`. */
export const RECORD_NAME: RegExp = /^([A-Za-z0-9_-]{1,64})\.json$/;

/** @internal A match record, read and checked. */
export interface MatchRecord {
  readonly state: StoredState;
  readonly metadata: StoredMetadata;
  /** How many bytes of the log file belong to the match (the rest is a torn or stale tail). */
  readonly logBytes: number;
}

/** @internal A file's value, or why it is damaged (the message names the file). */
export type Read<T> = { readonly value: T } | { readonly problem: string };

/** @internal The match's files: record, first state, log, in the order they are deleted. */
export function matchFiles(matchID: string): string[] {
  return [`${matchID}.json`, `${matchID}.initial.json`, `${matchID}.log`];
}

/** @internal The text of a match record (state and metadata already JSON). */
export function recordText(stateText: string, metadataText: string, logBytes: number): string {
  return `{"format":"${FORMAT}","version":${VERSION},"logBytes":${logBytes},"state":${stateText},"metadata":${metadataText}}`;
}

/** @internal The record file `name`, whose text is `text`, checked. */
export function parseRecord(name: string, text: string): Read<MatchRecord> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { problem: `${name} is not JSON (${(e as Error).message})` };
  }
  const problem = recordProblem(value);
  if (problem !== undefined) return { problem: `${name} is not a match record: ${problem}` };
  return { value: value as MatchRecord };
}

/** @internal The first-state file `name`, whose text is `text`, checked. */
export function parseInitial(name: string, text: string): Read<StoredState> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { problem: `${name} is not JSON (${(e as Error).message})` };
  }
  const problem = stateProblem(value);
  if (problem !== undefined) return { problem: `${name} is not a boardgame.io state: ${problem}` };
  return { value: value as StoredState };
}

/**
 * @internal The log file `name`'s bytes that belong to the match, checked: whole lines of JSON
 * entries of states up to `stateID`.
 */
export function parseLog(name: string, bytes: Uint8Array, stateID: number): Read<StoredLogEntry[]> {
  let text: string;
  try {
    text = decodeUTF8(bytes);
  } catch {
    return { problem: `${name} is not UTF-8 text` };
  }
  if (!text.endsWith('\n')) return { problem: `${name} ends inside an entry` };
  const log: StoredLogEntry[] = [];
  const lines = text.slice(0, -1).split('\n');
  for (let i = 0; i < lines.length; i++) {
    let entry: unknown;
    try {
      entry = JSON.parse(lines[i] as string);
    } catch {
      return { problem: `${name}: line ${i + 1} is not JSON` };
    }
    const problem = logEntryProblem(entry, stateID);
    if (problem !== undefined) {
      return { problem: `${name}: line ${i + 1} is not a log entry: ${problem}` };
    }
    log.push(entry as StoredLogEntry);
  }
  return { value: log };
}

/** Why `x` (a parsed record file) is not a match record, or `undefined` if it is one. */
function recordProblem(x: unknown): string | undefined {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'not an object';
  const r = x as Record<string, unknown>;
  if (r.format !== FORMAT) return `format is not '${FORMAT}'`;
  if (r.version !== VERSION) return `version is not ${VERSION}`;
  if (typeof r.logBytes !== 'number' || !Number.isSafeInteger(r.logBytes) || r.logBytes < 0) {
    return 'logBytes is not an integer ≥ 0';
  }
  const state = stateProblem(r.state);
  if (state !== undefined) return `state: ${state}`;
  const metadata = metadataProblem(r.metadata);
  if (metadata !== undefined) return `metadata: ${metadata}`;
  return undefined;
}
