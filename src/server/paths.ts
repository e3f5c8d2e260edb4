import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder, found by walking up from this module to our package.json. Works the
 * same from src/ (tsx, tests) and from the bundled server in dist/, whichever chunk holds this code.
 */
function findAppRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === 'motorpool')
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const appRoot = findAppRoot();

/**
 * True when this code runs from the bundled server in dist/, false from the source tree (tests, tsx).
 * Each then reads the migrations that match its own code: a stale dist/ must not serve the tests.
 */
export const runsFromBundle = fileURLToPath(import.meta.url).includes(`${path.sep}dist${path.sep}`);
