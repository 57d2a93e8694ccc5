/**
 * Writes the table of the ten slowest test files of the last run (`test-results/vitest.json`, which
 * `npm test` writes) into docs/development.md, between its two markers. `npm run slowest`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const RESULTS = 'test-results/vitest.json';
const DOC = 'docs/development.md';
const START = '<!-- slowest:start -->';
const END = '<!-- slowest:end -->';

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  assertionResults: { duration?: number | null }[];
}

export function slowestTable(files: readonly FileResult[], root: string, count = 10): string {
  const rows = files
    .map((file) => ({
      name: file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name,
      seconds: (file.endTime - file.startTime) / 1000,
      tests: file.assertionResults.length,
      longest: Math.max(0, ...file.assertionResults.map((t) => t.duration ?? 0)) / 1000,
    }))
    .toSorted((a, b) => b.seconds - a.seconds)
    .slice(0, count);
  return [
    '| file | tests | file s | its longest test s |',
    '| ---- | ----: | -----: | -----------------: |',
    ...rows.map((r) => `| \`${r.name}\` | ${r.tests} | ${r.seconds.toFixed(1)} | ${r.longest.toFixed(1)} |`),
  ].join('\n');
}

export function withTable(doc: string, table: string): string {
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${DOC} lacks the markers ${START} … ${END}`);
  return `${doc.slice(0, from + START.length)}\n${table}\n${doc.slice(to)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = JSON.parse(readFileSync(RESULTS, 'utf8')) as { testResults: FileResult[] };
  const table = slowestTable(results.testResults, process.cwd());
  writeFileSync(DOC, withTable(readFileSync(DOC, 'utf8'), table));
  console.log(table);
}
