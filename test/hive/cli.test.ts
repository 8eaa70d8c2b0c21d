import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/app.js';
import { plugin } from '../../src/cli/games/hive/plugin.js';
import { UsageError } from '../../src/cli/plugin.js';
import { games } from '../../src/cli/registry.js';
import { hive, playMoveString } from '../../src/hive/index.js';

describe('the Hive CLI plug-in', () => {
  it('is registered as "hive" and defaults to Base+MLP with the spec defaults', () => {
    expect(games.get('hive')).toBe(plugin);
    const s = plugin.startState({});
    expect(plugin.variant(s)).toBe('Base+MLP');
    expect(s.options).toMatchObject({
      tournamentOpening: true,
      repetitionDraw: false,
      maxPlies: 0,
    });
  });

  it('reads --type and the rule-option flags, and rejects bad values as usage errors', () => {
    const s = plugin.startState({
      type: 'base+pl',
      'tournament-opening': 'off',
      'repetition-draw': 'on',
      'ply-cap': '40',
      'strict-input': 'on',
    });
    expect(s.type).toBe('Base+LP');
    expect(s.options).toMatchObject({
      tournamentOpening: false,
      repetitionDraw: true,
      maxPlies: 40,
      strictInput: true,
    });
    expect(() => plugin.startState({ type: 'Chess' })).toThrow(UsageError);
    expect(() => plugin.startState({ 'ply-cap': 'x' })).toThrow(UsageError);
    // H-END-5: --max-plies names the spec's option; --ply-cap stays as an alias.
    expect(plugin.startState({ 'max-plies': '12' }).options.maxPlies).toBe(12);
    expect(() => plugin.startState({ 'max-plies': '1.5' })).toThrow(UsageError);
    expect(() => plugin.startState({ 'repetition-draw': 'maybe' })).toThrow(UsageError);
  });

  it('shows the GameString and a map with stacks', () => {
    let s = hive.start({ type: 'Base' });
    for (const m of ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-', 'wB1 -wQ', 'bA1 bQ-', 'wB1 wQ']) {
      s = playMoveString(s, m);
    }
    const text = plugin.show?.(s) ?? '';
    expect(text.split('\n')[0]).toBe(hive.serialize(s));
    expect(text).toContain('wB1*');
    expect(text).toContain('bottom to top: wQ wB1');
  });
});

describe('boardrules perft|moves|play hive through the CLI', () => {
  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, {
      io: { out: (l) => out.push(l), err: (l) => err.push(l) },
      now: () => 0,
    });
    return { code, out, err };
  }

  it("H-PLACE-5: a saved game with an illegal move is refused with its rule and the rule's address", async () => {
    const r = await run('moves', 'hive', '--state', 'Base+MLP;InProgress;Black[1];wQ');
    expect(r.code).toBe(2);
    expect(r.err[0]).toMatch(/^boardrules: ILLEGAL_MOVE: .*Queen.*\(H-PLACE-5\)$/);
    expect(r.err[1]).toBe(
      'boardrules: the rule: https://github.com/boardrules/boardrules/blob/main/docs/rules/hive.md#h-place-5',
    );
  });

  it('H-END-4: --repetition-draw takes the counts of hivegame.com and nokamute', () => {
    expect(plugin.startState({ 'repetition-draw': 'hivegame' }).options.repetitionDraw).toBe(
      'hivegame',
    );
    expect(plugin.startState({ 'repetition-draw': 'nokamute' }).options.repetitionDraw).toBe(
      'nokamute',
    );
    expect(() => plugin.startState({ 'repetition-draw': 'sometimes' })).toThrow(
      /on\|off\|hivegame\|nokamute/,
    );
  });

  it('H-PERFT-3: perft hive --type Base+MLP --depth 3 --json prints the published counts', async () => {
    const r = await run('perft', 'hive', '--type', 'Base+MLP', '--depth', '3', '--json');
    expect(r.code).toBe(0);
    expect(r.out.map((l) => JSON.parse(l).nodes)).toEqual([7, 294, 6678]);
    expect(JSON.parse(r.out[0] as string)).toMatchObject({ game: 'hive', variant: 'Base+MLP' });
  });

  it('perft and moves from a --state GameString', async () => {
    const state = 'Base+P;InProgress;White[2];wS1;bS1 wS1-';
    const moves = await run('moves', 'hive', '--state', state);
    expect(moves.code).toBe(0);
    // H-PLACE-3: wP may go only next to wS1 and away from bS1.
    expect(moves.out.filter((l) => l.startsWith('wP ')).sort()).toEqual(
      ['wP \\wS1', 'wP /wS1', 'wP -wS1'].sort(),
    );
    const perftOut = await run('perft', 'hive', '--state', state, '--depth', '1', '--json');
    expect(JSON.parse(perftOut.out[0] as string).nodes).toBe(moves.out.length);
  });

  it('play hive runs a seeded random game to its end or cap, the same both times', async () => {
    const a = await run('play', 'hive', '--type', 'Base', '--seed', '5');
    const b = await run('play', 'hive', '--type', 'Base', '--seed', '5');
    expect(a.code).toBe(0);
    expect(a.out).toEqual(b.out);
    expect(a.out.length).toBeGreaterThan(3);
  });

  it('H-END-5: in play, --max-plies stops the game and --ply-cap is the rule option', async () => {
    // The generic flag: the game is stopped after 3 plies, unfinished.
    const stopped = await run('play', 'hive', '--seed', '2', '--max-plies', '3');
    expect(stopped.code).toBe(0);
    expect(stopped.out.at(-1)).toMatch(/^result: stopped after 3 plies; 3 moves/);
    // The rule option: the third ply ends the game in a draw (H-END-5).
    const drawn = await run('play', 'hive', '--seed', '2', '--ply-cap', '3');
    expect(drawn.out.at(-1)).toMatch(/^result: finished; 3 moves; score seat 0 0.5, seat 1 0.5/);
    // Outside play, --max-plies is the rule option.
    const perft = await run('perft', 'hive', '--max-plies', '1', '--depth', '2', '--json');
    expect(perft.out.map((l) => JSON.parse(l).nodes)).toEqual([7, 0]);
  });

  it('H-FAN-UHP-2: the CLI plays, counts and lists fan-extended game types', async () => {
    const type = 'Base+MLP:wTFKWRDC:bTFKWRDC';
    const p = await run('perft', 'hive', '--type', type, '--depth', '2', '--json');
    expect(p.code).toBe(0);
    // One tile of each kind turned leaves S B G A beside T F K W R D C: eleven kinds to place,
    // the Queen not on the first turn (H-PLACE-5), then six hexes for each reply.
    expect(p.out.map((l) => JSON.parse(l).nodes)).toEqual([11, 11 * 11 * 6]);
    expect(JSON.parse(p.out[0] as string).variant).toBe(type);
    const g = await run('play', 'hive', '--type', type, '--seed', '3');
    expect(g.code).toBe(0);
    expect(g.out.join('\n')).toContain(type);
    const bad = await run('perft', 'hive', '--type', 'Base:wD:b', '--depth', '1');
    expect(bad.code).toBe(2); // H-FAN-ROSTER-4: a Dragonfly needs the Mosquito expansion
  });
});
