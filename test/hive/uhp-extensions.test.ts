// The boardrules extensions to UHP (unofficial, off by default; docs/hive.md): SearchInfo,
// MultiPV, StopOnInput and the stop signal, and `bestmove clock`. The engine is driven
// in-process here; test/hive/uhp-cli.test.ts drives the binary. No assertion depends on time:
// a stop is sent when the first `info` line is seen.
import { describe, expect, it } from 'vitest';
import { UhpEngine } from '../../src/hive/index.js';
import { CLOCK_MOVES, clockBudget, searchBudgetMs } from '../../src/hive/uhp-engine.js';
import { A } from './appendix.js';

const lines = (reply: string) => reply.split('\n');
const POSITION = 'Base+MLP;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-';
/** `info depth D multipv K score S value V [mate P] nodes N nps R time T pv M;M;…` */
const INFO =
  /^info depth (\d+) multipv (\d+) score (-?\d+) value (\d\.\d{4})(?: mate (-?\d+))? nodes (\d+) nps (\d+) time (\d+) pv (\S.*)$/;

/** An engine in POSITION with `options` set (`Name Value` each). */
function engineWith(...options: string[]): UhpEngine {
  const e = new UhpEngine();
  for (const o of options) expect(lines(e.handle(`options set ${o}`))[0]).not.toMatch(/^err/);
  e.handle(`newgame ${POSITION}`);
  return e;
}

/** The parsed `info` lines of a reply. */
function infos(reply: string) {
  return lines(reply)
    .filter((l) => l.startsWith('info '))
    .map((l) => {
      const m = INFO.exec(l);
      expect(m, l).not.toBeNull();
      const [, depth, rank, score, value, mate, nodes, , , pv] = m as RegExpExecArray;
      return {
        depth: Number(depth),
        rank: Number(rank),
        score: Number(score),
        value: Number(value),
        mate,
        nodes: Number(nodes),
        pv: (pv as string).split(';'),
      };
    });
}

/** Plays `pv` in a fresh engine at POSITION: every move must be legal where it is played. */
function expectLegalLine(pv: readonly string[]): void {
  const e = new UhpEngine();
  e.handle(`newgame ${POSITION}`);
  for (const m of pv) expect(lines(e.handle(`play ${m}`))[0], m).toMatch(/^Base\+MLP;/);
}

describe('UHP extensions: off by default', () => {
  it('lists the three options, off, and a bestmove reply is the move alone', () => {
    const e = new UhpEngine();
    expect(e.handle('options get SearchInfo')).toBe('SearchInfo;bool;False;False\nok');
    expect(e.handle('options get MultiPV')).toBe('MultiPV;int;1;1;1;64\nok');
    expect(e.handle('options get StopOnInput')).toBe('StopOnInput;bool;False;False\nok');
    e.handle(`newgame ${POSITION}`);
    expect(lines(e.handle('bestmove depth 3'))).toHaveLength(2);
    // A control that could stop the search does nothing unless StopOnInput is True.
    const plain = e.handle('bestmove depth 3');
    expect(e.handle('bestmove depth 3', { inputWaiting: () => true })).toBe(plain);
    const streamed: string[] = [];
    expect(e.handle('bestmove depth 3', { onLine: (l) => streamed.push(l) })).toBe(plain);
    expect(streamed).toEqual(lines(plain));
  });
});

