/**
 * The portfolio tab in Chromium with 50 and 500 buildings (a stored table, the background refresh
 * off so it stays as written): open (navigation → every row shown), and a sort and a filter (the
 * click or keystroke → the table re-rendered and laid out), ours (Preact, keyed rows: a sort moves
 * the rows it has, a filter keeps the rows that stay) against the naive path in the same page (the
 * whole body rebuilt from the same rows' cells on every change, as a page without a diffing view
 * does). Times are the page's own clock (performance.now), medians of `runs`.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { PortfolioTable } from '../lib/storage/portfolio';

export interface BrowserTableTimes {
  buildings: number;
  openMs: number;
  sortMs: number;
  filterMs: number;
  naiveSortMs: number;
  naiveFilterMs: number;
  /** The naive path building the same cells as ours. */
  sameSortMs: number;
  sameFilterMs: number;
}

type Chrome = {
  chrome: {
    storage: { local: { get(k: string): Promise<Record<string, unknown>>; set(v: object): Promise<void> } };
  };
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Stores `table` as the active profile's portfolio, with the background refresh off. */
async function storeTable(context: BrowserContext, table: PortfolioTable): Promise<void> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(async (value) => {
    const local = (globalThis as unknown as Chrome).chrome.storage.local;
    const profiles = (await local.get('profiles')).profiles as { value: { active: string } };
    await local.set({
      portfolioSettings: { v: 1, value: { refresh: false, share: 0.5, lateAfterDays: 7, alerts: false } },
      [`p.${profiles.value.active}.portfolio:table`]: { v: 1, value },
    });
  }, table);
}

/**
 * In the page: `change` runs, then the time until the table's body changed and the page was laid
 * out again (a MutationObserver fires after the render pass; reading offsetHeight forces layout).
 */
function timeChange(page: Page, change: 'sort' | 'filter' | 'unfilter'): Promise<number> {
  return page.evaluate((what) => {
    const table = document.querySelector('.portfolio table') as HTMLTableElement;
    return new Promise<number>((resolve) => {
      const start = performance.now();
      const observer = new MutationObserver(() => {
        observer.disconnect();
        void document.body.offsetHeight;
        resolve(performance.now() - start);
      });
      observer.observe(table, { childList: true, subtree: true, characterData: true });
      if (what === 'sort') {
        const header = [...table.querySelectorAll('thead button')].find((b) =>
          b.textContent?.startsWith('Rent of let rooms'),
        ) as HTMLButtonElement;
        header.click();
      } else {
        const filter = document.querySelector('.portfolio input[type=search]') as HTMLInputElement;
        filter.value = what === 'filter' ? 'linden' : '';
        filter.dispatchEvent(new Event('input', { bubbles: true }));
      }
    });
  }, change);
}

/**
 * In the page: the naive path, the whole body rebuilt (sorted or filtered) and laid out. `text`:
 * text-only cells (what earlier runs compared against: no buttons, no bar, so less to lay out);
 * `same`: the same cells as ours (the name's button, the occupancy bar, the refresh button), each
 * copied with cloneNode, which is faster than a page building them with createElement.
 */
function timeNaive(
  page: Page,
  change: 'sort' | 'filter',
  run: number,
  cells: 'text' | 'same',
): Promise<number> {
  return page.evaluate(
    ({ what, n, kind }) => {
      const source = document.querySelector('.portfolio table') as HTMLTableElement;
      const rows = [...source.tBodies[0]!.rows].map((row) => ({
        text: [...row.cells].map((cell) => cell.textContent ?? ''),
        cells: [...row.cells],
      }));
      const id = `naive-table-${kind}`;
      let copy = document.getElementById(id) as HTMLTableElement | null;
      if (!copy) {
        copy = source.cloneNode(true) as HTMLTableElement;
        copy.id = id;
        source.after(copy);
      }
      const start = performance.now();
      const shown =
        what === 'sort'
          ? rows.toSorted(
              (a, b) =>
                (n % 2 ? 1 : -1) *
                (a.text[4] ?? '').localeCompare(b.text[4] ?? '', undefined, { numeric: true }),
            )
          : rows.filter((row) => (n % 2 ? true : (row.text[0] ?? '').toLowerCase().includes('linden')));
      const body = document.createElement('tbody');
      for (const row of shown) {
        const tr = document.createElement('tr');
        row.text.forEach((text, i) => {
          if (kind === 'same') {
            tr.append(row.cells[i]!.cloneNode(true));
            return;
          }
          const cell = document.createElement(i === 0 ? 'th' : 'td');
          cell.textContent = text;
          tr.append(cell);
        });
        body.append(tr);
      }
      copy.tBodies[0]!.replaceWith(body);
      void document.body.offsetHeight;
      return performance.now() - start;
    },
    { what: change, n: run, kind: cells },
  );
}

export async function portfolioTableInBrowser(
  context: BrowserContext,
  url: string,
  table: PortfolioTable,
  runs: number,
  timeToContent: (path: string, selector: string, count: number) => Promise<number>,
): Promise<BrowserTableTimes> {
  await storeTable(context, table);
  const count = table.rows.length;
  const open: number[] = [];
  for (let i = 0; i < runs; i++)
    open.push(await timeToContent('dashboard.html#portfolio', '.portfolio table tbody tr', count));
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(
    (n) => document.querySelectorAll('.portfolio table tbody tr').length === n,
    count,
  );
  const sort: number[] = [];
  const filter: number[] = [];
  const naiveSort: number[] = [];
  const naiveFilter: number[] = [];
  const sameSort: number[] = [];
  const sameFilter: number[] = [];
  for (let i = 0; i < runs; i++) {
    sort.push(await timeChange(page, 'sort'));
    filter.push(await timeChange(page, 'filter'));
    await timeChange(page, 'unfilter');
  }
  // The naive table is added last, so it never weighs on the layout of ours above.
  for (let i = 0; i < runs * 2; i++) {
    naiveSort.push(await timeNaive(page, 'sort', i, 'text'));
    const filtered = await timeNaive(page, 'filter', i, 'text');
    if (i % 2 === 0) naiveFilter.push(filtered);
    sameSort.push(await timeNaive(page, 'sort', i, 'same'));
    const sameFiltered = await timeNaive(page, 'filter', i, 'same');
    if (i % 2 === 0) sameFilter.push(sameFiltered);
  }
  await page.close();
  return {
    buildings: count,
    openMs: median(open),
    sortMs: median(sort),
    filterMs: median(filter),
    naiveSortMs: median(naiveSort),
    naiveFilterMs: median(naiveFilter),
    sameSortMs: median(sameSort),
    sameFilterMs: median(sameFilter),
  };
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
