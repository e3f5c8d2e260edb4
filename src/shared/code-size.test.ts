import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Small modules named after what they do (docs/architecture.md, "Conventions"): no source file over
 * 400 lines and no function over 80. A route plugin (`export async function xRoutes`) is the one
 * exception: it is a list of route declarations, each short, and splitting it would only scatter them.
 * Tests are not counted. This fails naming each file and function, so a split happens when it grows.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const ROUTE_PLUGIN = /Routes$/;

function sourcesUnder(relative: string): string[] {
  return fs.readdirSync(path.join(ROOT, relative), { withFileTypes: true }).flatMap((entry) => {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourcesUnder(child);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [child] : [];
  });
}

type FunctionNode = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression | ts.MethodDeclaration;

const isFunction = (node: ts.Node): node is FunctionNode =>
  ts.isFunctionDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isMethodDeclaration(node);

/** A function's name as a reader finds it: its own, or the variable it is assigned to. */
function nameOf(node: FunctionNode): string {
  if (node.name) return node.name.getText();
  if (ts.isVariableDeclaration(node.parent)) return node.parent.name.getText();
  return '(anonymous)';
}

/** Every function of `text` longer than the limit, as `file:line name (n lines)`. */
export function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (isFunction(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      const name = nameOf(node);
      if (lines > MAX_FUNCTION_LINES && !ROUTE_PLUGIN.test(name)) {
        found.push(`${file}:${first + 1} ${name} (${lines} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('source files and functions stay small', () => {
  const files = sourcesUnder('src').map((file) => file.split(path.sep).join('/'));
  const texts = new Map(files.map((file) => [file, fs.readFileSync(path.join(ROOT, file), 'utf8')]));

  it('reads the server, the client and the shared code', () => {
    expect(files).toContain('src/server/app.ts');
    expect(files).toContain('src/client/main.tsx');
    expect(files).toContain('src/shared/roles.ts');
  });

  it(`has no source file over ${MAX_FILE_LINES} lines`, () => {
    const long = files
      .map((file) => ({ file, lines: texts.get(file)!.replace(/\n$/, '').split('\n').length }))
      .filter(({ lines }) => lines > MAX_FILE_LINES)
      .map(({ file, lines }) => `${file} (${lines} lines)`);
    expect(long, long.join('\n')).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines but route plugins`, () => {
    const long = files.flatMap((file) => longFunctions(file, texts.get(file)!));
    expect(long, long.join('\n')).toEqual([]);
  });

  it('finds a long function and lets a long route plugin be', () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const sample = [
      `export function tooLong() {\n${body}\n}`,
      `export async function fleetRoutes(app: unknown) {\n${body}\n}`,
      `const arrow = () => {\n${body}\n};`,
    ].join('\n');
    expect(longFunctions('x.ts', sample)).toEqual([
      `x.ts:1 tooLong (${MAX_FUNCTION_LINES + 2} lines)`,
      `x.ts:${2 * (MAX_FUNCTION_LINES + 2) + 1} arrow (${MAX_FUNCTION_LINES + 2} lines)`,
    ]);
  });
});