describe('UHP extensions: SearchInfo and MultiPV', () => {
  it('SearchInfo: one info line per completed iteration before the move, which is unchanged', () => {
    const plain = lines(engineWith().handle('bestmove depth 4'));
    const reply = engineWith('SearchInfo True').handle('bestmove depth 4');
    const r = lines(reply);
    const found = infos(reply);
    expect(found.map((i) => i.depth)).toEqual([1, 2, 3, 4]);
    expect(found.every((i) => i.rank === 1)).toBe(true);
    expect(r.slice(0, 4).every((l) => l.startsWith('info '))).toBe(true);
    // The move line stays the last before `ok`, as official GUIs read it.
    expect(r.slice(4)).toEqual(plain);
    expect(found[3]?.pv[0]).toBe(plain[0]);
    for (const i of found) {
      expect(i.value).toBeGreaterThanOrEqual(0);
      expect(i.value).toBeLessThanOrEqual(1);
      expectLegalLine(i.pv);
    }
    const nodes = found.map((i) => i.nodes);
    expect(nodes).toEqual([...nodes].sort((a, b) => a - b));
  });

  it('MultiPV alone: the k best moves, distinct and best first, once the search is done', () => {
    const plain = lines(engineWith().handle('bestmove depth 3'));
    const reply = engineWith('MultiPV 4').handle('bestmove depth 3');
    const found = infos(reply);
    expect(found.map((i) => i.rank)).toEqual([1, 2, 3, 4]);
    expect(found.every((i) => i.depth === 3)).toBe(true);
    const firsts = found.map((i) => i.pv[0]);
    expect(new Set(firsts).size).toBe(4);
    const scores = found.map((i) => i.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const valid = lines(engineWith().handle('validmoves'))[0]?.split(';') ?? [];
    for (const i of found) {
      expect(valid).toContain(i.pv[0]);
      expectLegalLine(i.pv);
    }
    // The reply ends with the move alone, the best line's first move.
    const r = lines(reply);
    expect(r.slice(-2)).toEqual([firsts[0], 'ok']);
    expect(r).toHaveLength(6);
    expect(plain[0]).toBe(firsts[0]);
  });

  it('SearchInfo with MultiPV: k lines after every iteration', () => {
    const found = infos(engineWith('SearchInfo True', 'MultiPV 2').handle('bestmove depth 3'));
    expect(found.map((i) => [i.depth, i.rank])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
      [3, 1],
      [3, 2],
    ]);
  });

  it('a forced move is answered without a search and without info lines', () => {
    const e = new UhpEngine();
    e.handle('options set SearchInfo True');
    e.handle('options set MultiPV 3');
    e.handle(`newgame ${A.pass}`);
    expect(e.handle('bestmove depth 2')).toBe('pass\nok');
  });
});

describe('UHP extensions: stop', () => {
  it('the handle signal ends a bestmove time 00:10:00 at once: info lines, the move, ok', () => {
    const e = engineWith('SearchInfo True');
    const controller = new AbortController();
    const streamed: string[] = [];
    const reply = e.handle('bestmove time 00:10:00', {
      signal: controller.signal,
      onLine: (line) => {
        streamed.push(line);
        if (line.startsWith('info ')) controller.abort();
      },
    });
    const r = lines(reply);
    expect(streamed).toEqual(r);
    expect(r.at(-1)).toBe('ok');
    const valid = lines(e.handle('validmoves'))[0]?.split(';') ?? [];
    expect(valid).toContain(r.at(-2));
    expect(infos(reply).length).toBeGreaterThanOrEqual(1);
  });

  it('StopOnInput: a waiting line stops the search; without the option it does not', () => {
    const e = engineWith('SearchInfo True', 'StopOnInput True');
    let waiting = false;
    const reply = e.handle('bestmove time 00:10:00', {
      inputWaiting: () => waiting,
      onLine: (line) => {
        if (line.startsWith('info ')) waiting = true;
      },
    });
    const valid = lines(e.handle('validmoves'))[0]?.split(';') ?? [];
    expect(valid).toContain(lines(reply).at(-2));
    // Off: the same control is not consulted, and a depth search runs to its end.
    const off = engineWith('SearchInfo True');
    const full = off.handle('bestmove depth 3', { inputWaiting: () => true });
    expect(infos(full).map((i) => i.depth)).toEqual([1, 2, 3]);
  });

  it('a bad control is an err reply, and changes nothing', () => {
    const e = engineWith();
    const before = e.handle('validmoves');
    for (const control of [
      5,
      { signal: {} },
      { onLine: 'x' },
      { inputWaiting: true },
      { stop: true },
    ]) {
      const r = lines(e.handle('bestmove depth 1', control as never));
      expect(r, JSON.stringify(control)).toEqual([expect.stringMatching(/^err /), 'ok']);
    }
    expect(e.handle('validmoves')).toBe(before);
    // An onLine that throws is not called again; the reply is still whole.
    let calls = 0;
    const r = e.handle('validmoves', {
      onLine: () => {
        calls++;
        throw new Error('gone');
      },
    });
    expect(r).toBe(before);
    expect(calls).toBe(1);
  });
});

