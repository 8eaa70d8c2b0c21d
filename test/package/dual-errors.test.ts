// An app that both `require`s and `import`s boardrules loads two copies of the library: the
// CommonJS build (dist/*.cjs) and the ES module build (dist/*.js), each with its own RulesError
// class. A RulesError thrown by either must still be recognised by the other's `instanceof
// RulesError` and `isRulesError`, errors thrown by the game entries included. This runs the
// built package (the global setup builds dist/) in a Node process of its own, through the
// package's own name and exports map, as an app would.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** Runs `body` as an ES module in the repository, with `require` for the CommonJS build. */
function run(body: string): unknown {
  const script = `
import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(`${root}/package.json`)});
const esm = { core: await import('boardrules'), hive: await import('boardrules/hive'),
  coerceo: await import('boardrules/coerceo'), torres: await import('boardrules/torres') };
const cjs = { core: require('boardrules'), hive: require('boardrules/hive'),
  coerceo: require('boardrules/coerceo'), torres: require('boardrules/torres') };
const thrown = (f) => { try { f(); } catch (e) { return e; } throw new Error('did not throw'); };
// One refused call per game entry, and one of the core entry.
const errors = (m) => ({
  hive: thrown(() => m.hive.hive.parseMove(m.hive.hive.start(), 'nonsense')),
  coerceo: thrown(() => m.coerceo.coerceo.apply(m.coerceo.coerceo.start(), { kind: 'exchange', target: 'a3f' })),
  torres: thrown(() => m.torres.torres.start({ players: 5 })),
  core: thrown(() => m.core.perft(m.hive.hive, m.hive.hive.start(), -1)),
});
${body}
`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    }),
  );
}

describe('RulesError across the CommonJS and ES module builds', () => {
  it('the two builds really are two copies with two classes (what this test is about)', () => {
    expect(
      run(`console.log(JSON.stringify({
        same: esm.core.RulesError === cjs.core.RulesError,
        cjsClass: errors(cjs).hive.constructor === cjs.core.RulesError,
        esmClass: errors(esm).hive.constructor === esm.core.RulesError,
      }));`),
    ).toEqual({ same: false, cjsClass: true, esmClass: true });
  });

  it('an error thrown by the CommonJS build is a RulesError to the ES module build, and back', () => {
    const result = run(`
const check = (from, to) => Object.fromEntries(Object.entries(errors(from)).map(([entry, e]) => [
  entry,
  { instanceOf: e instanceof to.core.RulesError, is: to.core.isRulesError(e),
    withCode: to.core.isRulesError(e, e.code), otherCode: to.core.isRulesError(e, 'GAME_OVER'),
    code: e.code },
]));
console.log(JSON.stringify({ cjsToEsm: check(cjs, esm), esmToCjs: check(esm, cjs) }));`) as Record<
      string,
      Record<string, Record<string, unknown>>
    >;
    const codes = {
      hive: 'PARSE_ERROR',
      coerceo: 'ILLEGAL_MOVE',
      torres: 'INVALID_OPTIONS',
      core: 'UNSUPPORTED',
    };
    for (const direction of ['cjsToEsm', 'esmToCjs']) {
      for (const [entry, code] of Object.entries(codes)) {
        expect(result[direction]?.[entry], `${direction} ${entry}`).toEqual({
          instanceOf: true,
          is: true,
          withCode: true,
          otherCode: false,
          code,
        });
      }
    }
  });

  it("the game entries' errors are RulesErrors of the other build's game entries too", () => {
    // boardrules/hive (CommonJS) against boardrules (ESM) is the case the issue reported; the
    // library's own catch blocks (explain, the guard) use the same test.
    const result = run(`
const e = errors(cjs).hive;
console.log(JSON.stringify({
  explain: esm.hive.hive.explain(esm.hive.hive.start({ tournamentOpening: true }),
    { kind: 'place', piece: 'wQ', q: 0, r: 0 }).rule,
  viaEsmHive: e instanceof esm.core.RulesError && esm.core.isRulesError(e, 'PARSE_ERROR'),
}));`);
    expect(result).toEqual({ explain: 'H-PLACE-5', viaEsmHive: true });
  });

  it('copies and look-alikes are not RulesErrors in either build', () => {
    const result = run(`
const e = errors(cjs).hive;
const fakes = {
  spread: { ...e },
  json: JSON.parse(JSON.stringify({ name: e.name, code: e.code, message: e.message })),
  clone: structuredClone(e),
  plainError: Object.assign(new Error('x'), { code: 'PARSE_ERROR', name: 'RulesError' }),
};
const out = {};
for (const [name, f] of Object.entries(fakes)) {
  out[name] = [f instanceof esm.core.RulesError, esm.core.isRulesError(f),
    f instanceof cjs.core.RulesError, cjs.core.isRulesError(f)];
}
console.log(JSON.stringify(out));`);
    expect(result).toEqual({
      spread: [false, false, false, false],
      json: [false, false, false, false],
      clone: [false, false, false, false],
      plainError: [false, false, false, false],
    });
  });
});
