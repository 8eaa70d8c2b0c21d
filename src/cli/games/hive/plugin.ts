/**
 * The Hive plug-in the CLI registers: the game part (`../hive.ts`: flags, start, pictures, bots)
 * and Hive's own commands, `uhp` (a Universal Hive Protocol engine, with helper threads for its
 * search) and `match` (a referee between two UHP engines), with the jobs of their worker threads.
 * Node.js only. What it needs of Hive is public (`boardrules/hive`).
 */
import type { HiveMove, HiveState } from '../../../hive/index.js';
import { intFlag } from '../../flags.js';
import type { CommandPlugin, FlagSpec, GamePlugin } from '../../plugin.js';
import { UsageError } from '../../plugin.js';
import { plugin as game } from '../hive.js';
import { MATCH_FLAGS, runMatch, takeEngineFlags } from './match/run.js';
import { RULE_FLAGS, ruleOptionsFromFlags } from './rule-flags.js';
import { type HelperJob, helpHiveSearch } from './search-helpers.js';
import { isUhpThreadJob, serveUhpThread } from './uhp-thread.js';

/** `boardrules uhp`'s flags: the rule options' start-up values, and the engine's threads. */
const UHP_FLAGS: readonly FlagSpec[] = [
  ...RULE_FLAGS,
  {
    name: 'threads',
    value: '<N>',
    help: "search 'bestmove time' on N threads (the Threads option; default 1, at most the cores)",
  },
];

/** `boardrules uhp`: the UHP engine on the process's stdin and stdout. */
const uhp: CommandPlugin = {
  name: 'uhp',
  synopsis: 'uhp [rule options]',
  summary: 'a Universal Hive Protocol engine on stdin/stdout',
  about: [
    'A Universal Hive Protocol engine: reads commands on stdin, answers on stdout.',
    "The rule flags set its start-up UHP options ('options set' still changes them).",
  ].join('\n'),
  flags: UHP_FLAGS,
  async run(ctx, flags) {
    if (ctx.stdio === undefined) throw new UsageError('the UHP engine is not available here');
    const ruleOptions = ruleOptionsFromFlags(flags);
    const threads = intFlag(flags, 'threads', 1, 1);
    const { runUhp } = await import('./uhp.js');
    const { input, output, errors } = ctx.stdio;
    await runUhp(
      input,
      output,
      { ruleOptions, version: ctx.version, threads },
      ctx.workerScript,
      errors,
    );
  },
};

/** `boardrules match`: a referee between two UHP engines (boardrules' own by default). */
const match: CommandPlugin = {
  name: 'match',
  synopsis: 'match [--engine <cmd>] [--engine <cmd>] [--time s|--depth N] [--openings N]',
  summary: 'referee a Hive match between two UHP engines',
  about: [
    'Referees a match between two UHP engines (boardrules by default): every opening with both',
    'colours, every move checked by the rules and by both engines, games saved as GameStrings,',
    'the score with its Elo difference. A crash, hang or garbage answer loses that game only.',
  ].join('\n'),
  flags: MATCH_FLAGS,
  // `match` may name two engines with one flag; the generic parser takes the rest.
  take(args) {
    const { engines, rest } = takeEngineFlags(args);
    return { taken: engines, rest };
  },
  async run(ctx, flags, engines) {
    await runMatch(
      {
        ...ctx.io,
        now: ctx.now,
        ...(ctx.progress === undefined ? {} : { progress: ctx.progress }),
        // boardrules' own UHP engine, the default engine: this CLI's `uhp`.
        ...(ctx.self === undefined ? {} : { selfEngine: `${ctx.self} uhp` }),
      },
      flags,
      engines,
    );
    return undefined;
  },
};

/** `boardrules perft|moves|play hive ...`, `boardrules uhp` and `boardrules match`. */
export const plugin: GamePlugin<HiveState, HiveMove> = {
  ...game,
  commands: [uhp, match],
  // The engine thread of `uhp`, or a helper thread of its search (lazy SMP: its results are
  // in the shared table).
  runJob: (job) => (isUhpThreadJob(job) ? serveUhpThread(job) : helpHiveSearch(job as HelperJob)),
};
