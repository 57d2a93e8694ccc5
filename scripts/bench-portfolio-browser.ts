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

/** In the page: the naive path, the whole body rebuilt from the rows' cells (sorted or filtered), laid out. */
function timeNaive(page: Page, change: 'sort' | 'filter', run: number): Promise<number> {
  return page.evaluate(
    ({ what, n }) => {
      const source = document.querySelector('.portfolio table') as HTMLTableElement;
      const cells = [...source.tBodies[0]!.rows].map((row) =>
        [...row.cells].map((cell) => cell.textContent ?? ''),
      );
      let copy = document.getElementById('naive-table') as HTMLTableElement | null;
      if (!copy) {
        copy = source.cloneNode(true) as HTMLTableElement;
        copy.id = 'naive-table';
        source.after(copy);
      }
      const start = performance.now();
      const shown =
        what === 'sort'
          ? cells.toSorted(
              (a, b) =>
                (n % 2 ? 1 : -1) * (a[4] ?? '').localeCompare(b[4] ?? '', undefined, { numeric: true }),
            )
          : cells.filter((row) => (n % 2 ? true : (row[0] ?? '').toLowerCase().includes('linden')));
      const body = document.createElement('tbody');
      for (const row of shown) {
        const tr = document.createElement('tr');
        row.forEach((text, i) => {
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
    { what: change, n: run },
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
  for (let i = 0; i < runs; i++) {
    sort.push(await timeChange(page, 'sort'));
    filter.push(await timeChange(page, 'filter'));
    await timeChange(page, 'unfilter');
  }
  // The naive table is added last, so it never weighs on the layout of ours above.
  for (let i = 0; i < runs * 2; i++) {
    naiveSort.push(await timeNaive(page, 'sort', i));
    const filtered = await timeNaive(page, 'filter', i);
    if (i % 2 === 0) naiveFilter.push(filtered);
  }
  await page.close();
  return {
    buildings: count,
    openMs: median(open),
    sortMs: median(sort),
    filterMs: median(filter),
    naiveSortMs: median(naiveSort),
    naiveFilterMs: median(naiveFilter),
  };
}
