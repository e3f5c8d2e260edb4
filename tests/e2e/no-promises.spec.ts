import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Nothing on screen promises what the product does not do (issue 24): the built client, the very files
 * the server hands to browsers, holds no "coming soon" or "coming in ..." text. The API's answers are
 * checked the same way by the freshness oracle (src/server/http/data-freshness.test.ts), which reads
 * every screen's answer.
 */
const PROMISE = /\bcoming (soon|in)\b.{0,60}/gi;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
    ),
  );
  return nested.flat();
}

test('the built client promises nothing to come', async () => {
  const files = (await filesUnder('dist/client')).filter((file) => /\.(js|html|css|json)$/.test(file));
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  const found: string[] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(PROMISE)) found.push(`${file}: ${match[0]}`);
  }
  expect(found).toEqual([]);
});
