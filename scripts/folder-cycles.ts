/**
 * Folder cycles of lib/ and components/ (`npm run lint`): two units that import each other through
 * any files are one knot. A unit is a folder of lib/ or components/ (`lib/jobs`); a file directly in
 * lib/ or components/ is a unit of its own (`lib/connection.ts`), so a loop through one is found too,
 * which dependency-cruiser's folder scope (it merges those files into `lib` itself) cannot say.
 * Type-only and dynamic imports count. Exits 1 and names each knot when there is one.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const files: string[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.tsx?$/.test(name)) files.push(path);
  }
};
for (const top of ['lib', 'components']) walk(join(root, top));
const known = new Set(files);
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function target(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => known.has(p));
  return found ?? null;
}

const unitOf = (file: string) => {
  const parts = relative(root, file).split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts.join('/');
};

const edges = new Map<string, Set<string>>();
for (const file of files) {
  const from = unitOf(file);
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const to = target(file, match[1] ?? match[2] ?? '');
    if (!to || unitOf(to) === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)?.add(unitOf(to));
  }
}

/** Tarjan's strongly connected components: each one of more than one unit is a knot. */
function knots(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit) ?? 0);
    stack.push(unit);
    for (const next of edges.get(unit) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      component.push(top);
      if (top === unit) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const unit of edges.keys()) if (!index.has(unit)) visit(unit);
  return found;
}

if (!existsSync(join(root, 'lib'))) throw new Error('run from the project');
const found = knots();
for (const knot of found) console.error(`folder cycle: ${knot.join(' <-> ')}`);
if (found.length > 0) {
  console.error('Folders form a stack: move what both need into the lower folder (or components/shared/).');
  process.exit(1);
}
