/**
 * Import cycles, type-only imports included: `npm run lint` fails on any. A type-only cycle costs
 * nothing at run time, but it ties two modules so that neither can change or be read alone, which
 * is why ESLint's import/no-cycle (it skips `import type`) is not enough here.
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.output|\\.wxt/(?!tsconfig)|test-results|bench-results)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json', '.d.ts'] },
  },
};
