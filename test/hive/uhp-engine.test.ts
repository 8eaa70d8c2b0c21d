import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ENGINE_VERSION,
  type HiveState,
  hive,
  UhpEngine,
  type UhpHelperJob,
  type UhpSearchHelpers,
} from '../../src/hive/index.js';
import { searchBudgetMs } from '../../src/hive/uhp-engine.js';
import { SharedSearchTable } from '../../src/search/shared-table.js';
import { A } from './appendix.js';

const lines = (reply: string) => reply.split('\n');

describe('UHP engine (H-UHP-9, H-UHP-10)', () => {
  it('H-UHP-9: info reports the package version (ENGINE_VERSION follows package.json)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(ENGINE_VERSION).toBe(pkg.version);
    expect(new UhpEngine().handle('info')).toContain(`id boardrules-hive ${pkg.version}\n`);
  });

  it('H-UHP-10: the scripted session from the spec', () => {
    const e = new UhpEngine({ version: '1.2.3', fanBugs: false });
    expect(e.handle('info')).toBe('id boardrules-hive 1.2.3\nMosquito;Ladybug;Pillbug\nok');
    expect(e.handle('newgame Base+MLP')).toBe('Base+MLP;NotStarted;White[1]\nok');
    expect(lines(e.handle('play wQ'))[0]).toMatch(/^invalidmove /);
    expect(e.handle('play wS1')).toBe('Base+MLP;InProgress;Black[1];wS1\nok');
    expect(e.handle('newgame')).toBe('Base;NotStarted;White[1]\nok');
  });

  it('H-FAN-UHP-4: with fan bugs enabled (the default) info appends the seven fan bugs', () => {
    expect(new UhpEngine({ version: '1.2.3' }).handle('info')).toBe(
      'id boardrules-hive 1.2.3\nMosquito;Ladybug;Pillbug;Mantis;Fly;Scorpion;Wasp;Cockroach;Dragonfly;Centipede\nok',
    );
    const official = new UhpEngine({ fanBugs: false });
    expect(lines(official.handle('newgame Base+M:wD:b'))[0]).toMatch(/^err /);
    expect(official.handle('newgame Base+M')).toBe('Base+M;NotStarted;White[1]\nok');
  });

  it('H-UHP-9: every reply ends with ok; failures print err / invalidmove and change nothing', () => {
    const e = new UhpEngine();
    expect(lines(e.handle('play wS1'))).toEqual([expect.stringMatching(/^err /), 'ok']);
    expect(lines(e.handle('validmoves'))[0]).toMatch(/^err /);
    expect(lines(e.handle('frobnicate'))[0]).toMatch(/^err /);
    // A blank line is answered with `ok` alone, as MzingaCpp answers it.
    expect(e.handle('')).toBe('ok');
    expect(e.handle(' \t ')).toBe('ok');
    expect(lines(e.handle('newgame Chess'))[0]).toMatch(/^err /);
    e.handle('newgame Base');
    expect(e.handle('PLAY   wS1 ')).toBe('Base;InProgress;Black[1];wS1\nok');
    const before = e.handle('validmoves');
    for (const bad of ['play', 'play bQ wS1', 'play bS1 -bQ', 'play xx', 'play wQ - wS1', 'pass']) {
      const r = lines(e.handle(bad));
      expect(r[0], bad).toMatch(/^(invalidmove|err) /);
      expect(r.at(-1)).toBe('ok');
    }
    expect(lines(e.handle('play bQ wS1-'))[0]).toMatch(/^invalidmove /); // tournament opening
    expect(e.handle('validmoves')).toBe(before);
    expect(lines(e.handle(`newgame ${A.pass};wQ -wA1`))[0]).toMatch(/^err /);
    expect(e.handle('undo 2')).toMatch(/^err /);
    expect(e.handle('undo x')).toMatch(/^err /);
    expect(e.handle('undo 1')).toBe('Base;NotStarted;White[1]\nok');
  });

  it('H-UHP-10: newgame with a GameString, validmoves, pass, bestmove, undo', () => {
    const e = new UhpEngine();
    expect(e.handle(`newgame ${A.pass}`)).toBe(`${A.pass}\nok`);
    expect(e.handle('validmoves')).toBe('pass\nok');
    expect(e.handle('bestmove depth 2')).toBe('pass\nok');
    expect(e.handle('bestmove time 00:00:01')).toBe('pass\nok');
    expect(lines(e.handle('bestmove soon'))[0]).toMatch(/^err /);
    const passed = e.handle('pass');
    expect(passed).toBe(`${A.pass.replace('White[7]', 'Black[7]')};pass\nok`);
    expect(e.handle('undo')).toBe(`${A.pass}\nok`);
    e.handle(`newgame ${A.pillbugGate}`);
    expect(e.handle('validmoves').split('\n')[0]?.split(';').sort()).toEqual([
      'bA1 -bB2',
      'bA1 /wP',
    ]);
    // Finished games: no moves, but undo works (H-END-7).
    e.handle(`newgame ${A.blackSuicide}`);
    expect(lines(e.handle('validmoves'))[0]).toMatch(/^err /);
    expect(lines(e.handle('play pass'))[0]).toMatch(/^err /);
    expect(lines(e.handle('bestmove'))[0]).toMatch(/^err /);
    expect(lines(e.handle('undo'))[0]).toMatch(/;InProgress;Black\[6\];/);
    // bestmove is deterministic and legal.
    e.handle('newgame Base+MLP');
    const a = e.handle('bestmove');
    expect(a).toBe(e.handle('bestmove'));
    expect(lines(e.handle(`play ${lines(a)[0]}`))[0]).toMatch(/^Base\+MLP;InProgress;Black\[1\]/);
  });

  it('H-UHP-10 / H-OPT-1: options list, get and set; a change applies from the next newgame', () => {
    const e = new UhpEngine();
    expect(e.handle('options')).toBe(
      [
        'TournamentOpening;bool;True;True',
        'RepetitionDraw;enum;False;False;False;True;HiveGame;Nokamute',
        'MaxPlies;int;0;0;0;100000',
        'StrictInput;bool;False;False',
        'TableSizeMiB;int;4;4;1;1024',
        'Aggression;int;3;3;1;5',
        'Threads;int;1;1;1;1',
        // boardrules extensions to UHP, off by default.
        'SearchInfo;bool;False;False',
        'MultiPV;int;1;1;1;64',
        'StopOnInput;bool;False;False',
        'ok',
      ].join('\n'),
    );
    expect(e.handle('options get MaxPlies')).toBe('MaxPlies;int;0;0;0;100000\nok');
    expect(lines(e.handle('options get Nope'))[0]).toMatch(/^err /);
    expect(lines(e.handle('options set MaxPlies -3'))[0]).toMatch(/^err /);
    expect(lines(e.handle('options set StrictInput maybe'))[0]).toMatch(/^err /);
    // Threefold: set RepetitionDraw mid-game; the running game ignores it.
    const moves = A.threefold.split(';').slice(3);
    e.handle('newgame Base');
    for (const m of moves.slice(0, 6)) e.handle(`play ${m}`);
    expect(e.handle('options set RepetitionDraw True')).toBe(
      'RepetitionDraw;enum;True;False;False;True;HiveGame;Nokamute\nok',
    );
    let last = '';
    for (const m of moves.slice(6)) last = e.handle(`play ${m}`);
    expect(last).toMatch(/^Base;InProgress;White\[7\];/);
    // From the next newgame on, the option holds.
    expect(e.handle(`newgame ${A.threefold}`)).toMatch(/^Base;Draw;White\[7\];/);
    expect(e.handle('options set TournamentOpening False')).toMatch(
      /^TournamentOpening;bool;False;True/,
    );
    e.handle('newgame Base');
    expect(e.handle('validmoves')).toContain('wQ');
  });

  it('perft N prints perft(0..N) with timings, counted like the published tables', () => {
    const e = new UhpEngine();
    e.handle('newgame Base');
    const r = lines(e.handle('perft 3'));
    expect(r).toHaveLength(5);
    const counts = r.slice(0, 4).map((l) => {
      const m = /^perft\((\d+)\) = (\d+) in \d+ ms\. \d+ KN\/s$/.exec(l);
      expect(m, l).not.toBeNull();
      return Number(m?.[2]);
    });
    expect(counts).toEqual([1, 4, 96, 1440]);
    expect(r[4]).toBe('ok');
    expect(lines(e.handle('perft x'))[0]).toMatch(/^err /);
  });

  it('H-UHP-9: a reply never echoes a huge input in full, and stays one line per message', () => {
    const e = new UhpEngine();
    e.handle('newgame Base');
    const junk = `x${'y'.repeat(10_000_000)}`;
    for (const line of [
      junk,
      `play ${junk}`,
      `newgame ${junk}`,
      `newgame Base;${junk};White[1]`,
      `newgame Base;InProgress;White[2];${junk}`,
      `bestmove depth ${junk}`,
      `undo ${junk}`,
      `options get ${junk}`,
      `options set MaxPlies ${junk}`,
      `perft ${junk}`,
      `pass ${junk}`,
      'play wS1\u0000\u001b[2J',
    ]) {
      const reply = lines(e.handle(line));
      expect(reply).toHaveLength(2);
      expect(reply[0]).toMatch(/^(err|invalidmove) /);
      expect((reply[0] as string).length).toBeLessThan(300);
      expect(reply[1]).toBe('ok');
    }
    // The echoed piece ends with an ellipsis where it was cut.
    expect(e.handle(`play ${junk}`)).toMatch(/'xyyy+…'/);
    expect(e.handle('newgame Base')).toBe('Base;NotStarted;White[1]\nok');
  });

  it('H-UHP-9: anything that is not a line of text is an err reply, never a throw', () => {
    const e = new UhpEngine();
    for (const junk of [null, undefined, 5, Symbol('s'), Object.create(null), { toString: 1 }]) {
      expect(lines(e.handle(junk as never))).toEqual([expect.stringMatching(/^err /), 'ok']);
    }
  });

  it('H-UHP-10: engine options TableSizeMiB and Aggression: get, set, checked, used by bestmove', () => {
    const e = new UhpEngine();
    expect(e.handle('options get tablesizemib')).toBe('TableSizeMiB;int;4;4;1;1024\nok');
    expect(e.handle('options set TableSizeMiB 64')).toBe('TableSizeMiB;int;64;4;1;1024\nok');
    expect(e.handle('options set Aggression 5')).toBe('Aggression;int;5;3;1;5\nok');
    for (const bad of ['0', '6', '-1', '2.5', 'high']) {
      expect(lines(e.handle(`options set Aggression ${bad}`))[0]).toMatch(
        /^err option Aggression needs an integer in 1\.\.5/,
      );
    }
    expect(lines(e.handle('options set TableSizeMiB 2048'))[0]).toMatch(/^err /);
    expect(e.handle('options get Aggression')).toBe('Aggression;int;5;3;1;5\nok');
    // The engine options change the search, not the rules: a game in progress plays on.
    e.handle('newgame Base+MLP;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-');
    const cautious = new UhpEngine();
    cautious.handle('options set Aggression 1');
    cautious.handle('newgame Base+MLP;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-');
    const valid = lines(e.handle('validmoves'))[0]?.split(';') ?? [];
    for (const engine of [e, cautious]) {
      const reply = lines(engine.handle('bestmove depth 2'));
      expect(valid).toContain(reply[0]);
    }
  });

  it('H-UHP-10: engine option Threads: helpers search a timed bestmove on the shared table', () => {
    // A fake set of helpers records each job; it checks the search is running when started.
    const jobs: UhpHelperJob[] = [];
    let runningAtStart = false;
    const helpers: UhpSearchHelpers = {
      max: 2,
      start(job) {
        runningAtStart = new SharedSearchTable(job.table).isRunning(job.search);
        jobs.push(job);
      },
    };
    const e = new UhpEngine({ helpers });
    expect(e.handle('options get Threads')).toBe('Threads;int;1;1;1;3\nok');
    e.handle('newgame Base+MLP;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-');
    const valid = lines(e.handle('validmoves'))[0]?.split(';') ?? [];
    // One thread: no helper.
    expect(valid).toContain(lines(e.handle('bestmove time 00:00:01'))[0]);
    expect(jobs).toHaveLength(0);
    expect(e.handle('options set Threads 3')).toBe('Threads;int;3;1;1;3\nok');
    expect(lines(e.handle('options set Threads 4'))[0]).toMatch(
      /^err option Threads needs an integer in 1\.\.3/,
    );
    // `depth` stays deterministic: one thread whatever the option.
    expect(valid).toContain(lines(e.handle('bestmove depth 2'))[0]);
    expect(jobs).toHaveLength(0);
    expect(valid).toContain(lines(e.handle('bestmove time 00:00:01'))[0]);
    expect(jobs).toHaveLength(1);
    const job = jobs[0] as UhpHelperJob;
    expect(runningAtStart).toBe(true);
    expect(job).toMatchObject({ count: 2, aggression: 3 });
    expect(job.timeMs).toBe(searchBudgetMs(1000));
    expect(job.state).toBe(hive.serialize(e.state as HiveState));
    const table = new SharedSearchTable(job.table);
    expect(table.entries).toBe(2 ** 18); // TableSizeMiB 4
    expect(table.isRunning(job.search)).toBe(false); // ended with the engine's search
    // A new table (another size) gets a new id, so helpers rebuild their bots.
    e.handle('options set TableSizeMiB 8');
    e.handle('bestmove time 00:00:01');
    expect(jobs[1]?.tableId).not.toBe(job.tableId);
    expect(new SharedSearchTable((jobs[1] as UhpHelperJob).table).entries).toBe(2 ** 19);
    // Without helpers the option stays at 1; a start-up value is checked against them.
    expect(new UhpEngine({ threads: 1 }).handle('options get Threads')).toBe(
      'Threads;int;1;1;1;1\nok',
    );
    expect(new UhpEngine({ helpers, threads: 2 }).handle('options get Threads')).toBe(
      'Threads;int;2;1;1;3\nok',
    );
    expect(() => new UhpEngine({ threads: 2 })).toThrow(/at most 1/);
    expect(() => new UhpEngine({ helpers, threads: 0 })).toThrow(/threads/);
    expect(() => new UhpEngine({ helpers: { max: -1, start: () => {} } })).toThrow(/helpers/);
  });

  it('H-UHP-10 / H-OPT-1: rule options given at start-up are the values options reports', () => {
    const e = new UhpEngine({ ruleOptions: { repetitionDraw: true, maxPlies: 200 } });
    expect(e.handle('options')).toBe(
      [
        'TournamentOpening;bool;True;True',
        'RepetitionDraw;enum;True;False;False;True;HiveGame;Nokamute',
        'MaxPlies;int;200;0;0;100000',
        'StrictInput;bool;False;False',
        'TableSizeMiB;int;4;4;1;1024',
        'Aggression;int;3;3;1;5',
        'Threads;int;1;1;1;1',
        // boardrules extensions to UHP, off by default.
        'SearchInfo;bool;False;False',
        'MultiPV;int;1;1;1;64',
        'StopOnInput;bool;False;False',
        'ok',
      ].join('\n'),
    );
    // They apply to the games it starts (H-OPT-1).
    e.handle('newgame Base');
    expect(e.state?.options.maxPlies).toBe(200);
    expect(e.state?.options.repetitionDraw).toBe(true);
    expect(() => new UhpEngine({ ruleOptions: { maxPlies: -1 } })).toThrow(/maxPlies/);
    expect(() => new UhpEngine({ ruleOptions: { type: 'Base' } as never })).toThrow(
      /unknown option 'type'/,
    );
    expect(() => new UhpEngine({ version: 'a b' })).toThrow(/version/);
    expect(() => new UhpEngine({ bogus: 1 } as never)).toThrow(/unknown option 'bogus'/);
  });

  it('exit and help', () => {
    const e = new UhpEngine();
    expect(e.handle('help')).toContain('validmoves');
    expect(e.done).toBe(false);
    expect(e.handle('exit')).toBe('ok');
    expect(e.done).toBe(true);
  });
});