describe('UHP extensions: bestmove clock', () => {
  it('answers a legal move from both clocks, in any order and case', () => {
    const e = engineWith();
    const valid = lines(e.handle('validmoves'))[0]?.split(';') ?? [];
    for (const form of [
      'bestmove clock wtime 00:00:02 btime 00:00:02',
      'bestmove clock btime 00:01:00 wtime 00:00:01.5 binc 00:00:01 winc 00:00:00.250',
      'BESTMOVE CLOCK WTIME 0:00:00 BTIME 0:00:00',
    ]) {
      const r = lines(e.handle(form));
      expect(r, form).toHaveLength(2);
      expect(valid).toContain(r[0]);
    }
  });

  it('refuses a malformed clock with err, and the game and options stay as they were', () => {
    const e = engineWith();
    const before = [e.handle('validmoves'), e.handle('options'), e.canonical()];
    for (const [form, says] of [
      ['bestmove clock', /needs both sides' time/],
      ['bestmove clock wtime 00:00:10', /needs both sides' time/],
      ['bestmove clock wtime 00:00:10 btime', /btime needs a time/],
      ['bestmove clock wtime 10 btime 00:00:10', /wtime needs a time hh:mm:ss\[\.fff\], got '10'/],
      ['bestmove clock wtime 00:61:00 btime 00:00:10', /wtime needs a time/],
      ['bestmove clock wtime 00:00:10 btime 00:00:10.1234', /btime needs a time/],
      ['bestmove clock wtime 00:00:10 btime -00:00:10', /btime needs a time/],
      ['bestmove clock wtime 00:00:10 btime 00:00:10 winc x', /winc needs a time/],
      ['bestmove clock wtime 00:00:10 wtime 00:00:10', /wtime is given twice/],
      ['bestmove clock wtime 00:00:10 btime 00:00:10 movestogo 5', /unknown field 'movestogo'/],
      ['bestmove clock 00:00:10', /unknown field '00:00:10'/],
    ] as const) {
      const r = lines(e.handle(form));
      expect(r, form).toEqual([expect.stringMatching(/^err bestmove clock/), 'ok']);
      expect(r[0]).toMatch(says);
    }
    expect([e.handle('validmoves'), e.handle('options'), e.canonical()]).toEqual(before);
  });

  it('the time manager spends a share of the clock and never more than a third of it', () => {
    // Five minutes, no increment: a thirtieth is the target, half of it the last start of an
    // iteration, three times it the hard stop (less the safety margin).
    const five = clockBudget({ timeMs: 300_000, incrementMs: 0 });
    expect(five.softMs).toBe(300_000 / CLOCK_MOVES / 2);
    expect(five.hardMs).toBe(searchBudgetMs(30_000));
    // The increment is spent too, but a nearly spent clock caps everything at a third of it.
    const inc = clockBudget({ timeMs: 60_000, incrementMs: 2_000 });
    expect(inc.softMs).toBe((2_000 + 2_000) / 2);
    const low = clockBudget({ timeMs: 1_000, incrementMs: 5_000 });
    expect(low.hardMs).toBeLessThanOrEqual(1_000 / 3);
    expect(low.softMs).toBeLessThanOrEqual(low.hardMs);
    for (const timeMs of [0, 1, 10, 100, 1_000, 10_000, 3_600_000]) {
      for (const incrementMs of [0, 100, 2_000, 30_000]) {
        const b = clockBudget({ timeMs, incrementMs });
        expect(b.hardMs).toBeGreaterThanOrEqual(1);
        if (timeMs >= 100) expect(b.hardMs).toBeLessThanOrEqual(timeMs / 3);
        expect(b.softMs).toBeLessThanOrEqual(Math.max(b.hardMs, timeMs / 6));
      }
    }
  });
});

describe('UHP extensions: bad option values change nothing', () => {
  it('err names the option and what it needs; options and game stay as they were', () => {
    const e = engineWith('SearchInfo True', 'MultiPV 2');
    const before = [e.handle('options'), e.canonical()];
    for (const [set, says] of [
      ['SearchInfo yes', /^err option SearchInfo needs True or False, got 'yes'/],
      ['SearchInfo 1', /^err option SearchInfo needs True or False/],
      ['StopOnInput', /^err bad options command/],
      ['MultiPV 0', /^err option MultiPV needs an integer in 1\.\.64, got '0'/],
      ['MultiPV 65', /^err option MultiPV needs an integer in 1\.\.64/],
      ['MultiPV two', /^err option MultiPV needs an integer/],
      ['MultiPV 2 3', /^err /],
    ] as const) {
      const r = lines(e.handle(`options set ${set}`));
      expect(r, set).toEqual([expect.stringMatching(says), 'ok']);
    }
    expect([e.handle('options'), e.canonical()]).toEqual(before);
    expect(e.handle('options set searchinfo false')).toBe('SearchInfo;bool;False;False\nok');
  });
});
