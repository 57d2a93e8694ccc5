/**
 * `npm run bench`: builds the extension, starts the sandbox API, drives Chromium, and prints its
 * tables (and writes them to docs/benchmark.md, the numbers to bench-results/bench.json). Every timing is the median of
 * several runs, next to its baseline measured in the same run, as a ratio:
 *   a) popup to cached content (second open) vs an empty page of the same extension, with the
 *      worker running (warm) and with it stopped through the DevTools protocol before each open
 *      (cold, against an empty page opened the same way); at least 15 opens each;
 *   b) the editor page in Chromium until all 20 slots show, at 100 ms latency, vs one round trip;
 *   c) gzip sizes of the initial scripts of popup, options and editor, and the worker, vs budgets;
 *   d) the budget ledger (scripts/bench-ledger): every user flow driven through the real pages in
 *      Chromium against the sandbox's live profile under a request limit, its requests counted
 *      from the sandbox's log against its floor (scripts/bench-ledger/floors.ts), and its 429s;
 *   e) storage after a long session (scripts/bench-storage.ts), and an import job's write path
 *      (scripts/bench-job-storage.ts, in Node): storage calls per written item and the job's wall
 *      time at a Firefox-like round trip per call, vs the write path before it was batched;
 *   f) the portfolio (scripts/bench-portfolio.ts, in Node): requests of a refresh round for 12 and 50
 *      buildings against the floor, the share of the budget used over 10 windows, a click's wait
 *      during a round vs with the refresh off; and its tab in Chromium with 50 and 500 buildings
 *      (scripts/bench-portfolio-browser.ts): open, sort, filter and a row update, ours vs the naive path.
 * `--no-build` skips the build; `--runs N` sets the number of runs (default 7, at least 5; the popup
 * rows take at least 15); `--popup-only` measures a) and c) alone (a quick before/after), into
 * bench-results/bench-popup.json and those rows of docs/benchmark.md;
 * `--ledger-only` the ledger alone (`--flows id,id` picks flows), into bench-results/bench-ledger.json;
 * `--ledger-learned`: the ledger's limit not announced in headers, learned from 429s (slower);
 * g) the request budget learned both ways: its flows through the real pages in Chromium
 *    (scripts/bench-budget-browser.ts, 10 requests per 6 s of real time: 60 s on the E2E build's
 *    ×10 clock) and the scheduler's in Node (scripts/bench-budget.ts, 10 per 12 s), announced by no
 *    header; `--budget-only` measures them
 *    alone (`npm run bench:budget`), into bench-results/bench-budget.json and their section of
 *    docs/benchmark.md.
 */
import { execSync } from 'node:child_process';
import { E2E_TIME_SCALE } from '../lib/api/clock';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BENCHMARK_INTRO } from './bench-intro';
import type { Ledger, LedgerRow } from './bench-ledger/ledger';
import { measureStorageSession } from './bench-storage';
import { type JobStorageBench, measureJobStorage } from './bench-job-storage';
import { workerStopper } from './bench-worker';
import { type PortfolioBench, measurePortfolio, syntheticTable } from './bench-portfolio';
import { type BrowserTableTimes, CHANGES, portfolioTableInBrowser } from './bench-portfolio-browser';
import { DEMO } from '../test/sandbox/seed';
import { startSandbox } from '../test/sandbox/server';
import { BUDGET_KB } from './bundle-budgets';
import { median } from './bench-stats';
import {
  type BrowserBudgetBench,
  type BudgetBench,
  budgetSection,
  measureBudget,
  withBudgetSection,
} from './bench-budget';
import { type RecordsBench, recordsLines, recordsTableInBrowser } from './bench-records';

