/**
 * `npm run bench:popup-profile`: where the popup's main thread spends its time on the way to its
 * cached building details, warm (the worker running) and with the worker stopped. A trace of each
 * open (Chromium's Tracing domain through playwright-core's CDP session: the popup's renderer main
 * thread, its tasks and V8's CPU samples) from navigation to the first frame showing the details
 * (a MutationObserver from the document's start, then that frame's animation callback).
 * Main-thread time barely moves with the machine's load (wall time does), so it is the proxy to
 * compare builds by on a shared machine. Prints, per condition, the median of the runs: the main
 * thread's busy time, its JS, and the heaviest functions by self time (URL:line).
 *
 * `--runs N` (default 9), `--build DIR` (default .output/chrome-mv3-e2e: `npm run build:test` first;
 * functions are named by source module and line where a sourcemap lies beside the file, as in
 * `BUNDLE_ANALYSIS=1 NODE_ENV=production wxt build --mode e2e` → .output/analysis/chrome-mv3-e2e),
 * `--mark poll` ends each open where the bench's poll sees the details, `--top N` functions
 * (default 25), `--timeline` the first open's tasks in order, `--json FILE`
 * writes every run's numbers.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { workerStopper } from './bench-worker';
import { median } from './bench-stats';
import {
  CATEGORIES,
  CONTENT_MARK,
  type OpenProfile,
  analyse,
  readTrace,
  sourceMapper,
} from './bench-popup-trace';
import { DEMO } from '../test/sandbox/seed';
import { startSandbox } from '../test/sandbox/server';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs')) || 9;
const TOP = Number(option('--top')) || 25;
const POLL = option('--mark') === 'poll';
const BUILD = resolve(option('--build') ?? '.output/chrome-mv3-e2e');
process.env.E2E_EXTENSION_DIR = BUILD;
const { launchExtension } = await import('../test/e2e/browser');
const { OptionsPage } = await import('../test/e2e/pages/options-page');

const round = (n: number) => Math.round(n * 10) / 10;

const sandbox = await startSandbox();
const session = await launchExtension();
const popupSize = { width: 440, height: 600 };
const PATH = 'popup.html';
const sourceOf = sourceMapper(BUILD);

async function profiledOpen(): Promise<OpenProfile> {
  const page: Page = await session.context.newPage();
  await page.setViewportSize(popupSize);
  const cdp = await session.context.newCDPSession(page);
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordUntilFull' },
  });
  // Watched from the document's start (not from when Playwright's poll first runs, which may be
  // after the tasks that follow the first paint): the frame in which the details first show.
  // `--mark poll` ends the window as `npm run bench` times it instead: Playwright's poll, each frame.
  if (!POLL)
    await page.addInitScript(
      `new MutationObserver((_, observer) => {
        if (!document.querySelector('.details__title')) return;
        observer.disconnect();
        requestAnimationFrame(() => { performance.mark('${CONTENT_MARK}'); window.__contentShownAt = performance.now(); });
      }).observe(document, { childList: true, subtree: true });`,
    );
  await page.goto(session.url(PATH), { waitUntil: 'commit' });
  const handle = POLL
    ? await page.waitForFunction(
        (mark) => {
          if (!document.querySelector('.details__title')) return false;
          performance.mark(mark);
          return performance.now();
        },
        CONTENT_MARK,
        { polling: 'raf', timeout: 30_000 },
      )
    : await page.waitForFunction(
        () => (window as { __contentShownAt?: number }).__contentShownAt,
        undefined,
        {
          timeout: 30_000,
        },
      );
  const contentMs = (await handle.jsonValue()) as number;
  const events = await readTrace(cdp);
  await cdp.detach();
  await page.close();
  return analyse(events, PATH, contentMs, sourceOf);
}

const results: Record<'warm' | 'cold', OpenProfile[]> = { warm: [], cold: [] };
try {
  const options = await OptionsPage.open(session);
  await options.save({ baseUrl: sandbox.url, token: DEMO.premium.token, secret: DEMO.premium.secret });
  await options.page.getByText('Detected: yes').waitFor();
  await options.page.close();
  await profiledOpen(); // the first open fills the cache
  const worker = await workerStopper(session.context);
  for (let i = 0; i < RUNS; i++) {
    results.warm.push(await profiledOpen());
    await worker.stop();
    results.cold.push(await profiledOpen());
  }
  await worker.close();
} finally {
  await session.close();
  await sandbox.close();
}

for (const [condition, runs] of Object.entries(results)) {
  console.log(
    `\n${condition} (${runs.length} opens, medians): wall ${round(median(runs.map((r) => r.wallMs)))} ms, ` +
      `main thread busy ${round(median(runs.map((r) => r.busyMs)))} ms, JS ${round(median(runs.map((r) => r.jsMs)))} ms`,
  );
  const keys = new Set(runs.flatMap((r) => [...r.self.keys()]));
  const selfMedians = [...keys].map((key) => [key, median(runs.map((r) => r.self.get(key) ?? 0))] as const);
  const totals = [...keys].map(
    (key) => [key, runs.reduce((s, r) => s + (r.self.get(key) ?? 0), 0) / runs.length] as const,
  );
  totals.sort((a, b) => b[1] - a[1]);
  if (args.includes('--timeline'))
    console.log(`  the first open's tasks (ms after navigation, duration):\n${runs[0]?.timeline.join('\n')}`);
  const kindKeys = new Set(runs.flatMap((r) => [...r.kinds.keys()]));
  console.log('  main thread by trace event (self time), mean per open:');
  for (const [kind, mean] of [...kindKeys]
    .map((k) => [k, runs.reduce((s, r) => s + (r.kinds.get(k) ?? 0), 0) / runs.length] as const)
    .toSorted((a, b) => b[1] - a[1])
    .slice(0, 15))
    console.log(`  ${mean.toFixed(1).padStart(6)} ms  ${kind}`);
  const byModule = new Map<string, number>();
  for (const [key, mean] of totals) {
    const module = key
      .slice(key.indexOf(' ') + 1)
      .replace(/^← \S+ /, '')
      .replace(/:\d+$/, '');
    byModule.set(module, (byModule.get(module) ?? 0) + mean);
  }
  console.log('  self time by module, mean per open:');
  for (const [module, mean] of [...byModule].toSorted((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`  ${mean.toFixed(1).padStart(6)} ms  ${module}`);
  console.log('  self time by function, mean per open (median):');
  for (const [key, mean] of totals.slice(0, TOP))
    console.log(
      `  ${mean.toFixed(1).padStart(6)} ms (${(selfMedians.find((m) => m[0] === key)?.[1] ?? 0).toFixed(1)})  ${key}`,
    );
}
const json = option('--json');
if (json)
  writeFileSync(
    json,
    `${JSON.stringify(
      Object.fromEntries(
        Object.entries(results).map(([k, runs]) => [
          k,
          runs.map((r) => ({
            wallMs: r.wallMs,
            busyMs: r.busyMs,
            jsMs: r.jsMs,
            self: Object.fromEntries(r.self),
            kinds: Object.fromEntries(r.kinds),
          })),
        ]),
      ),
      null,
      2,
    )}\n`,
  );
