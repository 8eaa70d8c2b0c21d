// The analysis board (docs/playground/analysis.html) in headless Chromium: a Hive PGN pasted and
// stepped through with the keyboard and the move list, its comments and glyphs, a move played on
// the board joining it as a variation, the evaluation graph filling point by point, the engine's
// suggestion (a legal move, marked on the board); the page answering keys at once while the
// worker searches for minutes; Coerceo and Torres records found by their tags and stepped; the
// layout at desktop and phone sizes; the setup box refusing a bad position with the game's
// message and analysing a good one; links that reopen the record or the position. What the page
// should show is worked out with the library itself.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coerceo } from '../src/coerceo/index.js';
import { type HiveState, hive } from '../src/hive/index.js';
import {
  type Game,
  isRulesError,
  readRecords,
  recordOfGame,
  replayLine,
  writeRecord,
} from '../src/index.js';
import { torres } from '../src/torres/index.js';
import { layoutProblemsInPage } from './layout.js';
import { mainThreadPauses, textProblemsOnPage, usePages } from './serve.js';

const root = resolve(import.meta.dirname, '..');
const site = join(root, 'docs/playground/dist');
const artifacts = join(root, 'test-artifacts');

/** A short Hive game with a comment, glyphs and a variation (at ply 4, two plies long). */
const HIVE_PGN = `[GameType "Base"]
[White "Alice"]
[Black "Bob"]

1. wS1 {A quiet start}
2. bS1 wS1-
3. wQ -wS1 !?
4. bQ bS1- (4. bG1 bS1- ?! {a fine move} 5. wA1 \\wQ)
5. wA1 \\wQ
6. bG1 bQ-
7. wG1 /wQ
8. bA1 bG1\\
`;

/** The parts of the page that must not overlap (see layout.ts). */
const PARTS: readonly string[] = [
  'header h1',
  'header p',
  '#open h2',
  '#open label',
  '#record-text',
  '#record-open',
  '#record-message',
  '#record-tags li',
  '#setup-text',
  '#setup-from-board',
  '#setup-check',
  '#setup-use',
  '#setup-tools button',
  '#setup-message',
  '#status',
  '#place',
  '#notice',
  '#comment',
  '#board svg',
  '#summary li',
  '#tray .tray-row',
  '#choices button',
  '#engine .row',
  '#engine-status',
  '#suggestion',
  '#graph svg',
  '#graph-status',
  '#side h2',
  '#side .hint',
  '#moves',
  '#link',
  '#link-kind',
];

let page: Page;
const session = usePages({
  site,
  artifacts,
  viewport: { width: 1280, height: 800 },
  onPage: (p) => {
    page = p;
  },
});

/** Opens the analysis board from the server (or from disk), with `hash` after it. */
async function open(via: 'http' | 'file' = 'http', hash = ''): Promise<void> {
  const url =
    via === 'file'
      ? pathToFileURL(join(site, 'analysis.html')).href
      : `${session.base}analysis.html`;
  await page.goto(`${url}${hash}`);
  await page.locator('#board svg').waitFor();
}

/** Pastes `text` into the record box and opens it. */
async function paste(text: string, game = 'auto'): Promise<void> {
  await page.locator('#record-game').selectOption(game);
  await page.locator('#record-text').fill(text);
  await page.locator('#record-open').click();
}

const ply = async (): Promise<number> =>
  Number(await page.locator('#board').getAttribute('data-ply'));
const path = async (): Promise<string> =>
  (await page.locator('#board').getAttribute('data-path')) ?? '';
const text = async (selector: string): Promise<string> =>
  (await page.locator(selector).textContent()) ?? '';
/** The saved text of the position on the board (the setup box's "From the board"). */
async function boardPosition(): Promise<string> {
  await page.locator('#setup-from-board').click();
  return page.locator('#setup-text').inputValue();
}

/** Presses `key` on the page (not in a text box) and waits for the board to reach `want`. */
async function press(key: string, want: string): Promise<void> {
  await page.locator('#board').focus();
  await page.keyboard.press(key);
  await expect.poll(path).toBe(want);
}

/** The state at a place of a Hive PGN's tree (child indices), replayed in Node. */
function hiveStateAt(pgn: string, at: number[]): HiveState {
  const record = readRecords(hive, pgn).records[0];
  if (record === undefined) throw new Error('no record');
  const nodes = [];
  let children = record.children;
  for (const i of at) {
    const node = children[i];
    if (node === undefined) throw new Error('no such place');
    nodes.push(node);
    children = node.children;
  }
  const line = replayLine(hive, record, nodes);
  if (line.error) throw line.error;
  return line.states.at(-1) as HiveState;
}