const args = process.argv.slice(2);
const RUNS = Math.max(5, Number(args[args.indexOf('--runs') + 1]) || 7);
const POPUP_RUNS = Math.max(15, RUNS);
const POPUP_ONLY = args.includes('--popup-only');
const LEDGER_ONLY = args.includes('--ledger-only');
const BUDGET_ONLY = args.includes('--budget-only');
const LEDGER_FLOWS = args.includes('--flows') ? args[args.indexOf('--flows') + 1]?.split(',') : undefined;
const LATENCY_MS = 100;
const SLOTS = 20;
const STORE_BUILD = resolve('.output/chrome-mv3');
const E2E_BUILD = resolve('.output/chrome-mv3-e2e');
const BUDGETS_KB: Record<string, number | null> = { ...BUDGET_KB, options: null };
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function timeRuns(runs: number, run: () => Promise<number>, before?: () => void): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    before?.();
    times.push(await run());
  }
  return times;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

interface Row {
  id: string;
  what: string;
  value: number;
  unit: string;
  baseline?: { what: string; value: number };
  ratio?: number;
  runs?: number[];
  note?: string;
}
const rows: Row[] = [];
function add(row: Row): void {
  rows.push(row);
}

if (!args.includes('--no-build')) execSync('npm run build:all', { stdio: 'inherit' });

// The e2e build, copied, plus one empty page: the floor for "time to content" of an extension page.
const benchDir = mkdtempSync(join(tmpdir(), 'po-bench-ext-'));
cpSync(E2E_BUILD, benchDir, { recursive: true });
writeFileSync(
  join(benchDir, 'bench-blank.html'),
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>blank</title><p id="blank">blank</p></html>',
);
// The floor of the popup's first view: the popup's own head (its styles and initial scripts, loaded
// and evaluated), then one storage read and one text node, without any of the app's logic.
const popupHtml = readFileSync(join(benchDir, 'popup.html'), 'utf8');
const popupEntry = /<script type="module"[^>]* src="\/([^"]+)"/.exec(popupHtml)?.[1];
if (!popupEntry) throw new Error('popup.html has no module script');
const entryImports = [
  ...readFileSync(join(benchDir, popupEntry), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g),
].map((m) => `import './chunks/${m[1]}';`);
writeFileSync(
  join(benchDir, 'bench-floor.js'),
  `${entryImports.join('\n')}\nchrome.storage.local.get('profiles').then(() => {\n` +
    `  const p = document.createElement('p');\n  p.id = 'floor';\n  p.textContent = 'floor';\n  document.body.append(p);\n});\n`,
);
writeFileSync(
  join(benchDir, 'bench-floor.html'),
  popupHtml.replace(`src="/${popupEntry}"`, 'src="/bench-floor.js"'),
);
process.env.E2E_EXTENSION_DIR = benchDir;
const { launchExtension } = await import('../test/e2e/browser');
const { OptionsPage } = await import('../test/e2e/pages/options-page');
const { measureLedger } = await import('./bench-ledger/ledger');
const { measureBudgetInBrowser } = await import('./bench-budget-browser');

/** g) The request budget learned, through the pages and in Node (each with a sandbox of its own). */
async function measureBudgets(): Promise<{ pages: BrowserBudgetBench; node: BudgetBench }> {
  const pages = await measureBudgetInBrowser((line) => console.log(`budget (pages): ${line}`));
  const node = await measureBudget((line) => console.log(`budget (node): ${line}`));
  return { pages, node };
}
if (BUDGET_ONLY) {
  const budgets = await measureBudgets();
  rmSync(benchDir, { recursive: true, force: true });
  const section = budgetSection(budgets.node, budgets.pages);
  console.log(`\n${section.join('\n')}`);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/bench-budget.json', `${JSON.stringify(budgets, null, 2)}\n`);
  writeFileSync('docs/benchmark.md', withBudgetSection(readFileSync('docs/benchmark.md', 'utf8'), section));
  console.log('\nwritten to bench-results/bench-budget.json and its section of docs/benchmark.md');
  process.exit(0);
}

