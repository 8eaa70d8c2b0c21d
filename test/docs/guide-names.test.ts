// The game guides name only functions that exist. A code span that reads like a call
// (`threats(state, by?)`, `formatBoard(state)`) in docs/<game>.md must name something a user can
// reach: an export of `boardrules/<game>`, of its render entry or of `boardrules`, or a method of
// the game record, of its search position (`generate`, `hash`) or of a RulesError. A guide once
// documented `curaThreats` and `show(state)`, which never existed.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as coerceoEntry from '../../src/coerceo/index.js';
import * as coerceoRender from '../../src/coerceo/svg.js';
import type { Game } from '../../src/core/game.js';
import * as hiveEntry from '../../src/hive/index.js';
import * as hiveRender from '../../src/hive/svg.js';
import * as core from '../../src/index.js';
import * as torresEntry from '../../src/torres/index.js';
import * as torresRender from '../../src/torres/svg.js';

const root = resolve(import.meta.dirname, '../..');

/** Every name a code span of `markdown` calls: `name(` at the start of the span. */
function calledNames(markdown: string): string[] {
  const prose = markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '');
  const names = new Set<string>();
  for (const m of prose.matchAll(/`(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)\(/g)) {
    names.add(m[1] as string);
  }
  return [...names].sort();
}

/** The names of an object's methods, own and inherited (but not Object's). */
function methodsOf(value: object): string[] {
  const names: string[] = [];
  for (let o: object | null = value; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    names.push(...Object.getOwnPropertyNames(o));
  }
  return names;
}

const GUIDES: readonly [string, object, object, Game<unknown, unknown, unknown>][] = [
  ['docs/hive.md', hiveEntry, hiveRender, hiveEntry.hive as Game<unknown, unknown, unknown>],
  [
    'docs/coerceo.md',
    coerceoEntry,
    coerceoRender,
    coerceoEntry.coerceo as Game<unknown, unknown, unknown>,
  ],
  [
    'docs/torres.md',
    torresEntry,
    torresRender,
    torresEntry.torres as Game<unknown, unknown, unknown>,
  ],
];

describe('the game guides', () => {
  it('finds the called names (the reader is not blind)', () => {
    expect(
      calledNames('`threats(state, by?)`, `coerceo.moves(s)` and `x`\n```ts\nf(1)\n```'),
    ).toEqual(['moves', 'threats']);
  });

  it.each(GUIDES)('%s names only functions that exist', (file, entry, render, game) => {
    const reachable = new Set<string>([
      ...Object.keys(entry),
      ...Object.keys(render),
      ...Object.keys(core),
      ...Object.keys(game),
      ...methodsOf(game.search?.(game.start()) ?? {}),
      ...methodsOf(new core.RulesError('PARSE_ERROR', 'x')),
    ]);
    const names = calledNames(readFileSync(join(root, file), 'utf8'));
    expect(names.length).toBeGreaterThan(3);
    expect(names.filter((n) => !reachable.has(n))).toEqual([]);
  });
});
