// The real executable (dist/cli/main.js, built by the global setup) as a child process.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = resolve(import.meta.dirname, '../../dist/cli/main.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

describe('the boardrules executable', () => {
  it('prints help and exits 0', () => {
    const r = run('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Usage: boardrules <command>/);
  });

  it('exits 2 with a message on bad arguments', () => {
    const r = run('perft', 'no-such-game', '--depth', '1');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown game 'no-such-game'/);
  });

  it('runs the demo', () => {
    const r = run('demo');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/boardrules/);
  });

  it('stops quietly when the reader closes the pipe (`… | head -1`)', async () => {
    const child = spawn(process.execPath, [bin, 'play', 'torres', '--games', '200'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((done) => child.on('close', done));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('--version prints the package version', () => {
    const pkg = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8'),
    );
    const r = run('--version');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${pkg.version}\n`);
  });

  it('answers --help for a command without a game, and perft --depth 0 with perft(0) = 1', () => {
    const help = run('perft', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: boardrules perft <game>/);
    const zero = run('perft', 'coerceo', '--depth', '0');
    expect(zero.status).toBe(0);
    expect(zero.stdout).toMatch(/^perft\(0\) = 1 .*\n$/);
    expect(zero.stderr).toBe('');
  });
});
