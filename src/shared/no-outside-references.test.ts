import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Docs and comments point only at files in this repository. The product was first described in
 * documents kept outside it (three numbered descriptions, a decisions page and a design page); what it
 * took from them is stated in docs/ (docs/product-rules.md and each area's doc), and that is where a
 * comment or a doc must send the reader, in words that say what the product does. This test fails on
 * any reference to the outside documents, numbered or not ("the spec", its shape, its fields, its
 * words), naming each file:line. Test files named `*.spec.ts` are names, not references.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = path.relative(ROOT, fileURLToPath(import.meta.url));

/** What is read: the docs, the README and every source, test, bench, lint-rule and script file. */
const SCANNED = ['README.md', 'docs', 'src', 'tests', 'bench', 'eslint-rules', 'scripts'];
const TEXT_FILE = /\.(md|ts|tsx|js|mjs|cjs|json|sh|sql|css|html|ya?ml)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'results', '.git']);

/** Built from pieces so that this file does not match itself. */
const OUTSIDE_REFERENCES: { name: string; pattern: RegExp }[] = [
  { name: 'the decisions page', pattern: new RegExp(['DECISIONS', 'md'].join('\\.')) },
  { name: 'the design page', pattern: new RegExp(['DESIGN', 'md'].join('\\.')) },
  { name: 'a numbered spec', pattern: new RegExp(['\\bspec', '[123]\\b'].join(' '), 'i') },
  { name: 'a spec section', pattern: new RegExp(['\\bspec', '§'].join(' '), 'i') },
  { name: 'the spec folder', pattern: new RegExp(['\\bspec', ''].join('/'), 'i') },
  { name: "the spec's", pattern: new RegExp(['\\bspec', 's\\b'].join("['’]"), 'i') },
  {
    name: 'a spec shape, fields or words',
    pattern: new RegExp(['\\bspec', '(shape|fields?|words?)\\b'].join(' '), 'i'),
  },
  { name: 'the spec', pattern: new RegExp(['\\bthe', 'spec\\b'].join(' '), 'i') },
  {
    name: 'the specification',
    pattern: new RegExp(['\\b(the|product|original)', 'specification\\b'].join(' '), 'i'),
  },
  // Any other use of the word (a spec colour, spec texts, a variable named after it); `x.spec.ts` is a
  // test file's name, not one.
  {
    name: 'the word spec',
    pattern: new RegExp(['(?<![.\\w-])', 's?(?![\\w-]|\\.tsx?\\b)'].join('spec'), 'i'),
  },
];

function filesUnder(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(path.join(relative, entry.name));
    }
    return TEXT_FILE.test(entry.name) ? [path.join(relative, entry.name)] : [];
  });
}

interface Finding {
  file: string;
  line: number;
  text: string;
  name: string;
}

/** Every line of `text` that refers to an outside document, named by the first kind it matches. */
function outsideReferences(file: string, text: string): Finding[] {
  return text.split('\n').flatMap((lineText, index) => {
    const kind = OUTSIDE_REFERENCES.find(({ pattern }) => pattern.test(lineText));
    return kind ? [{ file, line: index + 1, text: lineText.trim(), name: kind.name }] : [];
  });
}

describe('no references to documents outside the repository', () => {
  const files = SCANNED.flatMap(filesUnder)
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file !== SELF.split(path.sep).join('/'));
  const findings = files.flatMap((file) =>
    outsideReferences(file, fs.readFileSync(path.join(ROOT, file), 'utf8')),
  );

  it('reads the docs and the sources', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/product-rules.md');
    expect(files).toContain('src/shared/roles.ts');
  });

  it('finds none in docs, README, comments or tests (state the rule in docs/ and point there)', () => {
    const found = findings.map((f) => `${f.file}:${f.line}: ${f.name}: ${f.text}`);
    expect(found, found.join('\n')).toEqual([]);
  });

  it('recognises each kind of reference', () => {
    const sample = [
      'see the decisions page (' + ['DECISIONS', 'md'].join('.') + ')',
      ['DESIGN', 'md'].join('.') + ' "Contracts"',
      '(' + ['Spec', '2 §5'].join(' ') + ')',
      'the ' + ['spec', '§9'].join(' ') + ' constants',
      '/work/shared/' + ['spec', '1-customer-side.md'].join('/'),
      'tests/e2e/crm.spec.ts and issue 24 §4c are fine',
      'as ' + ['the', 'spec says'].join(' '),
      ['The', "spec's"].join(' ') + ' payment statuses',
      ['the', 'spec’s'].join(' ') + ' required fields',
      'in ' + ['the', 'spec shape'].join(' '),
      'answers ' + ['the', 'spec fields'].join(' ') + ' and maps to ' + ['the', 'spec words'].join(' '),
      'as ' + ['the product', 'specification'].join(' ') + ' says',
      'a staff role in its ' + ['spec', 'colour'].join(' '),
      'const ' + ['spec', '= SORT_KEYS[key];'].join(' '),
      'a specific, special inspection that respects the OpenAPI specification and playwright.spec.ts',
      'in its ' + ['spec', ''].join('.'),
    ].join('\n');
    expect(outsideReferences('x.md', sample).map((f) => [f.line, f.name])).toEqual([
      [1, 'the decisions page'],
      [2, 'the design page'],
      [3, 'a numbered spec'],
      [4, 'a spec section'],
      [5, 'the spec folder'],
      [7, 'the spec'],
      [8, "the spec's"],
      [9, "the spec's"],
      [10, 'a spec shape, fields or words'],
      [11, 'a spec shape, fields or words'],
      [12, 'the specification'],
      [13, 'the word spec'],
      [14, 'the word spec'],
      [16, 'the word spec'],
    ]);
  });
});