/** A record of `plies` plies of `game` from `start`, moves picked by a fixed rule, as PGN. */
function recordText<S, M>(game: Game<S, M, unknown>, start: S, plies: number): string {
  let s = start;
  const moves: M[] = [];
  for (let i = 0; i < plies && !game.terminal(s); i++) {
    const legal = game.moves(s);
    const m = legal[(i * 7919) % legal.length] as M;
    moves.push(m);
    s = game.apply(s, m);
  }
  return writeRecord(game, recordOfGame(game, start, moves));
}

describe('analysis board: a Hive record', () => {
  it('a pasted PGN steps with the keys and the move list, with its comments and glyphs', async () => {
    await open();
    await paste(HIVE_PGN);
    expect(await text('#record-message')).toContain('of Hive (its GameType tag), read as pgn');
    // Every ply numbered; the variation after the move it replaces, its glyph and comment.
    const moves = await page.locator('#moves .mv .text').allTextContents();
    expect(moves).toEqual([
      'wS1',
      'bS1 wS1-',
      'wQ -wS1',
      'bQ bS1-',
      'bG1 bS1-',
      'wA1 \\wQ',
      'wA1 \\wQ',
      'bG1 bQ-',
      'wG1 /wQ',
      'bA1 bG1\\',
    ]);
    expect(await page.locator('#moves .var .mv').count()).toBe(2);
    expect(await page.locator('#moves .glyph').allTextContents()).toEqual([' !?', ' ?!']);
    expect(await page.locator('#moves .note').allTextContents()).toEqual([
      'A quiet start',
      'a fine move',
    ]);
    expect(await path()).toBe('');
    expect(await text('#status')).toBe('White to move');

    await press('ArrowRight', '0');
    expect(await text('#comment')).toBe('A quiet start');
    expect(await text('#status')).toBe('Black to move');
    await press('ArrowRight', '0.0');
    await press('ArrowRight', '0.0.0');
    await press('ArrowRight', '0.0.0.0');
    expect(await text('#place')).toBe('Ply 4 of 8, main line');
    // ↓ to the variation at this ply, on along it, ↑ back to the main move.
    await press('ArrowDown', '0.0.0.1');
    expect(await text('#comment')).toBe('a fine move');
    expect(await text('#place')).toBe('Ply 4, in a variation');
    await press('ArrowRight', '0.0.0.1.0');
    await press('ArrowLeft', '0.0.0.1');
    await press('ArrowUp', '0.0.0.0');
    await press('End', '0.0.0.0.0.0.0.0');
    expect(await ply()).toBe(8);
    await press('Home', '');

    // A click on a move of the list goes there, and it is marked as the current one.
    await page.locator('#moves .mv[data-path="0.0.0.1.0"]').click();
    expect(await path()).toBe('0.0.0.1.0');
    expect(await page.locator('#moves .mv.current').getAttribute('data-path')).toBe('0.0.0.1.0');
    expect(await boardPosition()).toBe(hive.serialize(hiveStateAt(HIVE_PGN, [0, 0, 0, 1, 0])));
    await page.locator('#moves .mv[data-path="0.0.0.0.0.0"]').click();
    expect(await ply()).toBe(6);
  });

  it('a move played on the board joins the record as a variation', async () => {
    await open();
    await page.locator('#engine-on').uncheck();
    await paste(HIVE_PGN);
    await page.locator('#moves .mv[data-path="0.0.0"]').click();
    // Black's Ant from the hand, then a marked hex: a third choice at ply 4.
    await page.locator('#tray .hand-piece[data-piece="bA1"]').click();
    expect(await page.locator('#board svg g.target').count()).toBeGreaterThan(0);
    await page.locator('#board svg g.target').first().click();
    expect(await path()).toBe('0.0.0.2');
    expect(await page.locator('#moves .var').count()).toBe(2);
    const played = (await page.locator('#moves .mv.current .text').textContent()) ?? '';
    expect(played).toMatch(/^bA1 /);
    // Played again from the same place, it goes to the same child.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(path).toBe('0.0.0');
    await page.locator('#tray .hand-piece[data-piece="bA1"]').click();
    await page.locator('#board svg g.target').first().click();
    expect(await path()).toBe('0.0.0.2');
    expect(await page.locator('#moves .mv').count()).toBe(11);
  });

  it('the graph gets a point per position and the worker suggests a legal move', async () => {
    await open();
    await page.locator('#graph-time').selectOption('100');
    await page.locator('#think-time').selectOption('1000');
    await paste(HIVE_PGN);
    // One point per position of the main line (the start and 8 plies), each a value in [0, 1].
    await expect
      .poll(() => page.locator('#graph svg circle.graph-point').count(), { timeout: 30_000 })
      .toBe(9);
    expect(await text('#graph-status')).toBe('All 9 positions evaluated.');
    const values = await page
      .locator('#graph svg circle.graph-point')
      .evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('data-value'))));
    for (const v of values) expect(v >= 0 && v <= 1).toBe(true);
    expect(await page.locator('#graph svg polyline.graph-line').count()).toBe(1);

    // At ply 3 the suggestion is a legal move there, marked on the board.
    await page.locator('#moves .mv[data-path="0.0.0"]').click();
    await expect.poll(() => text('#suggestion'), { timeout: 20_000 }).toMatch(/^Best: /);
    const best = (await page.locator('#suggestion').getAttribute('data-move')) ?? '';
    const state = hiveStateAt(HIVE_PGN, [0, 0, 0]);
    expect(() => hive.parseMove(state, best)).not.toThrow();
    expect(await page.locator('#board svg g.target').count()).toBeGreaterThan(0);
    await expect.poll(() => text('#engine-status'), { timeout: 20_000 }).toMatch(/^Done: /);
    // The graph marks the ply shown; a click on a point goes to its ply.
    expect(await page.locator('#graph svg line.graph-current').count()).toBe(1);
    const point = page.locator('#graph svg circle.graph-point[data-ply="6"]');
    await point.click();
    expect(await path()).toBe('0.0.0.0.0.0');
    await page.screenshot({ path: join(artifacts, 'analysis-hive.png'), fullPage: true });
  });

  it('the page answers keys at once while the worker searches for minutes', async () => {
    await open();
    await page.locator('#think-time').selectOption('600000');
    await paste(HIVE_PGN);
    await press('ArrowRight', '0');
    await press('ArrowRight', '0.0');
    // The search is under way: it has reported a depth, and it goes on (10 minutes).
    await expect.poll(() => text('#suggestion'), { timeout: 20_000 }).toMatch(/^Best: /);
    expect(await page.locator('#engine').getAttribute('data-busy')).toBe('true');
    const before = await text('#engine-status');
    expect(before).toMatch(/^Thinking: alpha-beta, depth \d+/);

    // While it searches, the page's own thread stays free: timers fire on time, and no task
    // blocks it (the longtask observer sees every task over 50 ms).
    const { gap, longest } = await mainThreadPauses(page);
    expect(gap).toBeLessThan(500);
    expect(longest).toBeLessThan(500);
    expect(await page.locator('#engine').getAttribute('data-busy')).toBe('true');

    // → answers at once: the board moves on while a worker still searches (the new position's).
    await page.locator('#board').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(path, { timeout: 2_000, interval: 20 }).toBe('0.0.0');
    expect(await page.locator('#engine').getAttribute('data-busy')).toBe('true');
    expect(await text('#engine-status')).toMatch(/^Thinking/);
    // And so does a click on the move list.
    await page.locator('#moves .mv[data-path="0.0.0.1"]').click({ timeout: 1_500 });
    expect(await path()).toBe('0.0.0.1');
    expect(await page.locator('#engine').getAttribute('data-busy')).toBe('true');
  });
});

