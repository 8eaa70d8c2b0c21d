// Screenshots of the playground for the README: each game at a desktop and a phone size, a few
// moves into a game with a piece selected, as a person sees the page. Remake them after a change
// to the playground or a renderer: `node scripts/playground-screenshots.mjs [outDir]` (default
// docs/pictures; needs Chromium at /usr/bin/chromium or CHROMIUM_PATH). It builds the playground
// first (docs/playground/dist), opens it from disk in headless Chromium (playwright-core), types
// the moves of a fixed line of play into the page's move box and clicks a piece, so the
// pictures show only what the page does. The lines come from fixed move rules below.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '..');
const out = resolve(process.argv[2] ?? join(root, 'docs/pictures'));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

execFileSync(process.execPath, [join(root, 'scripts/build-playground.mjs')], {
  stdio: ['ignore', 'ignore', 'inherit'],
});

// The library from src/, for the positions (as scripts/docs-pictures.mjs does).
const scratch = mkdtempSync(join(tmpdir(), 'boardrules-screenshots-'));
const bundle = join(scratch, 'lib.mjs');
await build({
  stdin: {
    contents: `
      export { hive } from './src/hive/index.ts';
      export { coerceo } from './src/coerceo/index.ts';
      export { torres } from './src/torres/index.ts';
    `,
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  outfile: bundle,
  logLevel: 'warning',
});
const { hive, coerceo, torres } = await import(pathToFileURL(bundle).href);
rmSync(scratch, { recursive: true, force: true });

/** A game from `state` picking each move with `pick(state, ply)` until `done(state, ply)`. */
function line(game, state, pick, done) {
  const texts = [];
  let s = state;
  for (let ply = 0; !done(s, ply) && !game.terminal(s); ply++) {
    const m = pick(s, ply);
    texts.push(game.formatMove(s, m));
    s = game.apply(s, m);
  }
  return { texts, state: s };
}

// Hive: both sides bring out a piece of every kind, so every bug is on the board; then White,
// to move, has its Soldier Ant selected, its destinations marked.
const HIVE_ORDER = ['S', 'A', 'Q', 'G', 'B', 'L', 'M', 'P', 'A'];
const hiveLine = () =>
  line(
    hive,
    hive.start(),
    (s, ply) => {
      const kind = HIVE_ORDER[Math.floor(ply / 2)];
      const moves = hive.moves(s).filter((m) => m.kind === 'place' && m.piece[1] === kind);
      return moves[(ply * 7) % moves.length];
    },
    (_s, ply) => ply === HIVE_ORDER.length * 2,
  );

// Coerceo: a fixed line of 24 plies; then a White piece that can step is selected.
const coerceoLine = () =>
  line(
    coerceo,
    coerceo.start(),
    (s, ply) => coerceo.moves(s)[(ply * 7919) % coerceo.moves(s).length],
    (_s, ply) => ply === 24,
  );

// Torres: three players build for a few turns, with a move now and then (no early turn ends,
// no card plays), until the seat to act can still move a knight.
const torresLine = () =>
  line(
    torres,
    torres.start({ players: 3, seed: 7 }),
    (s, ply) => {
      const moves = torres.moves(s);
      const useful = moves.filter((m) => m.kind !== 'end' && m.kind !== 'play');
      const list = useful.length > 0 ? useful : moves;
      return list[(ply * 31) % list.length];
    },
    (s, ply) =>
      ply >= 30 &&
      s.step === 'actions' &&
      s.turn.apUsed <= 2 &&
      torres.moves(s).some((m) => m.kind === 'move'),
  );

/** The first piece of `state` with a move of `kind` (its `from`, or `piece`). */
const firstMover = (game, state, kind) => {
  const m = game.moves(state).find((x) => x.kind === kind);
  return m.from ?? m.piece;
};

const scenes = [
  {
    game: 'hive',
    form: {},
    line: hiveLine,
    select: () => '#board g.tile[data-piece="wA1"]',
  },
  {
    game: 'coerceo',
    form: {},
    line: coerceoLine,
    select: (s) => `#board polygon.piece[data-field="${firstMover(coerceo, s, 'step')}"]`,
  },
  {
    game: 'torres',
    // The setup of the line's start (the seed deals the stacks and the cards).
    form: { players: '3', seed: '7' },
    line: torresLine,
    select: (s) => `#board g.knight[data-square="${firstMover(torres, s, 'move')}"]`,
  },
];

const viewports = [
  { name: 'desktop', width: 1280, height: 800, scale: 1 },
  { name: 'phone', width: 390, height: 844, scale: 1 },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--font-render-hinting=none'],
});
try {
  const url = pathToFileURL(join(root, 'docs/playground/dist/index.html')).href;
  for (const v of viewports) {
    const context = await browser.newContext({
      viewport: { width: v.width, height: v.height },
      deviceScaleFactor: v.scale,
    });
    const page = await context.newPage();
    for (const scene of scenes) {
      await page.goto(`${url}?game=${scene.game}`);
      await page.locator('#board svg').waitFor();
      for (const [name, value] of Object.entries(scene.form)) {
        const control = page.locator(`#controls [name="${name}"]`);
        if ((await control.evaluate((el) => el.tagName)) === 'SELECT')
          await control.selectOption(value);
        else await control.fill(value);
      }
      if (Object.keys(scene.form).length > 0) await page.locator('#new-game').click();
      // The moves typed into the page's move box, one by one, as a person could.
      const { texts, state } = scene.line();
      for (const [n, text] of texts.entries()) {
        await page.locator('#move-text').fill(text);
        await page.locator('#play-typed').click();
        await page.locator(`#moves li:nth-child(${n + 1})`).waitFor();
      }
      await page.locator(scene.select(state)).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => document.fonts.ready);
      const file = join(out, `playground-${scene.game}-${v.name}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