const portfolioTabs: BrowserTableTimes[] = [];
let recordsTable: RecordsBench | null = null;
/** d) The budget ledger, in a browser and against a sandbox of its own. */
const ledger: Ledger | null = POPUP_ONLY
  ? null
  : await measureLedger({
      monitorPage: 'bench-blank.html',
      ...(args.includes('--ledger-learned') ? { announced: false } : {}),
      ...(LEDGER_FLOWS ? { only: LEDGER_FLOWS } : {}),
      log: (line) => console.log(`ledger: ${line}`),
    });
if (LEDGER_ONLY) {
  rmSync(benchDir, { recursive: true, force: true });
  const report = ledgerTable(ledger as Ledger);
  console.log(report.join('\n'));
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/bench-ledger.json', `${JSON.stringify(ledger, null, 2)}\n`);
  console.log('\nwritten to bench-results/bench-ledger.json');
  // The reference ledger (every flow, the limit announced) replaces its section of the benchmark page.
  if (!LEDGER_FLOWS && (ledger as Ledger).announced) {
    const page = readFileSync('docs/benchmark.md', 'utf8');
    const section = /## Budget ledger\n[\s\S]*?(?=\n## )/;
    writeFileSync('docs/benchmark.md', page.replace(section, `${report.join('\n')}\n`));
    console.log('and to its section of docs/benchmark.md');
  }
  process.exit(0);
}

const sandbox = await startSandbox();
const session = await launchExtension();

