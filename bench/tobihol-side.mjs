// The TobiHol/torres side of the Torres row in bench/anchors.bench.mjs: `<games>` random
// 4-player games of TobiHol's game-logic package (no action cards), moves chosen uniformly from
// its legal-move list, after a second of warm-up games and one untimed run of the full count; prints the same JSON line as
// bench/side.mjs (`{"count":…,"cpuMs":…}`, CPU time of the timed games only).
// Usage: node bench/tobihol-side.mjs <path to packages/game-logic> <games>
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuMs } from './clock.mjs';

const [dir, gamesArg] = process.argv.slice(2);
const games = Number(gamesArg);
const { Torres, RANDOM } = await import(pathToFileURL(join(dir, 'index.js')).href);

// TobiHol draws its opening knights with Math.random: seed it so every run plays the same games.
let state = 1;
Math.random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = Math.imul(state ^ (state >>> 15), state | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

function play(n) {
  for (let g = 0; g < n; g++) {
    const game = new Torres({ numPlayers: 4, initMode: RANDOM });
    game.initGame();
    while (game.gameRunning) {
      const moves = game.getLegalMoves(game.activePlayer);
      game.executeMove(moves[Math.floor(Math.random() * moves.length)]);
    }
  }
}

// The same warm-up as boardrules' side gets: a second of CPU time, then the full count once.
const w0 = cpuMs();
do play(Math.max(1, Math.floor(games / 10)));
while (cpuMs() - w0 < 1000);
play(games);
const t0 = cpuMs();
play(games);
const ms = cpuMs() - t0;
console.log(
  JSON.stringify({ count: games, cpuMs: ms, rssMb: process.resourceUsage().maxRSS / 1024 }),
);
