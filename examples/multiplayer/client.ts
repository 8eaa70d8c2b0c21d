// The example's browser client: create a match, then play one seat of it per browser tab.
// The board is drawn by the boardrules SVG renderer of the game; the legal moves come from the
// game itself on the seat's own view (so a Torres tab lists only what its seat may play).
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { randomBot } from 'boardrules';
import { playSeat, toBoardgameIO, whyRefused } from 'boardrules/boardgameio';
import { coerceo } from 'boardrules/coerceo';
import { render as renderCoerceo } from 'boardrules/coerceo/render';
import { hive } from 'boardrules/hive';
import { render as renderHive } from 'boardrules/hive/render';
import { torres } from 'boardrules/torres';
import { render as renderTorres } from 'boardrules/torres/render';

// server.mjs puts boardgame.io's game server and lobby on the two ports after this page's.
const gameServer = `${location.protocol}//${location.hostname}:${Number(location.port) + 1}`;
const lobby = `${location.protocol}//${location.hostname}:${Number(location.port) + 2}`;

type Name = 'hive' | 'coerceo' | 'torres';
/** What players call the seats: their colours, as the pictures draw them. */
const SEATS: Record<Name, readonly string[]> = {
  hive: ['White', 'Black'],
  coerceo: ['White', 'Black'],
  torres: ['Red', 'Blue', 'Yellow', 'Green'],
};
const seatName = (name: Name, seat: number | string): string =>
  SEATS[name][Number(seat)] ?? `seat ${seat}`;
// biome-ignore lint/suspicious/noExplicitAny: one table over three games of different types
const GAMES: Record<Name, { game: any; render: (state: any) => string }> = {
  hive: { game: hive, render: renderHive },
  coerceo: { game: coerceo, render: renderCoerceo },
  torres: { game: torres, render: renderTorres },
};

const $ = (id: string) => document.getElementById(id) as HTMLElement;
const params = new URLSearchParams(location.search);

async function createMatch(name: Name, players: number): Promise<void> {
  const response = await fetch(`${lobby}/games/${name}/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ numPlayers: players }),
  });
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  const { matchID } = (await response.json()) as { matchID: string };
  const links = Array.from({ length: players }, (_, seat) => {
    const href = `?game=${name}&match=${matchID}&seat=${seat}`;
    return `<li><a href="${href}" target="_blank">play ${seatName(name, seat)}</a></li>`;
  });
  $('links').innerHTML = `<p>Match <code>${matchID}</code>:</p><ul>${links.join('')}</ul>`;
}

/**
 * The seat's credentials: joined through the lobby the first time this browser opens the seat,
 * then kept in this browser (the server lets a socket play a seat only with them).
 */
async function credentialsFor(name: Name, matchID: string, seat: string): Promise<string> {
  const key = `boardrules:${name}:${matchID}:${seat}`;
  const kept = localStorage.getItem(key);
  if (kept !== null) return kept;
  const response = await fetch(`${lobby}/games/${name}/${matchID}/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ playerID: seat, playerName: `Player ${Number(seat) + 1}` }),
  });
  if (!response.ok) {
    throw new Error(
      response.status === 409
        ? 'someone else has taken this seat'
        : `${response.status} ${await response.text()}`,
    );
  }
  const { playerCredentials } = (await response.json()) as { playerCredentials: string };
  localStorage.setItem(key, playerCredentials);
  return playerCredentials;
}

async function play(name: Name, matchID: string, seat: string): Promise<void> {
  const { game, render } = GAMES[name];
  const credentials = await credentialsFor(name, matchID, seat);
  const client = Client({
    game: toBoardgameIO(game),
    matchID,
    playerID: seat,
    credentials,
    multiplayer: SocketIO({ server: gameServer }),
    debug: false,
  });
  client.start();
  $('lobby').hidden = true;
  $('match').hidden = false;
  $('title').textContent = `${name} · match ${matchID} · you play ${seatName(name, seat)}`;
  let shownID = -1;
  client.subscribe((view) => {
    if (view === null || view._stateID === shownID || view.G.error !== undefined) return;
    shownID = view._stateID;
    const state = game.deserialize(view.G.state);
    $('board').innerHTML = render(state);
    $('refusal').textContent = '';
    const over = view.ctx.gameover;
    const mine = !over && String(game.toMove(state)) === seat;
    $('status').textContent = over
      ? `Game over: ${(over.scores as number[]).map((v, i) => `${seatName(name, i)} ${v}`).join(' – ')}`
      : mine
        ? 'Your move.'
        : `Waiting for ${seatName(name, game.toMove(state))}.`;
    const select = $('moves') as HTMLSelectElement;
    select.innerHTML = '';
    if (mine) {
      for (const m of game.moves(state)) {
        const text = game.formatMove(state, m);
        select.add(new Option(text, text));
      }
    }
    ($('play') as HTMLButtonElement).disabled = !mine;
  });
  const send = (typed: string) => {
    const view = client.getState();
    if (view === null) return;
    const before = view._stateID;
    // The server takes moves only as formatMove writes them: write a typed move that way.
    let text = typed;
    try {
      const state = game.deserialize(view.G.state);
      text = game.formatMove(state, game.parseMove(state, typed.trim()));
    } catch {
      // Unreadable: sent as typed, and the refusal below says why.
    }
    client.moves.play(text);
    // boardgame.io refuses a move silently: if nothing changed, say why from our own view.
    setTimeout(() => {
      const view = client.getState();
      if (view === null || view._stateID !== before) return;
      const why = whyRefused(game, view.G, seat, text);
      if (why) $('refusal').textContent = `Refused: ${why.message}`;
    }, 400);
  };
  $('play').addEventListener('click', () => send(($('moves') as HTMLSelectElement).value));
  $('typed-form').addEventListener('submit', (event) => {
    event.preventDefault();
    send(($('typed') as HTMLInputElement).value);
  });
  $('computer').addEventListener('click', () => {
    playSeat(client, game, randomBot(game, Date.now() % 1000));
    ($('computer') as HTMLButtonElement).disabled = true;
  });
}

const game = params.get('game') as Name | null;
const match = params.get('match');
const seat = params.get('seat');
if (game && match && seat && game in GAMES) {
  play(game, match, seat).catch((e) => {
    $('status').textContent = `Could not take this seat: ${(e as Error).message}`;
    $('lobby').hidden = true;
    $('match').hidden = false;
  });
} else {
  $('create').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = ($('game') as HTMLSelectElement).value as Name;
    const players = name === 'torres' ? Number(($('players') as HTMLSelectElement).value) : 2;
    createMatch(name, players).catch((e) => {
      $('links').textContent = `Could not create the match: ${(e as Error).message}`;
    });
  });
}