/** Navigation start → the first animation frame showing `count` matches of `selector`, in the page's clock. */
async function timeToContent(
  path: string,
  selector: string,
  count = 1,
  viewport?: { width: number; height: number },
): Promise<number> {
  const page = await session.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(session.url(path), { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (want) => (document.querySelectorAll(want.selector).length >= want.count ? performance.now() : false),
    { selector, count },
    { polling: 'raf', timeout: 30_000 },
  );
  const ms = (await handle.jsonValue()) as number;
  await page.close();
  return ms;
}

try {
  const options = await OptionsPage.open(session);
  await options.save({ baseUrl: sandbox.url, token: DEMO.premium.token, secret: DEMO.premium.secret });
  await options.page.getByText('Detected: yes').waitFor();
  await options.page.close();
  sandbox.setLatency(LATENCY_MS);

  // a) Popup, second open: cached content vs the empty page of the same extension.
  const popupSize = { width: 440, height: 600 };
  await timeToContent('popup.html', '.details__title', 1, popupSize); // the first open fills the cache
  const popupRuns: number[] = [];
  const blankRuns: number[] = [];
  const floorRuns: number[] = [];
  const shellRuns: number[] = [];
  const coldPopupRuns: number[] = [];
  const coldBlankRuns: number[] = [];
  const worker = await workerStopper(session.context);
  for (let i = 0; i < POPUP_RUNS; i++) {
    blankRuns.push(await timeToContent('bench-blank.html', '#blank'));
    floorRuns.push(await timeToContent('bench-floor.html', '#floor', 1, popupSize));
    shellRuns.push(await timeToContent('popup.html', '.dashboard__header', 1, popupSize));
    popupRuns.push(await timeToContent('popup.html', '.details__title', 1, popupSize));
    // Cold: the worker stopped (as after 30 s idle) and no extension page open before each open.
    await worker.stop();
    coldBlankRuns.push(await timeToContent('bench-blank.html', '#blank'));
    await worker.stop();
    coldPopupRuns.push(await timeToContent('popup.html', '.details__title', 1, popupSize));
  }
  await worker.close();
  add({
    id: 'popupFloor',
    what: 'popup floor: its own styles and scripts + one storage read, no app logic',
    value: median(floorRuns),
    unit: 'ms',
    baseline: { what: 'empty page of the extension', value: median(blankRuns) },
    runs: floorRuns,
  });
  add({
    id: 'popupShell',
    what: 'popup: open → its first view (the header, sections loading) shown',
    value: median(shellRuns),
    unit: 'ms',
    baseline: { what: 'empty page of the extension', value: median(blankRuns) },
    runs: shellRuns,
  });
  add({
    id: 'popupCached',
    what: 'popup: open → cached building details shown',
    value: median(popupRuns),
    unit: 'ms',
    baseline: { what: 'empty page of the extension', value: median(blankRuns) },
    runs: popupRuns,
    note: `${round(median(popupRuns) / median(floorRuns), 2)}× the popup floor; goal ≤ 1.3× the empty page`,
  });
  add({
    id: 'popupCachedCold',
    what: 'popup, worker stopped: open → cached building details shown',
    value: median(coldPopupRuns),
    unit: 'ms',
    baseline: { what: 'empty page of the extension, worker stopped', value: median(coldBlankRuns) },
    runs: coldPopupRuns,
    note: 'goal ≤ 1.4× the empty page',
  });
  if (!POPUP_ONLY) await editorSlots();
  // i) The portfolio tab with 50 and 500 buildings, in this browser.
  if (!POPUP_ONLY)
    for (const buildings of [50, 500])
      portfolioTabs.push(
        await portfolioTableInBrowser(
          session.context,
          session.url('dashboard.html#portfolio'),
          syntheticTable(buildings),
          RUNS,
          (path, selector, count) => timeToContent(path, selector, count),
        ),
      );
  // j) The records table (issue 32): 440 records in a 20-slot document, in this browser.
  if (!POPUP_ONLY) recordsTable = await recordsTableInBrowser(session, sandbox, RUNS);
} finally {
  await session.close();
  await sandbox.close();
}

/** b) The editor page in Chromium until all 20 slots show, at 100 ms latency, against one round trip. */
async function editorSlots(): Promise<void> {
  // One round trip: a slot read with fetch in Node, no client of ours in between.
  const readOne = async () => {
    const answer = await fetch(`${sandbox.url}/building/options/${DEMO.buildings.juergen[0]}/1`, {
      headers: { Authorization: `Bearer ${DEMO.premium.token}` },
    });
    await answer.arrayBuffer();
  };
  const oneTrip = await timeRuns(RUNS, () => timed(readOne));
  const editorRuns: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A slot is shown once read: open with its title field, or empty and folded into its run.
    editorRuns.push(
      await timeToContent('editor.html', 'fieldset.slot input[type=text], .slot--folded', SLOTS),
    );
  }
  add({
    id: 'editorSlots',
    what: 'editor page: open → all 20 slots shown',
    value: median(editorRuns),
    unit: 'ms',
    baseline: { what: 'one round trip', value: median(oneTrip) },
    runs: editorRuns,
    note: 'includes the building list (1 round trip) before the slot reads',
  });
}

// c) Bundle sizes, gzip -9, of the store build: each page's initial scripts, and the worker.
function initialScripts(page: string): string[] {
  const html = readFileSync(join(STORE_BUILD, page), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => join(STORE_BUILD, m[1] as string));
}
const gzipKb = (files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0) / 1024;
const sizes: Record<string, string[]> = {
  popup: initialScripts('popup.html'),
  options: initialScripts('options.html'),
  editor: initialScripts('editor.html'),
  worker: [join(STORE_BUILD, 'background.js')],
};
for (const [name, files] of Object.entries(sizes)) {
  const budget = BUDGETS_KB[name] ?? null;
  const kb = gzipKb(files);
  add({
    id: `size.${name}`,
    what: `${name} initial JS, gzip`,
    value: kb,
    unit: 'KB',
    ...(budget === null ? {} : { baseline: { what: 'budget', value: budget } }),
    note: budget === null ? 'no budget' : kb <= budget ? 'within budget' : 'OVER BUDGET',
  });
}

