/**
 * Import cycles, type-only imports included: `npm run lint` fails on any. A type-only cycle costs
 * nothing at run time, but it ties two modules so that neither can change or be read alone, which
 * is why ESLint's import/no-cycle (it skips `import type`) is not enough here.
 *
 * Folder cycles too (`no-folder-cycle`): two folders of lib/ or components/ that import each other
 * through any files are one knot, to be read and changed together. Here a file directly in lib/
 * counts with the folder lib/ as a whole; `node ../shared/tools/cycles.mjs . --folders` also
 * counts each such file as a unit of its own.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycle',
      severity: 'error',
      comment: 'Move what both modules need into a third one, so that imports point one way.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'Folders form a stack: a folder never imports one that imports it back through any file. ' +
        'Move what both need into the lower folder (or a shared one: components/shared/).',
      scope: 'folder',
      from: { path: '^(lib|components)/' },
      to: { path: '^(lib|components)/', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.output|\\.wxt/(?!tsconfig)|test-results|bench-results)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json', '.d.ts'] },
  },
};
