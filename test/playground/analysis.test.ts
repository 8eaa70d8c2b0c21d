// The analysis board's DOM-free parts in Node (docs/playground/analysis/): finding a record's
// game, the tree's paths, steps and move list, the replay, the engine, the graph, links and the
// setup edits. The page itself is tested in Chromium (test-browser/analysis.test.ts).
import { describe, expect, it } from 'vitest';
import { Engine, type EngineLine, think } from '../../docs/playground/analysis/engine.js';
import { inferGame, openRecords } from '../../docs/playground/analysis/games.js';
import { graphSvg } from '../../docs/playground/analysis/graph.js';
import { linkHash, linkTo, readLinkHash } from '../../docs/playground/analysis/link.js';
import { Positions } from '../../docs/playground/analysis/positions.js';
import {
  checkPosition,
  EditRefused,
  editPosition,
  readHiveDraft,
  setupTargets,
} from '../../docs/playground/analysis/setup-edits.js';
import {
  mainPath,
  moveTokens,
  readPathKey,
  stepFrom,
  withMove,
} from '../../docs/playground/analysis/tree.js';
import { SERVED } from '../../docs/playground/bots.js';
import { coerceo } from '../../src/coerceo/index.js';
import { hive } from '../../src/hive/index.js';
import {
  type Game,
  type RecordedGame,
  readPgn,
  recordOfGame,
  replayLine,
  writeRecord,
} from '../../src/index.js';
import { torres } from '../../src/torres/index.js';
import { loopback } from '../support/bot-worker.js';

/** Lines of `think`, with the engine's worker here in this thread. */
async function lines(
  ...args: [Parameters<typeof think>[1], unknown, number]
): Promise<EngineLine[]> {
  const engine = new Engine(loopback(SERVED));
  const out: EngineLine[] = [];
  for await (const line of think(engine, ...args)) out.push(line);
  engine.close();
  return out;
}

const HIVE_PGN = `[GameType "Base"]
1. wS1 {A quiet start}
2. bS1 wS1-
3. wQ -wS1 !?
4. bQ bS1- (4. bG1 bS1- ?! 5. wA1 \\wQ) (4. bA1 bS1-)
5. wA1 \\wQ
`;

const hiveRecord = (): RecordedGame => readPgn(HIVE_PGN).records[0] as RecordedGame;

/** `plies` plies of `game` from `start`, moves picked by a fixed rule. */
function played<S, M>(game: Game<S, M, unknown>, start: S, plies: number): RecordedGame {
  let s = start;
  const moves: M[] = [];
  for (let i = 0; i < plies && !game.terminal(s); i++) {
    const legal = game.moves(s);
    const m = legal[(i * 7919) % legal.length] as M;
    moves.push(m);
    s = game.apply(s, m);
  }
  return recordOfGame(game, start, moves);
}

describe('analysis: which game a record is', () => {
  it('is told by the tags: GameType, Variant, Players', () => {
    expect(inferGame(HIVE_PGN)).toEqual({ game: 'hive', why: 'its GameType tag' });
    const c = writeRecord(coerceo, played(coerceo, coerceo.start(), 4));
    expect(inferGame(c)).toEqual({ game: 'coerceo', why: 'its Variant tag' });
    const t = writeRecord(torres, played(torres, torres.start({ players: 2, seed: 3 }), 6));
    expect(inferGame(t)).toEqual({ game: 'torres', why: 'its Players tag' });
    expect(inferGame(JSON.stringify(hiveRecord())).game).toBe('hive');
  });

  it('without tags, by a Position tag or by the rules that replay the moves', () => {
    const position = `[Position "${coerceo.serialize(coerceo.start())}"]\n`;
    expect(inferGame(position).game).toBe('coerceo');
    const bare = writeRecord(coerceo, played(coerceo, coerceo.start(), 6)).replace(
      /^\[.*\]\n/gm,
      '',
    );
    expect(inferGame(bare)).toEqual({
      game: 'coerceo',
      why: "its moves, which Coerceo's rules replay furthest",
    });
  });

  it('openRecords reads in the game picked, and says what the reader normalised', () => {
    const opened = openRecords('1. wS1\n2... bS1 wS1-\n', 'hive');
    expect(opened.game).toBe('hive');
    expect(opened.why).toBe('picked by you');
    expect(opened.format).toBe('pgn');
    expect(opened.records).toHaveLength(1);
    expect(() => openRecords('1. wS1 (2. bS1 wS1-', 'auto')).toThrow(/line 1/);
  });
});