// e) An import job's write path: storage calls per written item, ours vs before it was batched.
const jobStorage: JobStorageBench | null = POPUP_ONLY ? null : await measureJobStorage(RUNS);
if (jobStorage) {
  const { ours, before, base, delayMs } = jobStorage;
  const was = `the write path at ${base}`;
  add({
    id: 'job-storage-calls',
    what: 'import job (10 slots, Node): storage.local calls per written item',
    value: ours.callsPerItem,
    unit: 'calls',
    baseline: { what: was, value: before.callsPerItem },
    note: `writes ${ours.setsPerItem} (was ${before.setsPerItem}) per item`,
  });
  add({
    id: 'job-storage-wall',
    what: `import job (10 slots, Node): wall at ${delayMs} ms per storage call`,
    value: ours.wallMs,
    unit: 'ms',
    baseline: { what: was, value: before.wallMs },
    note: `last write-time GET → first POST ${Math.round(ours.gapMs)} ms (was ${Math.round(before.gapMs)} ms)`,
  });
}

for (const row of rows) if (row.baseline) row.ratio = row.value / row.baseline.value;

// e) A long session's storage per profile, before and after the budgets are enforced.
const storageSizes = POPUP_ONLY ? [] : await measureStorageSession();

// f) The portfolio's refresh in Node (its own sandboxes).
const portfolio: PortfolioBench | null = POPUP_ONLY ? null : await measurePortfolio();

// g) The request budget learned both ways (its browser loads the copied build: removed only after it).
const budgets = POPUP_ONLY ? null : await measureBudgets();
rmSync(benchDir, { recursive: true, force: true });

/** What the run prints is also docs/benchmark.md: the tables are written, never copied by hand. */
const report: string[] = [];
function out(line: string): void {
  console.log(line);
  report.push(line);
}

function printTable(table: string[][]): void {
  const widths = table[0]?.map((_, col) => Math.max(...table.map((line) => (line[col] ?? '').length))) ?? [];
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  for (const [i, line] of table.entries()) {
    out(row(line.map((cell, col) => cell.padEnd(widths[col] ?? 0))));
    if (i === 0) out(row(widths.map((w) => '-'.repeat(w))));
  }
}

const machine = `${cpus().length} CPU cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}`;
out('## Timings and sizes');
out(`\nMedian of ${RUNS} runs, ${LATENCY_MS} ms added latency where it applies; ${machine}.\n`);
printTable([
  ['measure', 'median', 'baseline', 'ratio', 'note'],
  ...rows.map((r) => [
    r.what,
    `${round(r.value)} ${r.unit}`,
    r.baseline ? `${r.baseline.what}: ${round(r.baseline.value)} ${r.unit}` : '',
    r.ratio === undefined ? '' : `${round(r.ratio, 2)}×`,
    r.note ?? '',
  ]),
]);

const goal = (met: boolean) => (met ? 'goal met' : 'GOAL MISSED');
// --popup-only: the popup rows and the sizes alone.
if (ledger) {
  out('');
  for (const line of ledgerTable(ledger)) out(line);

  if (budgets) out(`\n${budgetSection(budgets.node, budgets.pages).join('\n')}`);

  if (portfolio) printPortfolio(portfolio);

  out('\n## Storage after a long session');
  out('\nStorage of one profile after a long scripted session, before and after eviction:\n');
  const kb = (bytes: number) => `${round(bytes / 1024)} KB`;
  printTable([
    ['family', 'budget', 'before', 'after', 'note'],
    ...storageSizes.map((s) => [
      s.family,
      s.budget === null ? '' : kb(s.budget),
      `${s.before.count} entries, ${kb(s.before.bytes)}`,
      `${s.after.count} entries, ${kb(s.after.bytes)}`,
      s.keptBackups === undefined ? '' : `${s.keptBackups}/20 backups of the undoable import kept`,
    ]),
  ]);
}

