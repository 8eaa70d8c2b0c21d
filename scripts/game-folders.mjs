// The games of the repository, as the scripts find them: every folder of src/ with an index.ts (a
// package entry) that is not one of the library's own layers. The checks derive their per-game
// rules from this list, so a new game is checked as soon as its folder exists; a new layer of the
// library is added to LAYERS (a layer taken for a game fails the isolation check loudly: the
// games may not import each other).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The folders of src/ that are the library's own layers, shared by every game. */
export const LAYERS = ['boardgameio', 'cli', 'core', 'geometry', 'search', 'worker'];

/** The game folders of `root`/src (`['coerceo', 'hive', …]`), sorted. */
export function gameFolders(root = '.') {
  const src = join(root, 'src');
  return readdirSync(src, { withFileTypes: true })
    .filter(
      (e) =>
        e.isDirectory() && !LAYERS.includes(e.name) && existsSync(join(src, e.name, 'index.ts')),
    )
    .map((e) => e.name)
    .sort();
}