describe('analysis: the tree', () => {
  it('lists the moves as PGN prints them, each variation after the move it replaces', () => {
    const tokens = moveTokens(hiveRecord()).map((t) =>
      t.kind === 'move' ? `${t.ply}:${t.node.move}@${t.path.join('.')}` : t.kind,
    );
    expect(tokens).toEqual([
      '1:wS1@0',
      '2:bS1 wS1-@0.0',
      '3:wQ -wS1@0.0.0',
      '4:bQ bS1-@0.0.0.0',
      'open',
      '4:bG1 bS1-@0.0.0.1',
      '5:wA1 \\wQ@0.0.0.1.0',
      'close',
      'open',
      '4:bA1 bS1-@0.0.0.2',
      'close',
      '5:wA1 \\wQ@0.0.0.0.0',
    ]);
  });

  it('steps: back, forward, start, end, and between the moves of one position', () => {
    const r = hiveRecord();
    expect(stepFrom(r, [], 'forward')).toEqual([0]);
    expect(stepFrom(r, [], 'back')).toEqual([]);
    expect(stepFrom(r, [0, 0], 'end')).toEqual([0, 0, 0, 0, 0]);
    expect(stepFrom(r, [0, 0, 0, 1], 'end')).toEqual([0, 0, 0, 1, 0]);
    expect(stepFrom(r, [0, 0, 0, 0], 'down')).toEqual([0, 0, 0, 1]);
    expect(stepFrom(r, [0, 0, 0, 2], 'down')).toEqual([0, 0, 0, 2]);
    expect(stepFrom(r, [0, 0, 0, 1], 'up')).toEqual([0, 0, 0, 0]);
    expect(stepFrom(r, [0, 0, 0, 0], 'up')).toEqual([0, 0, 0, 0]);
    expect(stepFrom(r, [0, 0, 0, 0, 0], 'forward')).toEqual([0, 0, 0, 0, 0]);
    expect(stepFrom(r, [0, 0, 0, 1, 0], 'start')).toEqual([]);
    expect(mainPath(r)).toEqual([0, 0, 0, 0, 0]);
    expect(mainPath(r, 2)).toEqual([0, 0]);
    expect(readPathKey('0.0.1')).toEqual([0, 0, 1]);
    expect(readPathKey('')).toEqual([]);
    expect(readPathKey('0..1')).toBeNull();
  });

  it('a move played goes to the child that has it, else becomes a new variation', () => {
    const r = hiveRecord();
    expect(withMove(r, [0, 0, 0], 'bG1 bS1-')).toEqual({ record: r, path: [0, 0, 0, 1] });
    const added = withMove(r, [0, 0, 0], 'bS2 bS1-');
    expect(added.path).toEqual([0, 0, 0, 3]);
    expect(moveTokens(added.record).filter((t) => t.kind === 'move')).toHaveLength(9);
    // The record it came from is unchanged, and the new one replays.
    expect(moveTokens(r).filter((t) => t.kind === 'move')).toHaveLength(8);
    const at = new Positions(hive as never, added.record).at(added.path);
    expect(at?.error).toBeNull();
    expect(at?.plies).toBe(4);
  });

  it('replays a place as replayLine does, and stops at a refused move with its words', () => {
    const r = hiveRecord();
    const positions = new Positions(hive as never, r);
    const variation = r.children[0]?.children[0]?.children[0]?.children[1];
    const nodes = [
      r.children[0],
      r.children[0]?.children[0],
      r.children[0]?.children[0]?.children[0],
      variation,
    ] as never;
    expect(positions.at([0, 0, 0, 1])?.state).toEqual(replayLine(hive, r, nodes).states[4]);
    expect(positions.mainLine()).toHaveLength(6);
    const bad = readPgn('1. wS1\n2. bS1 wS1-\n3. wQ bS1-\n').records[0] as RecordedGame;
    const place = new Positions(hive as never, bad).at([0, 0, 0]);
    expect(place?.plies).toBe(2);
    expect(place?.error).toBe(
      replayLine(hive, bad).error?.message.replace(/ \(H-[A-Z]+-\d+\)$/, ''),
    );
  });
});

describe('analysis: the engine, the graph and links', () => {
  it('thinks in depths, the last final, each with a legal move and the first seat’s value', async () => {
    const s = hive.start();
    const said = await lines('hive', s, 300);
    expect(said.length).toBeGreaterThan(0);
    expect(said.at(-1)?.final).toBe(true);
    expect(said.slice(0, -1).every((l) => !l.final)).toBe(true);
    for (const l of said) {
      expect(l.bot).toBe('alphabeta');
      expect(() => hive.parseMove(s, l.move as string)).not.toThrow();
      expect(l.value).toBeGreaterThanOrEqual(0);
      expect(l.value).toBeLessThanOrEqual(1);
    }
    const t = torres.start({ players: 3, seed: 2 });
    const [line] = await lines('torres', t, 200);
    expect(line?.bot).toBe('mcts');
    expect(() => torres.parseMove(t, line?.move as string)).not.toThrow();
  });

  it('draws a point per evaluated position, the current one marked', () => {
    const svg = graphSvg({ values: [0.5, 0.6, null, 0.2], seat: 'White', current: 1 });
    expect(svg.match(/<circle/g)).toHaveLength(3);
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg).toContain('data-ply="3"');
    expect(svg).toContain('class="graph-current"');
  });

  it('links hold the record and the place, or the position for a long record', () => {
    const r = hiveRecord();
    const link = linkTo('hive', r, [0, 0, 0, 1], 'pos');
    expect(readLinkHash(linkHash(link))).toEqual(link);
    expect('record' in link && readPgn(link.record).records[0]).toEqual(r);
    const long = { ...r, comment: 'x'.repeat(9000) };
    expect(linkTo('hive', long, [0], 'the position')).toEqual({
      game: 'hive',
      position: 'the position',
    });
    expect(readLinkHash('#game=chess&position=x')).toBeNull();
    expect(readLinkHash('')).toBeNull();
  });
});

