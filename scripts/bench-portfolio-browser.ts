/**
 * The portfolio tab in Chromium with 50 and 500 buildings (a stored table, the background refresh
 * off so it stays as written): open (navigation → every row shown), and a sort (a header's click),
 * a filter (a keystroke's input event) and a row update (one building's figures changed in storage,
 * as the refresh writes them), each until the table changed and the page was laid out again: ours
 * (Preact, keyed rows) against the naive path in the same page (scripts/bench-portfolio-naive.ts:
 * the same DOM from the same stored table, cells and listeners, its body built anew on every
 * change). Both are driven and timed by the same code, interleaved (which goes first alternates),
 * with the other table out of the layout (display: none), so a load on the machine weighs on both
 * alike. Times are the page's own clock (performance.now), medians of `runs` repetitions (the open:
 * of at most 7); a ratio is the median of the repetitions' ratios.
 */
import { build } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import type { PortfolioTable } from '../lib/storage/portfolio';

export const CHANGES = ['sort', 'filter', 'update'] as const;
export type Change = (typeof CHANGES)[number];
type Side = 'ours' | 'naive';

export interface BrowserTableTimes {
  buildings: number;
  openMs: number;
  /** Per change, the median of each side and of the repetitions' ratios (ours ÷ naive). */
  changes: Record<Change, { ours: number; naive: number; ratio: number }>;
}

type Chrome = {
  chrome: {
    storage: { local: { get(k: string): Promise<Record<string, unknown>>; set(v: object): Promise<void> } };
  };
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
/** The naive path's profile: its own stored table, so a write for one side wakes only that side. */
const NAIVE_PROFILE = 'bench-naive';
const tableKey = (profileId: string) => `p.${profileId}.portfolio:table`;

/** Stores `table` as the active profile's portfolio and the naive path's, the refresh off; the active profile. */
async function storeTable(context: BrowserContext, table: PortfolioTable): Promise<string> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return worker.evaluate(
    async ({ value, naiveKey }) => {
      const local = (globalThis as unknown as Chrome).chrome.storage.local;
      const profiles = (await local.get('profiles')).profiles as { value: { active: string } };
      await local.set({
        portfolioSettings: { v: 1, value: { refresh: false, share: 0.5, lateAfterDays: 7, alerts: false } },
        [`p.${profiles.value.active}.portfolio:table`]: { v: 1, value },
        [naiveKey]: { v: 1, value },
      });
      return profiles.value.active;
    },
    { value: table, naiveKey: tableKey(NAIVE_PROFILE) },
  );
}