describe('analysis board: Coerceo and Torres', () => {
  it('a Coerceo record is found by its Variant tag and steps', async () => {
    const pgn = recordText(coerceo, coerceo.start(), 6);
    await open();
    await paste(pgn);
    expect(await text('#record-message')).toContain('of Coerceo (its Variant tag)');
    expect(await page.locator('#board').getAttribute('data-game')).toBe('coerceo');
    expect(await page.locator('#moves .mv').count()).toBe(6);
    await press('ArrowRight', '0');
    await press('ArrowRight', '0.0');
    expect(await text('#status')).toBe('White to move');
    await press('End', '0.0.0.0.0.0');
    const record = readRecords(coerceo, pgn).records[0];
    if (record === undefined) throw new Error('no record');
    expect(await boardPosition()).toBe(coerceo.serialize(replayLine(coerceo, record).states[6]));
  });

  it('a Torres record is found by its Players tag and steps', async () => {
    const pgn = recordText(torres, torres.start({ players: 3, seed: 5 }), 12);
    await open('file');
    await paste(pgn);
    expect(await text('#record-message')).toContain('of Torres (its Players tag)');
    expect(await page.locator('#board').getAttribute('data-game')).toBe('torres');
    expect(await page.locator('#moves .mv').count()).toBe(12);
    await press('ArrowRight', '0');
    await press('End', Array(12).fill('0').join('.'));
    expect(await ply()).toBe(12);
    await press('ArrowLeft', Array(11).fill('0').join('.'));
    // Opened from disk, the worker runs too (it starts from a blob: URL).
    await expect.poll(() => text('#suggestion'), { timeout: 30_000 }).toMatch(/^Best: /);
  });
});

