// A server module is reached through its public face: `modules/<name>/index.ts` lists what other code
// may call, and everything else in the folder is the module's own business. Code outside a module
// (another module, app.ts, jobs/, http/, db/, cli/, tests elsewhere) imports `modules/<name>` and never
// a file inside it, so a module can rearrange its files without breaking its neighbours, and a reader
// sees in one file what a domain offers (docs/architecture.md, "Domains and their public faces").
// The one exception is the composition root, app.ts, which mounts each module's route plugin from its
// `routes.ts`: keeping route plugins out of the faces keeps a face's imports to the services other
// modules call, so that importing a module for one function does not load every screen it serves
// (and the import cycles that would come with them). A lazy `import()` is checked too.
import path from 'node:path';

const MODULES = path.resolve('src/server/modules');

/** The module a path belongs to and the rest of the path inside it, or null outside modules/. */
export function moduleOf(file) {
  const relative = path.relative(MODULES, path.resolve(file));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return { name, inner: rest.join('/') };
}

/** Whether a resolved import path names a module's face (its folder or its index file). */
const isFace = (inner) => inner === '' || /^index(\.[jt]s)?$/.test(inner);

const COMPOSITION_ROOT = path.resolve('src/server/app.ts');
const isRoutePlugin = (inner) => /^routes(\.[jt]s)?$/.test(inner);

export default {
  meta: {
    type: 'problem',
    docs: { description: "Server code reaches another module only through that module's index.ts." },
    messages: {
      internal:
        "'{{source}}' is inside the '{{target}}' module. Import it from the module's public face ('modules/{{target}}'), and export it there if other modules need it.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = moduleOf(file);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = moduleOf(path.resolve(path.dirname(file), source));
      if (!target || !target.name || (own && own.name === target.name) || isFace(target.inner)) return;
      if (path.resolve(file) === COMPOSITION_ROOT && isRoutePlugin(target.inner)) return;
      context.report({ node, messageId: 'internal', data: { source, target: target.name } });
    };
    const fromDeclaration = (node) => check(node, node.source && node.source.value);
    return {
      ImportDeclaration: fromDeclaration,
      ExportNamedDeclaration: fromDeclaration,
      ExportAllDeclaration: fromDeclaration,
      ImportExpression: (node) => check(node, node.source && node.source.value),
    };
  },
};