describe('analysis: the setup edits', () => {
  it('Coerceo: a piece on and off a field, the side to move, each checked by deserialize', () => {
    const start = coerceo.serialize(coerceo.start());
    const off = editPosition('coerceo', start, 'piece', 'a1a');
    expect(off.split(' ')[0]?.split('/')[0]).toBe('c,cf,bf');
    expect(checkPosition('coerceo', off).ok).toBe(true);
    expect(editPosition('coerceo', off, 'piece', 'a1a')).toBe(start);
    const black = editPosition('coerceo', start, 'side', null);
    expect(black.split(' ')[1]).toBe('b');
    expect(() => editPosition('coerceo', start, 'piece', 'z9z')).toThrow(EditRefused);
    const refused = checkPosition(
      'coerceo',
      start.replace(/^\S+/, '-,-,-/-,-,-,-/.,.,.,.,./-,-,-,-/-,-,-'),
    );
    expect(refused.ok).toBe(false);
  });

  it('Torres: blocks from the supply, knights and the king, each checked by deserialize', () => {
    const s = torres.start({ players: 2, seed: 1 });
    const text = torres.serialize(s);
    const raised = editPosition('torres', text, 'block+', 'd4');
    const checked = checkPosition('torres', raised);
    expect(checked.ok).toBe(true);
    const knight = editPosition('torres', raised, 'knight1', 'd4');
    expect(checkPosition('torres', knight).ok).toBe(true);
    const king = editPosition('torres', knight, 'king', 'a1');
    expect(() => editPosition('torres', king, 'knight0', 'a1')).toThrow(/king/);
    expect(() => editPosition('torres', text, 'block-', 'd4')).toThrow(/no block/);
  });

  it('Hive: pieces put on hexes and taken off, the side to move, each checked by deserialize', () => {
    const start = hive.serialize(hive.start({ type: 'Base' }));
    // One White piece with White to move: Black has had a turn and placed nothing (H-PLACE-2).
    const one = editPosition('hive', start, 'hive:wS', '0,0');
    expect(one).toBe('Base;InProgress;White[2];Board(White[2] wS1@0,0)');
    const refused = checkPosition('hive', one);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(/\(H-PLACE-2\)$/);
    // Black to move instead: a valid position (Black's first turn).
    const black = editPosition('hive', one, 'side', null);
    expect(black).toBe('Base;InProgress;Black[1];Board(Black[1] wS1@0,0)');
    expect(checkPosition('hive', black).ok).toBe(true);
    // Pieces of a bug are numbered in turn, a Beetle goes on top of a stack.
    let text = editPosition('hive', black, 'hive:bS', '1,0');
    text = editPosition('hive', text, 'hive:wQ', '-1,0');
    text = editPosition('hive', text, 'hive:bQ', '2,0');
    text = editPosition('hive', text, 'hive:wS', '-2,0');
    text = editPosition('hive', text, 'hive:bS', '3,0');
    text = editPosition('hive', text, 'hive:wB', '1,0');
    expect(text).toMatch(/wS2@-2,0 wB1@1,0,1 .*bS2@3,0/);
    expect(checkPosition('hive', text).ok).toBe(true);
    // Taking wS1 off renumbers wS2 to wS1 (placement order, H-PLACE-7); here it also cuts the
    // hive in two (H-MOVE-3), which the check says.
    const cut = editPosition('hive', text, 'hive:off', '-2,0');
    expect(cut).not.toContain('wS2');
    expect(checkPosition('hive', cut).ok).toBe(true);
    const split = editPosition('hive', text, 'hive:off', '0,0');
    expect(split).toContain('wS1@-2,0');
    const why = checkPosition('hive', split);
    expect(!why.ok && why.message).toMatch(/\(H-MOVE-3\)$/);
    expect(readHiveDraft(split).pieces).toHaveLength(6);
    // What cannot be edited at all.
    expect(() => editPosition('hive', text, 'hive:wQ', '5,5')).toThrow(/wQ is on the board/);
    expect(() => editPosition('hive', start, 'hive:off', '0,0')).toThrow(/no piece on 0,0/);
    expect(() => editPosition('hive', start, 'hive:wM', '0,0')).toThrow(EditRefused);
    expect(() => editPosition('hive', 'nonsense', 'hive:wQ', '0,0')).toThrow(EditRefused);
    expect(setupTargets([])).toEqual(['0,0']);
    expect(setupTargets([{ q: 0, r: 0 }]).sort()).toEqual(
      ['-1,0', '-1,1', '0,-1', '0,1', '1,-1', '1,0'].sort(),
    );
  });
});
