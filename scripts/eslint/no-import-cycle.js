// An ESLint rule written for this repository: an import that leads, through our own modules, back
// to the file importing it is an error. Type-only imports count too: a loop of types is still two
// modules that cannot be understood (or moved) one without the other. Only relative imports are
// followed; packages cannot import us back. Needs no plugin download: TypeScript's own
// preProcessFile lists a file's imports.
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Imports of a file on disk, by path, kept while its mtime holds. */
const edges = new Map();

/** `./x.js` written in TypeScript source names `./x.ts` (or `.tsx`, or a folder's index). */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(m|c)?js$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, base, `${base}/index.ts`]) {
    try {
      if (statSync(candidate).isFile() && /\.(m|c)?tsx?$/.test(candidate)) return candidate;
    } catch {
      // not this candidate
    }
  }
  return undefined;
}

function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = edges.get(file);
  if (known && known.mtime === mtime) return known.to;
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const to = info.importedFiles.map((f) => resolveImport(file, f.fileName)).filter((f) => f !== undefined);
  edges.set(file, { mtime, to });
  return to;
}

/**
 * A path of imports from `start` to `target` (both included), or undefined. `cleared` holds files
 * already known not to lead to `target`; a search that fails adds what it walked.
 */
function pathTo(start, target, cleared) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, path] = stack.pop();
    if (file === target) return path;
    if (seen.has(file) || cleared.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) stack.push([next, [...path, next]]);
  }
  for (const file of seen) cleared.add(file);
  return undefined;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid imports that lead back to the importing module' },
    schema: [],
    messages: { cycle: 'import cycle: {{path}} (give the imported side a narrow interface of its own instead)' },
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const cleared = new Set();
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveImport(file, source.value);
      if (!target || target === file) return;
      const path = pathTo(target, file, cleared);
      if (path) context.report({ node, messageId: 'cycle', data: { path: [file, ...path].map((p) => relative(root, p)).join(' -> ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : undefined),
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