/** The naive path as one script for the page (evaluated through the DevTools protocol: no CSP). */
async function naiveScript(): Promise<string> {
  const result = await build({
    entryPoints: ['scripts/bench-portfolio-naive.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'benchPortfolioNaive',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    target: 'chrome120',
  });
  return `${result.outputFiles[0]!.text}\nglobalThis.benchPortfolioNaive = benchPortfolioNaive;`;
}

/**
 * The table with one building's rent changed on even steps and back on odd ones: every write is a
 * change (storage tells no one of a write that changed nothing).
 */
function updatedTable(table: PortfolioTable, step: number): PortfolioTable {
  const [first, ...rest] = table.rows;
  if (!first) return table;
  const rentLet = (first.figures.rentLet ?? 0) + (step % 2 ? 0 : 1);
  return { ...table, rows: [{ ...first, figures: { ...first.figures, rentLet } }, ...rest] };
}

/**
 * In the page: `change` on one side (a click on its "Rent of let rooms" header, its filter field's
 * value and input event, or its table written to storage), then the time until its table changed
 * and the page was laid out again (a MutationObserver fires after the render pass; reading
 * offsetHeight forces layout). The other side's table is out of the layout meanwhile.
 */
function timeChange(
  page: Page,
  side: Side,
  change: Change | 'unfilter',
  stored: { key: string; value: PortfolioTable } | null,
): Promise<number> {
  return page.evaluate(
    ({ side, change, stored }) => {
      const ours = document.querySelector('.portfolio table:not(#naive-table)') as HTMLTableElement;
      const naive = document.getElementById('naive-table') as HTMLTableElement;
      const table = side === 'ours' ? ours : naive;
      (ours.parentElement as HTMLElement).style.display = side === 'ours' ? '' : 'none';
      (naive.parentElement as HTMLElement).style.display = side === 'naive' ? '' : 'none';
      void document.body.offsetHeight;
      const filter = (
        side === 'ours'
          ? document.querySelector('.portfolio input[type=search]:not(#naive-filter)')
          : document.getElementById('naive-filter')
      ) as HTMLInputElement;
      return new Promise<number>((resolve, reject) => {
        const start = performance.now();
        const timer = setTimeout(
          () => reject(new Error(`${side} ${change}: the table did not change`)),
          20_000,
        );
        const observer = new MutationObserver(() => {
          observer.disconnect();
          clearTimeout(timer);
          void document.body.offsetHeight;
          resolve(performance.now() - start);
        });
        observer.observe(table, { childList: true, subtree: true, characterData: true });
        if (change === 'sort') {
          const header = [...table.querySelectorAll('thead button')].find((b) =>
            b.textContent?.startsWith('Rent of let rooms'),
          ) as HTMLButtonElement;
          header.click();
        } else if (change === 'update' && stored) {
          void (globalThis as unknown as Chrome).chrome.storage.local.set({
            [stored.key]: { v: 1, value: stored.value },
          });
        } else {
          filter.value = change === 'filter' ? 'linden' : '';
          filter.dispatchEvent(new Event('input', { bubbles: true }));
        }
      });
    },
    { side, change, stored },
  );
}

/** Throws when the two tables differ after `change`: the bench compares like with like. */
async function sameTables(page: Page, change: Change): Promise<void> {
  const difference = (await page.evaluate('benchPortfolioNaive.differenceOfTables()')) as string | null;
  if (difference) throw new Error(`After the ${change}, the two tables differ: ${difference}`);
}

export async function portfolioTableInBrowser(
  context: BrowserContext,
  url: string,
  table: PortfolioTable,
  runs: number,
  timeToContent: (path: string, selector: string, count: number) => Promise<number>,
): Promise<BrowserTableTimes> {
  const profileId = await storeTable(context, table);
  const count = table.rows.length;
  const open: number[] = [];
  for (let i = 0; i < Math.min(runs, 7); i++)
    open.push(await timeToContent('dashboard.html#portfolio', '.portfolio table tbody tr', count));
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(
    (n) => document.querySelectorAll('.portfolio table tbody tr').length === n,
    count,
  );
  await page.evaluate(await naiveScript());
  await page.evaluate(
    `benchPortfolioNaive.mountNaive(document.querySelector('.portfolio'), ${JSON.stringify(NAIVE_PROFILE)})`,
  );
  const times = {
    ours: { sort: [] as number[], filter: [] as number[], update: [] as number[] },
    naive: { sort: [] as number[], filter: [] as number[], update: [] as number[] },
  };
  const keys: Record<Side, string> = { ours: tableKey(profileId), naive: tableKey(NAIVE_PROFILE) };
  for (let i = 0; i < runs; i++) {
    const sides: Side[] = i % 2 ? ['ours', 'naive'] : ['naive', 'ours'];
    for (const side of sides) times[side].sort.push(await timeChange(page, side, 'sort', null));
    if (i === 0) await sameTables(page, 'sort');
    for (const side of sides) times[side].filter.push(await timeChange(page, side, 'filter', null));
    if (i === 0) await sameTables(page, 'filter');
    for (const side of sides) await timeChange(page, side, 'unfilter', null);
    const value = updatedTable(table, i);
    for (const side of sides)
      times[side].update.push(await timeChange(page, side, 'update', { key: keys[side], value }));
    if (i === 0) await sameTables(page, 'update');
  }
  await page.close();
  // Each repetition measures both sides back to back: its ratio is the least touched by the load.
  const changes = Object.fromEntries(
    CHANGES.map((change) => {
      const ours = times.ours[change];
      const naive = times.naive[change];
      const ratio = median(ours.map((time, i) => time / naive[i]!));
      return [change, { ours: median(ours), naive: median(naive), ratio }];
    }),
  ) as BrowserTableTimes['changes'];
  return { buildings: count, openMs: median(open), changes };
}

/**
 * `npm run bench:portfolio`'s own browser part: the test build (`npm run build:test`) in Chromium,
 * set up against a sandbox, the tab measured with each table.
 */
export async function measurePortfolioTabs(
  tables: readonly PortfolioTable[],
  runs: number,
): Promise<BrowserTableTimes[]> {
  const { launchExtension } = await import('../test/e2e/browser');
  const { OptionsPage } = await import('../test/e2e/pages/options-page');
  const { startSandbox } = await import('../test/sandbox/server');
  const { DEMO } = await import('../test/sandbox/seed');
  const sandbox = await startSandbox();
  const session = await launchExtension();
  try {
    const options = await OptionsPage.open(session);
    await options.save({ baseUrl: sandbox.url, token: DEMO.premium.token, secret: DEMO.premium.secret });
    await options.page.getByText('Detected: yes').waitFor();
    await options.page.close();
    const timeToContent = async (path: string, selector: string, count: number) => {
      const page = await session.context.newPage();
      await page.goto(session.url(path), { waitUntil: 'commit' });
      const handle = await page.waitForFunction(
        (want) => (document.querySelectorAll(want.selector).length >= want.count ? performance.now() : false),
        { selector, count },
        { polling: 'raf', timeout: 30_000 },
      );
      const ms = (await handle.jsonValue()) as number;
      await page.close();
      return ms;
    };
    const results: BrowserTableTimes[] = [];
    for (const table of tables)
      results.push(
        await portfolioTableInBrowser(
          session.context,
          session.url('dashboard.html#portfolio'),
          table,
          runs,
          timeToContent,
        ),
      );
    return results;
  } finally {
    await session.close();
    await sandbox.close();
  }
}
