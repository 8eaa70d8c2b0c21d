// The boardgame.io adapter on boardgame.io's real server: matches created through its lobby API,
// real clients over its socket transport, complete games of all three games with moves chosen by
// the boardrules bots. At every ply the clients must agree on the public state, no Torres client
// may hold another seat's cards, and refused moves must leave the match as it was.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BoardgameIOClient,
  playSeat,
  toBoardgameIO,
  whyRefused,
} from '../../src/boardgameio/index.js';
import { coerceo } from '../../src/coerceo/index.js';
import type { Game } from '../../src/core/game.js';
import { hive } from '../../src/hive/index.js';
import { randomBot } from '../../src/search/index.js';
import { type TorresState, torres } from '../../src/torres/index.js';
import {
  type ClientState,
  connect,
  createMatch,
  fileStore,
  pause,
  type RunningServer,
  startServer,
  stopAll,
  type TestClient,
  until,
} from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: the three games have different state types
type AnyGame = Game<any, any, any>;

const definitions = {
  hive: toBoardgameIO(hive),
  coerceo: toBoardgameIO(coerceo),
  torres: toBoardgameIO(torres),
};

const stateOf = (c: TestClient): ClientState => {
  const s = c.getState();
  if (s === null) throw new Error(`client ${c.playerID} has no state yet`);
  return s;
};
const synced = (clients: TestClient[]) => () => {
  const ids = clients.map((c) => c.getState()?._stateID);
  return ids[0] !== undefined && ids.every((id) => id === ids[0]);
};

/** What every seat may see of a client's view: its state observed by no seat at all. */
function publicText(game: AnyGame, view: ClientState): string {
  const state = game.deserialize(view.G.state);
  return game.serialize(game.observe ? game.observe(state, -1) : state);
}

/** A Torres view holds no card of another seat and no deck order. */
function checkTorresView(view: ClientState, seat: number): void {
  const s = torres.deserialize(view.G.state) as TorresState;
  expect(s.deck.every((c) => c === '?')).toBe(true);
  s.seats.forEach((p, q) => {
    expect(p.deck.every((c) => c === '?')).toBe(true);
    if (q !== seat) expect(p.hand.every((c) => c === '?')).toBe(true);
  });
}

/**
 * Plays the match out: the seat to move asks its boardrules bot on its own view and sends the
 * move's text. At ply `refuseAt`, first an unreadable move, an illegal one and one from a seat
 * not to move are sent: each is refused and nothing changes. Returns the plies played.
 */
async function playOut(
  name: keyof typeof definitions,
  clients: TestClient[],
  spectator: TestClient,
  { refuseAt = 3, maxPlies = Number.POSITIVE_INFINITY } = {},
): Promise<number> {
  const game = { hive, coerceo, torres }[name] as AnyGame;
  const bots = clients.map((_, seat) => randomBot(game, seat + 1));
  const everyone = [...clients, spectator];
  let plies = 0;
  for (; plies < maxPlies; plies++) {
    await until(synced(everyone), `${name} ply ${plies}: every client in step`);
    const views = everyone.map(stateOf);
    // Every client sees the same public state; the spectator too.
    const shown = views.map((v) => publicText(game, v));
    expect(new Set(shown).size).toBe(1);
    if (name === 'torres') {
      for (const [seat, c] of clients.entries()) checkTorresView(stateOf(c), seat);
      checkTorresView(stateOf(spectator), -1);
    }
    const top = views[0] as ClientState;
    if (top.ctx.gameover) break;
    const seat = Number(top.ctx.currentPlayer);
    const mover = clients[seat] as TestClient;
    const view = stateOf(mover);
    const state = game.deserialize(view.G.state);
    expect(game.toMove(state)).toBe(seat);
    if (plies === refuseAt) {
      const other = clients[(seat + 1) % clients.length] as TestClient;
      const legal = game.formatMove(state, game.moves(state)[0]);
      mover.moves.play('not a move at all');
      mover.moves.play(12);
      other.moves.play(legal);
      await pause(150);
      expect(everyone.map((c) => stateOf(c)._stateID)).toEqual(views.map((v) => v._stateID));
      expect(whyRefused(game, view.G, mover.playerID, 'not a move at all')).not.toBeNull();
      expect(whyRefused(game, stateOf(other).G, other.playerID, legal)?.message).toMatch(/move/);
      expect(whyRefused(game, view.G, mover.playerID, legal)).toBeNull();
    }
    const move = (bots[seat] as ReturnType<typeof randomBot>).choose(state);
    mover.moves.play(game.formatMove(state, move));
    await until(
      () => everyone.every((c) => (c.getState()?._stateID ?? -1) > view._stateID),
      `${name} ply ${plies}: the move reaching every client`,
    );
  }
  return plies;
}

