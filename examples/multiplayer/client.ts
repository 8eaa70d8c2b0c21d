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

function play(name: Name, matchID: string, seat: string): void {
  const { game, render } = GAMES[name];
  const client = Client({
    game: toBoardgameIO(game),
    matchID,
    playerID: seat,
    multiplayer: SocketIO({ server: gameServer }),
    debug: false,
  });
  client.start();
  $('lobby').hidden = true;
  $('match').hidden = false;
  $('title').textContent = `${name} · match ${matchID} · you play ${seatName(name, seat)}`;
  let shownID = -1;
  client.subscribe((view) => {
    if (view === null || view._stateID === shownID) return;
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
  const send = (text: string) => {
    const before = client.getState()?._stateID;
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
  play(game, match, seat);
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
