// The published package works as users install it: pack the real tarball, install it into a
// fresh project with no network, and use every entry point from an ES module, a CommonJS
// script, the bin, and TypeScript (node16 in both module systems, and bundler resolution).
//
// The tarball is packed from the dist/ the global setup (test/setup/build.ts) just built, with
// --ignore-scripts: letting `prepack` build again would cost a second full build per run and,
// since tsup cleans dist/ first, pull dist/ away from test files running in parallel. That a
// plain `npm pack` builds first is checked below through the `prepack` script.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const ENTRIES = [
  'boardrules',
  'boardrules/hive',
  'boardrules/hive/render',
  'boardrules/coerceo',
  'boardrules/coerceo/render',
  'boardrules/torres',
  'boardrules/torres/render',
  'boardrules/boardgameio',
  'boardrules/worker',
];
// Only these ship besides dist/ (npm adds package.json, README and LICENSE by itself;
// CHANGELOG.md once `changeset version` has written it).
const TOP_LEVEL = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'];

let scratch = '';
let files: string[] = [];

function node(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: scratch, encoding: 'utf8' });
}

/** Every file path package.json points at: main, module, types, bin and the exports map. */
function declaredFiles(): string[] {
  const out: string[] = [pkg.main, pkg.module, pkg.types, ...Object.values(pkg.bin as object)];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(pkg.exports);
  return [...new Set(out.map((p) => p.replace(/^\.\//, '')))].sort();
}

// One program that touches every entry point; `load` is `import(...)` or `require(...)`.
const CONSUMER_SCRIPT = `
const { RulesError, perft, randomBot } = await load('boardrules');
const { hive } = await load('boardrules/hive');
const { render: renderHive } = await load('boardrules/hive/render');
const { coerceo } = await load('boardrules/coerceo');
const { render: renderCoerceo } = await load('boardrules/coerceo/render');
const { torres } = await load('boardrules/torres');
const { render: renderTorres } = await load('boardrules/torres/render');
const { toBoardgameIO } = await load('boardrules/boardgameio');
const { BotWorker } = await load('boardrules/worker');
const { Worker } = await load('node:worker_threads');
const workerScript = "const { parentPort } = require('node:worker_threads');" +
  "const { serveBots } = require('boardrules/worker');" +
  "const { coerceo } = require('boardrules/coerceo');" +
  "serveBots(parentPort, [{ game: coerceo }]);";
const inWorker = new BotWorker(coerceo, { bot: 'random', seed: 4 }, () => new Worker(workerScript, { eval: true }));
const workerMove = (await inWorker.search(coerceo.start())).moveText;
inWorker.close();
let code = '';
try { hive.parseMove(hive.start(), 'nonsense'); } catch (e) { if (e instanceof RulesError) code = e.code; }
const svgs = [renderHive(hive.start()), renderCoerceo(coerceo.start()), renderTorres(torres.start())];
console.log(JSON.stringify({
  code,
  perft: [perft(hive, hive.start({ type: 'Base' }), 2), perft(coerceo, coerceo.start(), 2), perft(torres, torres.start({ players: 2 }), 2)],
  svg: svgs.every((s) => s.startsWith('<svg')),
  boardgameio: [toBoardgameIO(hive).name, toBoardgameIO(torres).maxPlayers],
  worker: workerMove === coerceo.formatMove(coerceo.start(), randomBot(coerceo, 4).choose(coerceo.start())),
}));
`;
// Both module systems give the same results, which the rules fix: perft(2) of Hive Base is
// 4 x 24 (no Queen on the first turn, H-PLACE-5: four bug types at (0,0), then four types on six
// hexes), of Coerceo 48 x 48, of a 2-player Torres setup 8 x 7 (one knight each on a free start
// square, T-SETUP-3).
// The boardgame.io definitions need no boardgame.io installed (an optional peer dependency).
// A bot in a worker thread (the worker's script requires the package too) plays what the same
// bot plays in-process.
const CONSUMER_RESULT = {
  code: 'PARSE_ERROR',
  perft: [96, 2304, 56],
  svg: true,
  boardgameio: ['hive', 4],
  worker: true,
};

// Imports every entry and uses its types; the @ts-expect-error lines fail if the types
// resolved to `any` (an unused @ts-expect-error is an error).
const CONSUMER_TS = `
import { type Bot, type Game, perft, RulesError, type SearchResult, mctsBot } from 'boardrules';
import { type CoerceoMove, type CoerceoState, coerceo } from 'boardrules/coerceo';
import { render as renderCoerceo } from 'boardrules/coerceo/render';
import { type HiveMove, type HiveState, hive, UhpEngine } from 'boardrules/hive';
import { render as renderHive } from 'boardrules/hive/render';
import { type TorresMove, torres } from 'boardrules/torres';
import { render as renderTorres } from 'boardrules/torres/render';
import { type BoardgameIOGame, toBoardgameIO } from 'boardrules/boardgameio';
import { BotWorker, serveBots, type WorkerLike } from 'boardrules/worker';

declare const spawn: () => WorkerLike;
export const workerBot: BotWorker<HiveState, HiveMove> = new BotWorker(hive, { bot: 'mcts', seed: 2, options: { rolloutDepth: 4 } }, spawn);
export const workerMove: Promise<HiveMove> = workerBot.search(hive.start()).then((r) => r.move);
export const serve: typeof serveBots = serveBots;
// @ts-expect-error alpha-beta takes no seed
export const seeded = new BotWorker(hive, { bot: 'alphabeta', seed: 1 }, spawn);

export const definition: BoardgameIOGame = toBoardgameIO(coerceo);

function firstMove<S, M, O>(game: Game<S, M, O>): M | undefined {
  return game.moves(game.start())[0];
}
export const moves: [HiveMove | undefined, CoerceoMove | undefined, TorresMove | undefined] = [
  firstMove(hive),
  firstMove(coerceo),
  firstMove(torres),
];
export const svg: string =
  renderHive(hive.start(), { coordinates: true }) +
  renderCoerceo(coerceo.start(), { coordinates: true }) +
  renderTorres(torres.start({ players: 3 }), { panel: false });
const bot: Bot<CoerceoState, CoerceoMove> = mctsBot(coerceo, { seed: 1 });
export const result: SearchResult<CoerceoMove> = bot.search(coerceo.start(), { iterations: 10 });
export const nodes: number = perft(coerceo, coerceo.start(), 1);
export const reply: string = new UhpEngine().handle('newgame Base');
export const torresBot = mctsBot(torres, { seed: 1, determinize: torres.determinize });
export const code: string = new RulesError('PARSE_ERROR', 'bad').code;
// @ts-expect-error a Hive move is not a Coerceo move
coerceo.apply(coerceo.start(), moves[0]!);
// @ts-expect-error Torres has no 'variant' option
torres.start({ variant: 'ocius' });
`;

function typeCheck(compilerOptions: object, include: string[]): string {
  const config = `tsconfig.${Object.values(compilerOptions).join('-')}.json`;
  writeFileSync(
    join(scratch, config),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022'],
        types: [],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        ...compilerOptions,
      },
      include,
    }),
  );
  try {
    execFileSync(process.execPath, [tsc, '-p', config, '--pretty', 'false'], {
      cwd: scratch,
      encoding: 'utf8',
    });
    return '';
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  }
}

describe('the packed tarball', () => {
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'boardrules-pack-'));
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    )[0] as { filename: string; files: { path: string }[] };
    files = packed.files.map((f) => f.path).sort();
    writeFileSync(
      join(scratch, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true }),
    );
    execFileSync(
      'npm',
      [
        'install',
        '--offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        `./${packed.filename}`,
      ],
      { cwd: scratch, stdio: 'ignore' },
    );
    writeFileSync(join(scratch, 'esm.mjs'), `const load = (id) => import(id);\n${CONSUMER_SCRIPT}`);
    writeFileSync(
      join(scratch, 'cjs.cjs'),
      `(async () => {\nconst load = async (id) => require(id);\n${CONSUMER_SCRIPT}\n})();`,
    );
    writeFileSync(join(scratch, 'consumer.ts'), CONSUMER_TS);
    writeFileSync(join(scratch, 'consumer.mts'), CONSUMER_TS);
  }, 120_000);

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('holds the build: every file package.json points at is in it', () => {
    expect(files.filter((f) => f.startsWith('dist/')).length).toBeGreaterThan(20);
    expect(declaredFiles().filter((f) => !files.includes(f))).toEqual([]);
  });

  it('holds nothing but dist/ and the top-level docs: no sources, tests or source maps', () => {
    const stray = files.filter((f) => !f.startsWith('dist/') && !TOP_LEVEL.includes(f));
    expect(stray).toEqual([]);
    expect(files.filter((f) => f.endsWith('.map') || f.endsWith('.tsbuildinfo'))).toEqual([]);
  });

  it('is built by a plain npm pack or npm publish: prepack runs the build', () => {
    // npm runs `prepack` before packing and publishing, so a fresh clone packs a complete
    // package instead of one without dist/.
    expect(pkg.scripts.prepack).toBe('npm run build');
    expect(pkg.scripts.build).toBe('tsup');
  });

  it('tells npm where the repository is, so its page links the docs and issues', () => {
    const installed = JSON.parse(
      readFileSync(join(scratch, 'node_modules/boardrules/package.json'), 'utf8'),
    );
    expect(installed.repository).toEqual({
      type: 'git',
      url: 'git+https://github.com/boardrules/boardrules.git',
    });
    expect(installed.homepage).toBe('https://github.com/boardrules/boardrules#readme');
    expect(installed.bugs).toEqual({ url: 'https://github.com/boardrules/boardrules/issues' });
  });

  it('every entry works from an ES module', () => {
    expect(JSON.parse(node(['esm.mjs']))).toEqual(CONSUMER_RESULT);
  });

  it('every entry works from a CommonJS script', () => {
    expect(JSON.parse(node(['cjs.cjs']))).toEqual(CONSUMER_RESULT);
  });

  it.each(ENTRIES)('%s exposes the same names to require and import', (entry) => {
    const cjs = node(['-e', `console.log(Object.keys(require('${entry}')).sort().join(','))`]);
    const esm = node([
      '--input-type=module',
      '-e',
      `console.log(Object.keys(await import('${entry}')).filter((k) => k !== 'default').sort().join(','))`,
    ]);
    expect(cjs.trim().length).toBeGreaterThan(0);
    expect(esm).toBe(cjs);
  });

  it('type-checks a consumer with node16 resolution, as CommonJS (.ts) and as ESM (.mts)', () => {
    expect(
      typeCheck({ module: 'node16', moduleResolution: 'node16' }, ['consumer.ts', 'consumer.mts']),
    ).toBe('');
  });

  it('type-checks a consumer with bundler resolution', () => {
    expect(typeCheck({ module: 'esnext', moduleResolution: 'bundler' }, ['consumer.ts'])).toBe('');
  });

  it('installs the boardrules bin', () => {
    const out = execFileSync(join(scratch, 'node_modules/.bin/boardrules'), ['--help'], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/Usage: boardrules/);
  });

  it('the installed bin prints the package version (read from the installed package.json)', () => {
    const out = execFileSync(join(scratch, 'node_modules/.bin/boardrules'), ['--version'], {
      encoding: 'utf8',
    });
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(out).toBe(`${pkg.version}\n`);
  });
});
