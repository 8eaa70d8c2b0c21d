import { describe, expect, it } from 'vitest';
import { plugin } from '../../src/cli/games/hive.js';
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
