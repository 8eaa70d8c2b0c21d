import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/app.js';
import { games } from '../../src/cli/registry.js';
import { coerceo, LAURENTIUS_CPF } from '../../src/coerceo/index.js';

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let t = 0;
  const code = await runCli(argv, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    games,
    now: () => (t += 1),
  });
  return { code, out, err };
}

describe('CLI: coerceo plug-in', () => {
  it('is registered', () => {
    expect(games.has('coerceo')).toBe(true);
  });

  it('perft for both variants and exchange costs', async () => {
    const l = await run('perft', 'coerceo', '--depth', '3', '--json');
    expect(l.code).toBe(0);
    expect(l.out.map((x) => JSON.parse(x).nodes)).toEqual([48, 2304, 110304]);
    expect(JSON.parse(l.out[0] as string).variant).toBe('laurentius');
    const o = await run('perft', 'coerceo', '--variant', 'ocius', '--depth', '2');
    expect(o.out[1]).toMatch(/^perft\(2\) = 676 .*ocius/);
    const one = await run('perft', 'coerceo', '--exchange-cost', '1', '--depth', '1', '--json');
    expect(JSON.parse(one.out[0] as string).variant).toBe('laurentius exchange-1');
  });

  it('moves --state lists the legal moves; perft --state starts there', async () => {
    const r = await run('moves', 'coerceo', '--state', LAURENTIUS_CPF);
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(48);
    expect(r.out[0]).toBe('a1a-a1e');
    const p = await run(
      'perft',
      'coerceo',
      '--depth',
      '1',
      '--state=-,-,-/-,-,-,-/-,b,aef,b,-/-,-,-,-/-,-,- w 2/0 C2',
    );
    // by hand: c3a-c3c c3a-c4c c3e-c3c c3e-c4c xc2b xc3f xc4b
    expect(p.err).toEqual([]);
    expect(p.out[0]).toMatch(/^perft\(1\) = 7 .*custom/);
  });

  it('play prints the board and a final state that deserializes', async () => {
    const r = await run(
      'play',
      'coerceo',
      '--variant',
      'ocius',
      '--seed',
      '3',
      '--max-plies',
      '30',
    );
    expect(r.code).toBe(0);
    const text = r.out.join('\n');
    // The picture names each tile where its fields are drawn, and says what the symbols mean.
    expect(text).toMatch(/^ +c3 [WB.]{3}/m);
    expect(text).toMatch(/^Legend: W White piece, B Black piece/m);
    expect(text).toMatch(/a f e/);
    const last = r.out.find((l) => l.startsWith('state: ')) as string;
    const state = coerceo.deserialize(last.slice('state: '.length));
    expect(coerceo.serialize(state)).toBe(last.slice('state: '.length));
  });

  it('rejects bad flag values and bad states with exit code 2', async () => {
    expect((await run('perft', 'coerceo', '--variant', 'big', '--depth', '1')).code).toBe(2);
    expect((await run('perft', 'coerceo', '--exchange-cost', '3', '--depth', '1')).code).toBe(2);
    const bad = await run('moves', 'coerceo', '--state', 'nonsense');
    expect(bad.code).toBe(2);
    expect(bad.err.join('\n')).toMatch(/PARSE_ERROR/);
  });

  it('rule flags reach the options', async () => {
    const r = await run(
      'play',
      'coerceo',
      '--no-legal-moves',
      'loss',
      '--repetition-draw',
      'false',
      '--cura',
      '--max-plies',
      '2',
      '--quiet',
    );
    expect(r.code).toBe(0);
  });
});