/** Cut or covered text anywhere on the page (see serve.ts). */
function textProblems(): Promise<string[]> {
  return textProblemsOnPage(page);
}

describe('analysis board: layout', () => {
  const records: Record<string, () => string> = {
    hive: () => HIVE_PGN,
    coerceo: () => recordText(coerceo, coerceo.start(), 20),
    torres: () => recordText(torres, torres.start({ players: 4, seed: 2 }), 40),
  };
  for (const [name, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    for (const game of ['hive', 'coerceo', 'torres']) {
      it(`${game}, ${name}: nothing overlaps, no text is cut or covered, the board fits`, async () => {
        await page.setViewportSize({ width, height });
        await open();
        await paste((records[game] as () => string)());
        await page.locator('#board').focus();
        for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
        await expect.poll(ply).toBe(5);
        await expect.poll(() => text('#suggestion'), { timeout: 20_000 }).toMatch(/^Best: /);
        expect(await page.evaluate(layoutProblemsInPage, PARTS)).toEqual([]);
        expect(await textProblems()).toEqual([]);
        await page.screenshot({
          path: join(artifacts, `analysis-${game}-${name}.png`),
          fullPage: true,
        });
      });
    }
  }
});

describe('analysis board: setup and links', () => {
  it('a refused position shows the game’s message; a valid one is analysed; a piece is set on a field', async () => {
    await open('http', '');
    await page.locator('#record-game').selectOption('coerceo');
    expect(await page.locator('#board').getAttribute('data-game')).toBe('coerceo');
    const start = await boardPosition();
    expect(start).toBe(coerceo.serialize(coerceo.start()));
    // Black's pieces all gone while White is to move: refused, with the game's own words.
    const bad = start.replace(/^\S+/, (board) =>
      board.replace(/[a-f]+/g, (tile) => tile.replace(/[bdf]/g, '') || '.'),
    );
    let why = '';
    try {
      coerceo.deserialize(bad);
    } catch (e) {
      if (!isRulesError(e)) throw e;
      why = e.message;
    }
    expect(why).not.toBe('');
    await page.locator('#setup-text').fill(bad);
    await page.locator('#setup-check').click();
    expect(await text('#setup-message')).toBe(`Not a valid Coerceo position: ${why}`);
    await page.locator('#setup-use').click();
    expect(await boardPosition()).toBe(start);

    // The piece tool takes White's piece off a1a (a click on the field).
    const field = 'a1a';
    await page.locator('#setup-tools button[data-tool="piece"]').click();
    await page.locator(`#board [data-field="${field}"]`).first().click({ force: true });
    expect(await text('#setup-message')).toMatch(/^A valid Coerceo position: White to move/);
    const edited = await boardPosition();
    expect(edited).not.toBe(start);
    expect(coerceo.serialize(coerceo.deserialize(edited))).toBe(edited);
  });

  it('a Hive position built with clicks is checked, analysed and linked', async () => {
    await open();
    await page.locator('#think-time').selectOption('1000');
    expect(await page.locator('#board').getAttribute('data-game')).toBe('hive');
    /** Presses a setup tool and clicks hex `q,r` (an empty hex is drawn as a target). */
    const put = async (tool: string, q: number, r: number): Promise<void> => {
      const button = page.locator(`#setup-tools button[data-tool="${tool}"]`);
      if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
      await page.locator(`#board svg g.target[data-q="${q}"][data-r="${r}"]`).click();
    };
    // White's Spider first: Black has had a turn with nothing placed, which the rules refuse,
    // and the board draws the position being set up all the same.
    await put('hive:wS', 0, 0);
    const refused = (() => {
      try {
        hive.deserialize('Base+MLP;InProgress;White[2];Board(White[2] wS1@0,0)');
      } catch (e) {
        if (isRulesError(e)) return e.message;
      }
      return '';
    })();
    expect(refused).toMatch(/\(H-PLACE-2\)$/);
    expect(await text('#setup-message')).toBe(`Not a valid Hive position: ${refused}`);
    expect(await page.locator('#board').getAttribute('data-draft')).toBe('true');
    expect(await page.locator('#board svg [data-piece="wS1"]').count()).toBeGreaterThan(0);
    // Black's Spider, then the Queens: each a valid position, opened on the board.
    await put('hive:bS', 1, 0);
    expect(await text('#setup-message')).toBe('A valid Hive position: White to move.');
    await put('hive:wQ', -1, 0);
    await put('hive:bQ', 2, 0);
    expect(await text('#setup-message')).toBe('A valid Hive position: White to move.');
    await page.locator('#setup-tools button[data-tool="hive:bQ"]').click(); // let go
    const want = hive.fromBoard({
      pieces: [
        { piece: 'wS1', q: 0, r: 0 },
        { piece: 'bS1', q: 1, r: 0 },
        { piece: 'wQ', q: -1, r: 0 },
        { piece: 'bQ', q: 2, r: 0 },
      ],
    });
    expect(await boardPosition()).toBe(hive.serialize(want));
    expect(await page.locator('#board').getAttribute('data-draft')).toBeNull();
    // The engine's suggestion for it is one of its legal moves.
    await expect.poll(() => text('#suggestion'), { timeout: 20_000 }).toMatch(/^Best: /);
    const best = (await page.locator('#suggestion').getAttribute('data-move')) ?? '';
    expect(() => hive.parseMove(want, best)).not.toThrow();
    // The link holds the position (in a record's Position tag) and reopens it.
    const hash = (await page.locator('#link').getAttribute('href')) ?? '';
    const params = new URLSearchParams(hash.replace(/^#/, ''));
    expect(params.get('record') ?? params.get('position')).toContain(
      'Board(White[3] wQ@-1,0 wS1@0,0 bQ@2,0 bS1@1,0)',
    );
    await open('http', hash);
    expect(await boardPosition()).toBe(hive.serialize(want));
    // Taking a piece off: Black's Queen goes back into hand.
    await page.locator('#setup-tools button[data-tool="hive:off"]').click();
    await page.locator('#board svg [data-piece="bQ"]').first().click();
    expect(await text('#setup-message')).toBe('A valid Hive position: White to move.');
    expect(await boardPosition()).toBe(
      'Base+MLP;InProgress;White[3];Board(White[3] wQ@-1,0 wS1@0,0 bS1@1,0)',
    );
    await page.screenshot({ path: join(artifacts, 'analysis-hive-setup.png'), fullPage: true });
  });

  it('the link reopens the record at the place shown, or the position when the record is long', async () => {
    await open();
    await paste(HIVE_PGN);
    await page.locator('#moves .mv[data-path="0.0.0.1.0"]').click();
    const hash = (await page.locator('#link').getAttribute('href')) ?? '';
    expect(hash).toMatch(/^#game=hive&record=/);
    expect(await text('#link-kind')).toBe('This link holds the record and the place in it.');
    const position = await boardPosition();
    await open('http', hash);
    expect(await path()).toBe('0.0.0.1.0');
    expect(await page.locator('#moves .mv').count()).toBe(10);
    expect(await boardPosition()).toBe(position);

    // A record too long for a link: the link holds the position.
    const long = HIVE_PGN.replace('{A quiet start}', `{${'A very long comment. '.repeat(500)}}`);
    await paste(long);
    await page.locator('#moves .mv[data-path="0.0.0"]').click();
    expect(await text('#link-kind')).toMatch(/position only/);
    const positionHash = (await page.locator('#link').getAttribute('href')) ?? '';
    expect(positionHash).toMatch(/^#game=hive&position=/);
    const there = await boardPosition();
    await open('file', positionHash);
    expect(await boardPosition()).toBe(there);
    expect(await text('#status')).toBe('Black to move');
  });

  it('a record opens from a file', async () => {
    await open();
    await page.locator('#record-file').setInputFiles({
      name: 'game.pgn',
      mimeType: 'application/x-chess-pgn',
      buffer: Buffer.from(HIVE_PGN),
    });
    await expect.poll(() => page.locator('#moves .mv').count()).toBe(10);
    expect(await page.locator('#record-text').inputValue()).toBe(HIVE_PGN);
  });
});