describe('boardrules games on the real boardgame.io server', () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer(Object.values(definitions));
  });
  afterAll(async () => {
    await running.stop();
  });

  const cases = [
    { name: 'hive', players: 2, setupData: { options: { maxPlies: 80 } } },
    { name: 'coerceo', players: 2, setupData: { options: { variant: 'ocius' } } },
    { name: 'torres', players: 4, setupData: undefined },
  ] as const;
  for (const { name, players, setupData } of cases) {
    it(`plays a complete ${name} game between ${players} socket clients and a spectator`, async () => {
      const matchID = await createMatch(running.apiPort, name, players, setupData);
      const def = definitions[name];
      const clients = Array.from({ length: players }, (_, p) =>
        connect(def, running.port, matchID, String(p)),
      );
      const spectator = connect(def, running.port, matchID, null);
      try {
        const plies = await playOut(name, clients, spectator);
        const game = { hive, coerceo, torres }[name] as AnyGame;
        const end = stateOf(clients[0] as TestClient);
        const final = game.deserialize(end.G.state);
        expect(game.terminal(final)).toBe(true);
        expect(end.ctx.gameover?.scores).toEqual([...game.score(final)]);
        expect(plies).toBeGreaterThan(3);
      } finally {
        stopAll([...clients, spectator]);
      }
    }, 120_000);
  }

  it('playSeat: two boardrules bots play a whole Hive match by themselves', async () => {
    const matchID = await createMatch(running.apiPort, 'hive', 2, {
      options: { type: 'Base+MLP', maxPlies: 60 },
    });
    const def = definitions.hive;
    const seats = ['0', '1'].map((p) => connect(def, running.port, matchID, p));
    const stops = seats.map((c, seat) =>
      playSeat(c as unknown as BoardgameIOClient, hive, randomBot(hive, 10 + seat)),
    );
    try {
      const over = (c: TestClient) => c.getState()?.ctx.gameover !== undefined;
      await until(() => seats.every(over), 'the end of the match');
      const final = hive.deserialize(stateOf(seats[0] as TestClient).G.state);
      expect(hive.terminal(final)).toBe(true);
      expect(hive.serialize(final)).toBe(stateOf(seats[1] as TestClient).G.state);
    } finally {
      for (const stop of stops) stop();
      stopAll(seats);
    }
  }, 60_000);

  it('refuses a match with a player count or options the game does not have', async () => {
    await expect(createMatch(running.apiPort, 'hive', 3)).rejects.toThrow(/create hive: 400/);
    await expect(
      createMatch(running.apiPort, 'coerceo', 2, { options: { variant: 'square' } }),
    ).rejects.toThrow(/variant/);
    await expect(createMatch(running.apiPort, 'torres', 5)).rejects.toThrow(/create torres: 400/);
  });
});

describe('a match survives a server restart with the file storage', () => {
  it('resumes where it was and plays on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boardrules-bgio-'));
    const def = definitions.torres;
    let first: RunningServer | undefined = await startServer([def], fileStore(dir));
    let second: RunningServer | undefined;
    const everyone: TestClient[] = [];
    try {
      const matchID = await createMatch(first.apiPort, 'torres', 3);
      let clients = ['0', '1', '2'].map((p) => connect(def, first!.port, matchID, p));
      let spectator = connect(def, first.port, matchID, null);
      everyone.push(...clients, spectator);
      await playOut('torres', clients, spectator, { refuseAt: -1, maxPlies: 12 });
      await until(synced([...clients, spectator]), 'the last move everywhere');
      const before = stateOf(spectator);
      stopAll([...clients, spectator]);
      // The file store writes after the server has answered: give the last write time to land,
      // as a server shut down normally would.
      await pause(500);
      await first.stop();
      first = undefined;

      second = await startServer([def], fileStore(dir));
      clients = ['0', '1', '2'].map((p) => connect(def, second!.port, matchID, p));
      spectator = connect(def, second.port, matchID, null);
      everyone.push(...clients, spectator);
      await until(() => spectator.getState() !== null, 'the match after the restart');
      expect(stateOf(spectator).G.state).toBe(before.G.state);
      expect(stateOf(spectator)._stateID).toBe(before._stateID);
      // The file store writes every update to disk: a few plies show the match goes on.
      const more = await playOut('torres', clients, spectator, { refuseAt: 2, maxPlies: 12 });
      expect(more).toBe(12);
      expect(stateOf(spectator)._stateID).toBeGreaterThan(before._stateID);
    } finally {
      stopAll(everyone);
      await pause(500); // the store's last writes, before its folder goes
      await first?.stop();
      await second?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
