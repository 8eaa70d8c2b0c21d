// The built render entries (dist/<game>/render.{js,cjs}, built by the global setup) load through
// both module systems and draw exactly what the source does.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coerceo } from '../../src/coerceo/index.js';
import { render as coerceoSvg } from '../../src/coerceo/svg.js';
import { hive } from '../../src/hive/index.js';
import { render as hiveSvg } from '../../src/hive/svg.js';
import { torres } from '../../src/torres/index.js';
import { render as torresSvg } from '../../src/torres/svg.js';

const dist = resolve(import.meta.dirname, '../../dist');
const require = createRequire(import.meta.url);

describe('render entries in dist', () => {
  const cases = [
    ['hive', () => hive.start(), hiveSvg],
    ['coerceo', () => coerceo.start(), coerceoSvg],
    ['torres', () => torres.start({ players: 4, seed: 3 }), torresSvg],
  ] as const;
  it.each(cases)('%s/render works from ESM and CommonJS', async (game, start, fromSource) => {
    const esm = await import(pathToFileURL(resolve(dist, game, 'render.js')).href);
    const cjs = require(resolve(dist, game, 'render.cjs'));
    const state = start() as never;
    const expected = (fromSource as (s: never) => string)(state);
    expect(esm.render(state)).toBe(expected);
    expect(cjs.render(state)).toBe(expected);
  });
});