/** d) The ledger's section: one row per flow, ours ÷ floor, 429s (after learning: goal 0). */
function ledgerTable({ limit, announced, rows: flows, learnedAfterMs }: Ledger): string[] {
  const lines = ['## Budget ledger', ''];
  const learned =
    learnedAfterMs === null
      ? 'the scheduler never knew a budget'
      : learnedAfterMs < 0
        ? 'the scheduler knew the budget before the first flow (from the set-up’s answers)'
        : `the scheduler knew the budget ${round(learnedAfterMs / 1000, 1)} s into the first flow`;
  const how = announced
    ? 'announced in X-RateLimit-* headers'
    : 'announced by no header: learned from 429s (`--ledger-learned`)';
  lines.push(
    `Every user flow through the real pages in Chromium, against the sandbox's live profile under ${limit.limit} requests per ${limit.windowSeconds} s on the E2E build's ×${E2E_TIME_SCALE} clock (the live 10 per minute, window ${round(60 / limit.windowSeconds)}× shorter; ${how}), as the landlord (12 buildings, premium), one flow after another in one browser; requests counted from the sandbox's log (429s apart), floors and why in \`scripts/bench-ledger/floors.ts\`; ${learned}.`,
    '',
  );
  const table = [
    [
      'flow',
      'requests',
      'floor',
      'ours ÷ floor',
      '429s',
      '429s after learning',
      'wall',
      'at the budget',
      'note',
    ],
    ...flows.map((f) => [
      f.what,
      String(f.requests),
      String(f.floor),
      f.floor === 0 ? (f.requests === 0 ? '1×' : `+${f.requests}`) : `${round(f.requests / f.floor, 2)}×`,
      String(f.rateLimited),
      `${f.rateLimitedAfterLearning}${f.rateLimitedAfterLearning > 0 ? ' (GOAL MISSED)' : ''}`,
      `${round(f.wallMs / 1000, 1)} s`,
      `${round(((f.requests + f.rateLimited) / limit.limit) * limit.windowSeconds, 1)} s`,
      [
        f.status === 'ok' ? '' : f.status,
        f.problem ?? '',
        f.requests > f.floor
          ? `over the floor${f.repeated.length ? ` (sent again: ${f.repeated.join(', ')})` : ''}`
          : '',
      ]
        .filter(Boolean)
        .join(': '),
    ]),
  ];
  const sum = (pick: (f: LedgerRow) => number) => flows.reduce((n, f) => n + pick(f), 0);
  table.push([
    'all flows',
    String(sum((f) => f.requests)),
    String(sum((f) => f.floor)),
    `${round(sum((f) => f.requests) / sum((f) => f.floor), 2)}×`,
    String(sum((f) => f.rateLimited)),
    String(sum((f) => f.rateLimitedAfterLearning)),
    `${round(sum((f) => f.wallMs) / 1000, 1)} s`,
    '',
    '',
  ]);
  lines.push(...markdownTable(table));
  lines.push(
    '',
    'Goals: every flow ≤ 1.0× its floor (import of 3 slots over a warm editor: 4; of 20: ≤ 40), no 429 after the budget was learned. "at the budget": the time its requests need at the limit.',
  );
  return lines;
}

function markdownTable(table: string[][]): string[] {
  const widths = table[0]?.map((_, col) => Math.max(...table.map((line) => (line[col] ?? '').length))) ?? [];
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return table.flatMap((line, i) => {
    const text = row(line.map((cell, col) => cell.padEnd(widths[col] ?? 0)));
    return i === 0 ? [text, row(widths.map((w) => '-'.repeat(w)))] : [text];
  });
}

