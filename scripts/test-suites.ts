/**
 * `npm test`'s test run: the unit and component projects first (two workers), then the E2E files
 * in two lanes side by side, each one file at a time (one browser each on two cores: no test waits
 * out real time, readiness is the test door's settled). Lane one runs two thirds of the Chromium
 * files, lane two the Firefox files and then the last third (vitest's `--shard`), so the lanes end
 * about together. Vitest runs the projects of one run one group after another, so each lane is a
 * vitest process of its own; their JSON reports are merged into test-results/vitest.json, which
 * CI's summary line and `npm run slowest` read. Arguments go to every vitest run (e.g.
 * `--sequence.shuffle`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const OUT = 'test-results';
const extra = process.argv.slice(2);

interface Report {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTestSuites: number;
  numPassedTestSuites: number;
  numFailedTestSuites: number;
  numPendingTestSuites: number;
  success: boolean;
  startTime: number;
  testResults: unknown[];
}

function vitest(name: string, projects: string[], shard?: string): Promise<number> {
  const file = `${OUT}/vitest-${name}.json`;
  rmSync(file, { force: true });
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default'];
  if (shard) args.push(`--shard=${shard}`);
  args.push('--reporter=json', `--outputFile.json=${file}`, ...extra);
  return new Promise((resolve) => {
    const child = spawn('vitest', args, { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function readReport(name: string): Report | null {
  try {
    return JSON.parse(readFileSync(`${OUT}/vitest-${name}.json`, 'utf8')) as Report;
  } catch {
    return null;
  }
}

/** One report of the runs, as vitest writes one: counts added, files listed together. */
export function mergeReports(reports: Report[]): Report {
  const sum = (key: keyof Report) => reports.reduce((total, r) => total + (r[key] as number), 0);
  return {
    numTotalTests: sum('numTotalTests'),
    numPassedTests: sum('numPassedTests'),
    numFailedTests: sum('numFailedTests'),
    numPendingTests: sum('numPendingTests'),
    numTodoTests: sum('numTodoTests'),
    numTotalTestSuites: sum('numTotalTestSuites'),
    numPassedTestSuites: sum('numPassedTestSuites'),
    numFailedTestSuites: sum('numFailedTestSuites'),
    numPendingTestSuites: sum('numPendingTestSuites'),
    success: reports.every((r) => r.success),
    startTime: Math.min(...reports.map((r) => r.startTime)),
    testResults: reports.flatMap((r) => r.testResults),
  };
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const codes = [await vitest('unit', ['unit', 'components'])];
  const lane = async (...runs: (() => Promise<number>)[]) => {
    const ends: number[] = [];
    for (const run of runs) ends.push(await run());
    return ends;
  };
  const lanes = await Promise.all([
    lane(
      () => vitest('chromium-1', ['e2e'], '1/3'),
      () => vitest('chromium-2', ['e2e'], '2/3'),
    ),
    lane(
      () => vitest('firefox', ['firefox']),
      () => vitest('chromium-3', ['e2e'], '3/3'),
    ),
  ]);
  codes.push(...lanes.flat());
  const runs = ['unit', 'chromium-1', 'chromium-2', 'firefox', 'chromium-3'];
  const reports = runs.map(readReport);
  const missing = runs.filter((_, i) => reports[i] === null);
  if (missing.length === 0)
    writeFileSync(`${OUT}/vitest.json`, JSON.stringify(mergeReports(reports as Report[])));
  else console.error(`No report from the ${missing.join(', ')} run: test-results/vitest.json not written.`);
  process.exit(codes.some((code) => code !== 0) || missing.length > 0 ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
