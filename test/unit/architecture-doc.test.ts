// docs/architecture.md kept true, as refined-github's build/features.test.ts keeps its list true:
// every folder of lib/ and components/ has a row, every path the page names exists, and what the
// page and ESLint call worker-only covers every module that reaches the API client or the connection.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const doc = readFileSync('docs/architecture.md', 'utf8');
const sources = (root: string) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' }).map((file) => join(root, file));
const folders = ['lib', 'components'].flatMap((root) => [
  `${root}/`,
  ...sources(root)
    .filter((path) => !/\.\w+$/.test(path))
    .map((path) => `${path}/`),
]);
const modules = sources('lib').filter((path) => /\.tsx?$/.test(path));

/** The code spans of the page that name a file or folder of the repository. */
function namedPaths(): string[] {
  const spans = [...doc.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  return spans.filter((span) => /^(lib|components|entrypoints|test|scripts|docs)\//.test(span));
}

function exists(path: string): boolean {
  if (!path.includes('*')) return existsSync(path);
  const pattern = new RegExp(`^${path.replaceAll('.', '\\.').replaceAll('*', '[^/]*')}$`);
  return sources(dirname(path)).some((file) => pattern.test(file));
}

/** lib modules a module imports for their values (`import type` needs nothing at run time). */
function valueImports(module: string): string[] {
  const text = readFileSync(module, 'utf8');
  const imports = [...text.matchAll(/^(?:import|export) (?!type )([^;]*?) from '([^']+)'/gms)];
  return imports
    .filter(([, names]) => !/^\{[^}]*\}$/s.test(names!) || /\{\s*(?!type )\w|,\s*(?!type )\w/.test(names!))
    .map(([, , from]) => from!)
    .filter((from) => from.startsWith('.') || from.startsWith('@/lib/'))
    .map((from) => (from.startsWith('@/') ? from.slice(2) : normalize(join(dirname(module), from))))
    .flatMap((path) => [`${path}.ts`, `${path}.tsx`, `${path}/index.ts`].filter((file) => existsSync(file)));
}

/** Every lib module that reaches the API client or the connection through its value imports. */
function reachingTheWorker(): string[] {
  const roots = new Set(['lib/api/client.ts', 'lib/connection.ts']);
  const reaching = new Set(roots);
  for (let grew = true; grew;) {
    grew = false;
    for (const module of modules) {
      if (reaching.has(module) || !valueImports(module).some((file) => reaching.has(file))) continue;
      reaching.add(module);
      grew = true;
    }
  }
  return [...reaching].sort();
}

describe('docs/architecture.md', () => {
  it('has a row for every folder of lib/ and components/', () => {
    const rows = new Set([...doc.matchAll(/^\| `([^`]+)` /gm)].map((match) => match[1]));
    expect(folders.filter((folder) => !rows.has(folder))).toEqual([]);
  });

  it('names only paths that exist', () => {
    expect(namedPaths().length).toBeGreaterThan(50);
    expect(namedPaths().filter((path) => !exists(path))).toEqual([]);
  });

  it("ESLint's WORKER_ONLY covers every module that reaches the API client or the connection, and the feature tables agree", async () => {
    const config = '../../eslint.config.js';
    const { WORKER_ONLY } = (await import(/* @vite-ignore */ config)) as { WORKER_ONLY: string[] };
    const workerOnly = new RegExp(`^lib/(${WORKER_ONLY.join('|')})\\.tsx?$`);
    expect(reachingTheWorker().filter((module) => !workerOnly.test(module))).toEqual([]);
    // Each path it names is there (a moved module leaves no stale name behind).
    const named = WORKER_ONLY.flatMap((entry) => {
      const [, before, choices, after] = /^(.*)\(([^()]*)\)([^?]*)$/.exec(entry) ?? ['', entry, '', ''];
      return choices!.split('|').map((choice) => `${before}${choice}${after}`);
    });
    const stale = named.filter(
      (name) => !modules.some((module) => new RegExp(`^lib/(${name})\\.tsx?$`).test(module)),
    );
    expect(stale).toEqual([]);
    const filesIn = (row: string) =>
      [...doc.matchAll(new RegExp(`^\\| ${row} +\\|(.*)$`, 'gm'))].flatMap((match) =>
        [...match[1]!.matchAll(/`(lib\/[^`*]+\.tsx?)`/g)].map((file) => file[1]!),
      );
    expect(filesIn('worker only').filter((file) => !workerOnly.test(file))).toEqual([]);
    expect(filesIn('both').filter((file) => workerOnly.test(file))).toEqual([]);
  });
});