function printPortfolio(bench: PortfolioBench): void {
  out('\n## The portfolio');
  out("\nRequests of one full refresh round (the worker's code in Node, against the sandbox's landlord):\n");
  printTable([
    ['buildings', 'first round', 'floor (1 + 4n)', 'steady round', 'floor (1 + 3n)'],
    ...bench.rounds.map((r) => [
      String(r.buildings),
      String(r.first),
      String(r.firstFloor),
      String(r.steady),
      String(r.steadyFloor),
    ]),
  ]);
  const { share, click } = bench;
  out(
    `\nBudget used over 10 windows of 10 requests per 6 s: ${share.requests} of ${share.budget} (${Math.round(share.share * 100)} %, setting 50 %; ${goal(share.share <= 0.5)}), 429s: ${share.tooMany}.` +
      ` A click's four reads during a round: ${Math.round(click.withRefresh)} ms, with the refresh off ${Math.round(click.withoutRefresh)} ms, ratio ${round(click.ratio, 2)} (${goal(click.ratio <= 1.1)}).`,
  );
  out(
    `\nThe Portfolio tab in Chromium (median of ${RUNS}, ours and the naive path interleaved; a change until the table re-rendered and laid out):\n`,
  );
  const ms = (value: number) => `${round(value, 1)} ms`;
  printTable([
    [
      'buildings',
      'open → all rows',
      ...CHANGES.flatMap((c) => [`${c} (ours)`, `${c} (naive)`, 'ours ÷ naive']),
    ],
    ...portfolioTabs.map((t) => [
      String(t.buildings),
      ms(t.openMs),
      ...CHANGES.flatMap((c) => {
        const { ours, naive, ratio } = t.changes[c];
        return [ms(ours), ms(naive), `${round(ratio, 2)}×`];
      }),
    ]),
  ]);
  const node = bench.tables.map(
    (t) =>
      `${t.buildings} buildings: table read ${round(t.openMs, 1)} ms, sort ${round(t.sortMs, 2)} ms, filter ${round(t.filterMs, 2)} ms, CSV ${round(t.csvMs, 1)} ms, stored ${Math.round(t.storedKB)} KB`,
  );
  out(`\nIn Node (no rendering): ${node.join('; ')}.`);
}

if (recordsTable) out(`\n${recordsLines(recordsTable).join('\n')}`);

mkdirSync('bench-results', { recursive: true });
writeFileSync(
  POPUP_ONLY ? 'bench-results/bench-popup.json' : 'bench-results/bench.json',
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine,
      runs: RUNS,
      latencyMs: LATENCY_MS,
      rows,
      ledger,
      storage: storageSizes,
      jobStorage,
      portfolio: portfolio && { ...portfolio, tab: portfolioTabs },
      recordsTable,
      budgets,
    },
    null,
    2,
  )}\n`,
);
if (POPUP_ONLY) {
  // Its rows (the popup's and the sizes) replace theirs in the page's table; the rest stays as written.
  const page = readFileSync('docs/benchmark.md', 'utf8').split('\n');
  // Its measured rows only: not the header or the line under it.
  const printed = report.filter((line) => line.startsWith('| ') && !/^\| (measure |-)/.test(line));
  const cellOf = (line: string) => line.split('|')[1]?.trim();
  const byMeasure = new Map(printed.map((line) => [cellOf(line), line]));
  // Each cell padded to the width it had, so the table's columns stay aligned.
  const fit = (line: string, into: string) => {
    const widths = into.split('|').map((cell) => cell.length);
    const cells = line.split('|');
    return cells
      .map((cell, i) =>
        i === 0 || i === cells.length - 1 ? cell : ` ${cell.trim()} `.padEnd(widths[i] ?? 0),
      )
      .join('|');
  };
  const replaced = page.map((line) => {
    const fresh = line.startsWith('| ') ? byMeasure.get(cellOf(line)) : undefined;
    return fresh ? fit(fresh, line) : line;
  });
  writeFileSync('docs/benchmark.md', replaced.join('\n'));
  console.log('\nwritten to bench-results/bench-popup.json and its rows of docs/benchmark.md');
} else {
  mkdirSync('docs', { recursive: true });
  writeFileSync(
    'docs/benchmark.md',
    `${BENCHMARK_INTRO}\n_Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}._\n${report.join('\n')}\n`,
  );
  console.log('\nwritten to bench-results/bench.json and docs/benchmark.md');
}
