import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * A maker of fresh directories under the system's temporary folder, each named `<prefix>-...`, all
 * removed once the file's tests are done (data directories, backups).
 */
export function tempDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    made.push(dir);
    return dir;
  };
}
