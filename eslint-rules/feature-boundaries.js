// A feature folder does not import another feature's internals: what several features share lives in
// src/client/components or src/client/lib. A feature is a folder under src/client/features, and each
// staff tab under features/admin is its own feature (the admin shell is features/admin and its shell/).
// A lazy `import()` of another feature's screen is how routes and the admin shell mount screens, so
// only static imports are checked.
import path from 'node:path';

const FEATURES = path.resolve('src/client/features');

/** The feature a file belongs to (`fleet`, `admin/plans`, `admin`), or null outside features/. */
export function featureOf(file) {
  const relative = path.relative(FEATURES, path.resolve(file));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  if (parts.length < 2) return null;
  if (parts[0] === 'admin' && parts.length > 2 && parts[1] !== 'shell') return `admin/${parts[1]}`;
  return parts[0];
}

function targetOf(source, file) {
  if (source.startsWith('@client/')) return path.resolve('src/client', source.slice('@client/'.length));
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Features import only their own files, components/ and lib/.' },
    messages: {
      foreign:
        "'{{source}}' is inside the '{{target}}' feature. Move what both features use to src/client/components or src/client/lib.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = featureOf(file);
    if (!own) return {};
    const check = (node) => {
      const source = node.source && node.source.value;
      if (typeof source !== 'string') return;
      const target = targetOf(source, file);
      const theirs = target && featureOf(`${target}.ts`);
      if (theirs && theirs !== own) {
        context.report({ node, messageId: 'foreign', data: { source, target: theirs } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
