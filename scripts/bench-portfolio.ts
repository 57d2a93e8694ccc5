/**
 * The portfolio's bench, part of `npm run bench` (`npm run bench:portfolio` runs it alone): the worker's own refresh code in Node (wxt's fake
 * browser for storage, a real RequestScheduler) against the sandbox's landlord over HTTP.
 *   a) requests of a full round for 12 and 50 buildings against the floor (details + rooms per
 *      building, + tenants and bank accounts with premium; a steady round keeps details for hours);
 *   b) the share of the budget the background refresh used over 10 windows of a limit announced in
 *      headers (10 per 6 s: the live 10 per minute scaled 10× shorter), and its 429s;
 *   c) a user's click (a building's four reads) during a refresh round against the same click with
 *      the refresh off;
 *   d) the table with 500 buildings against 50: build from storage, sort, filter, CSV, stored size.
 * Alone it also measures the Portfolio tab in Chromium (the test build: `npm run build:test` first;
 * scripts/bench-portfolio-browser.ts), prints its numbers and writes them to
 * bench-results/portfolio.json; `--tab-only` measures the tab alone (`--repeat K`: K runs, each in its
 * own browser, and each ratio's range over them), `--runs N` repetitions per run (default 7).
 */
import { benchAccount } from './bench-account';
import { fakeBrowser } from './fake-extension-env';
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { RequestScheduler } from '../lib/api/scheduler';
import { createHandlers } from '../lib/handlers';
import { csvFormat } from '../lib/export/csv';
import { portfolioRunner } from '../lib/portfolio/refresh-timer';
import { type PortfolioDeps, createPortfolioService } from '../lib/portfolio/refresh';
import { loadTable } from '../lib/portfolio/table-store';
import { portfolioFigures } from '../lib/portfolio/figures';
import { COLUMNS, type Column, filterRows, portfolioCsv, sortRows } from '../lib/portfolio/table';
import { type PortfolioTable, portfolioFamily, portfolioSettingsItem } from '../lib/storage/portfolio';
import { type BrowserTableTimes, CHANGES, measurePortfolioTabs } from './bench-portfolio-browser';
import { LANDLORD, landlordAccounts, landlordBuildings } from '../test/sandbox/landlord';
import { type Sandbox, startSandbox } from '../test/sandbox/server';

const refreshPortfolio = (deps: PortfolioDeps) => createPortfolioService(deps).refresh();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The landlord with `count` buildings (copies of her 12, renumbered). */
function growPortfolio(sandbox: Sandbox, count: number): void {
  sandbox.changeData((data) => {
    data.buildings = data.buildings.filter((b) => b.owner !== 'landlord');
    data.bankAccounts = data.bankAccounts.filter(
      (a) => !a.id.startsWith('acc-3') && !a.id.startsWith('acc-4'),
    );
    const now = Date.now();
    const built = Array.from({ length: Math.ceil(count / 12) }, (_, round) =>
      landlordBuildings(now).map((b) => ({
        ...b,
        id: `b-${3001 + round * 12 + Number(b.id.slice(2)) - 3001}`,
        rooms: b.rooms.map((r) => ({ ...r, id: `${r.id}-${round}` })),
      })),
    )
      .flat()
      .slice(0, count);
    data.buildings.push(...built);
    data.bankAccounts.push(...landlordAccounts(built, now));
  });
}

async function worker(
  sandbox: Sandbox,
  requestsPerMinute: number | null,
  scheduler = new RequestScheduler(),
) {
  const account = await benchAccount(
    sandbox,
    LANDLORD,
    { secretPersistence: 'session', requestsPerMinute },
    { scheduler },
  );
  const deps: PortfolioDeps = { hasOriginPermission: account.hasOriginPermission, scheduler };
  await createHandlers(deps).getPortfolio({}); // the portfolio was shown once: its refresh runs
  sandbox.clearLog();
  return { deps, profileId: account.profileId, handlers: createHandlers(deps) };
}

async function roundRequests(sandbox: Sandbox, buildings: number) {
  growPortfolio(sandbox, buildings);
  let clock = Date.now();
  const { deps } = await worker(sandbox, 600);
  deps.now = () => clock;
  // A run reads at most 200 answers; the next run (its timer) goes on.
  while ((await refreshPortfolio(deps)).wakeAt === clock + 1_000);
  const first = sandbox.log.length;
  sandbox.clearLog();
  clock += 5 * 60_000;
  await refreshPortfolio(deps);
  return {
    buildings,
    first,
    firstFloor: 1 + buildings * 4,
    steady: sandbox.log.length,
    steadyFloor: 1 + buildings * 3,
  };
}

async function shareOverWindows(windowSeconds: number, windows: number) {
  const sandbox = await startSandbox({
    profile: 'live',
    rateLimit: { limit: 10, windowSeconds },
    rateHeaders: true,
    latencyMs: 20,
  });
  try {
    const { deps } = await worker(sandbox, null);
    const runner = portfolioRunner({ run: () => refreshPortfolio(deps), setAlarm: async () => undefined });
    const start = Date.now();
    await runner.kick();
    await sleep(windowSeconds * 1000 * windows - (Date.now() - start));
    await portfolioSettingsItem.set({ ...(await portfolioSettingsItem.get()), refresh: false });
    const log = sandbox.log;
    const sent = log.filter((r) => r.status !== 429).length;
    return {
      requests: sent,
      budget: 10 * windows,
      share: sent / (10 * windows),
      tooMany: log.filter((r) => r.status === 429).length,
    };
  } finally {
    await sandbox.close();
  }
}

async function clickWait(refreshOn: boolean, runs: number) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const sandbox = await startSandbox({
      profile: 'live',
      rateLimit: { limit: 10, windowSeconds: 6 },
      rateHeaders: true,
      latencyMs: 50,
    });
    try {
      const { deps, handlers } = await worker(sandbox, null);
      await portfolioSettingsItem.set({ ...(await portfolioSettingsItem.get()), refresh: refreshOn });
      const list = await handlers.listBuildings({});
      const id = list.ok ? (list.value.at(-1)?.id ?? '') : '';
      const runner = portfolioRunner({ run: () => refreshPortfolio(deps), setAlarm: async () => undefined });
      void runner.kick();
      await sleep(1_000); // the round is under way
      const hint = { priority: 'user' as const };
      const start = performance.now();
      await Promise.all([
        handlers.readBuilding({ buildingId: id, hint }),
        handlers.listRooms({ buildingId: id, hint }),
        handlers.listTenants({ buildingId: id, hint }),
        handlers.listBankAccounts({ buildingId: id, hint }),
      ]);
      times.push(performance.now() - start);
      await portfolioSettingsItem.set({ ...(await portfolioSettingsItem.get()), refresh: false });
    } finally {
      await sandbox.close();
    }
  }
  return median(times);
}

/** A table of `count` buildings as the worker stores it (rows made from the landlord's data). */
export function syntheticTable(count: number): PortfolioTable {
  const now = Date.now();
  const source = landlordBuildings(now);
  const rows = Array.from({ length: count }, (_, i) => {
    const b = source[i % source.length]!;
    const rooms = b.rooms.map((r) => ({
      id: r.id,
      hash: r.hash,
      name: r.name,
      rent: r.rent + i,
      occupied: r.tenant !== null,
      interior: r.interior,
      interiorImage: null,
      interiorDetails: { inventoryCapacity: 1, kitchenCapacity: 1, wardrobeCapacity: 1 },
    }));
    const tenants = b.rooms.flatMap((r) =>
      r.tenant
        ? [
            {
              roomId: r.id,
              roomHash: r.hash,
              roomName: r.name,
              tenantName: r.tenant.name,
              lastPayDate: r.tenant.lastPayDate,
            },
          ]
        : [],
    );
    return {
      id: `b-${10_000 + i}`,
      name: `${b.label} ${i}`,
      area: b.area,
      figures: portfolioFigures({ rooms, tenants, accounts: [{ balance: 1000 + i }] }, now, 7),
      // Days old, so its age reads the same all through the bench ("3 days ago").
      updatedAt: now - 3 * 86_400_000,
      checkedAt: { details: now, rooms: now, tenants: now, accounts: now },
      problems: {},
    };
  });
  return { rows, premium: true, round: { requests: 0, minutes: 0 }, paused: null, listedAt: now };
}

async function tableTimes(buildings: number) {
  fakeBrowser.reset();
  await portfolioFamily.set(syntheticTable(buildings), 'bench', 'table');
  const time = (run: () => unknown, n = 20) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) run();
    return (performance.now() - start) / n;
  };
  const loadStart = performance.now();
  const table = await loadTable('bench');
  const openMs = performance.now() - loadStart;
  const rows = table?.rows ?? [];
  const header = Object.fromEntries(COLUMNS.map((c) => [c, c])) as Record<Column, string>;
  return {
    buildings: rows.length,
    openMs,
    sortMs: time(() => sortRows(rows, { column: 'rentLet', direction: 'descending' }, 'de')),
    filterMs: time(() => filterRows(rows, 'linden nord')),
    csvMs: time(() => portfolioCsv(rows, header, 'Total', csvFormat('de')), 5),
    storedKB: JSON.stringify(table).length / 1024,
  };
}

export type PortfolioBench = Awaited<ReturnType<typeof measurePortfolio>>;

/** Everything the portfolio's bench measures in Node. */
export async function measurePortfolio() {
  const sandbox = await startSandbox({ profile: 'live' });
  const rounds = [await roundRequests(sandbox, 12), await roundRequests(sandbox, 50)];
  const tables = [await tableTimes(50), await tableTimes(500)];
  await sandbox.close();
  const share = await shareOverWindows(6, 10);
  const withRefresh = await clickWait(true, 5);
  const withoutRefresh = await clickWait(false, 5);
  return {
    rounds,
    share,
    click: { withRefresh, withoutRefresh, ratio: withRefresh / withoutRefresh },
    tables,
  };
}

/** The tab in Chromium (the test build), ours against the naive path: the lines it prints. */
async function tabLines(runs: number): Promise<{ tabs: BrowserTableTimes[]; lines: string[] }> {
  const tabs = await measurePortfolioTabs([syntheticTable(50), syntheticTable(500)], runs);
  const lines = tabs.map(
    (t) =>
      `  ${t.buildings} buildings: open ${t.openMs.toFixed(1)} ms; ` +
      CHANGES.map((c) => {
        const { ours, naive, ratio } = t.changes[c];
        return `${c} ${ours.toFixed(1)} ms, naive ${naive.toFixed(1)} ms (${ratio.toFixed(2)}×)`;
      }).join('; '),
  );
  return { tabs, lines };
}

/** Each ratio's range over several runs (each its own browser): how far one run can be trusted. */
function spreadLines(runs: BrowserTableTimes[][]): string[] {
  const first = runs[0] ?? [];
  return first.map((tab, i) => {
    const ranges = CHANGES.map((c) => {
      const ratios = runs.map((run) => run[i]?.changes[c].ratio ?? Number.NaN);
      return `${c} ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×`;
    });
    return `  ${tab.buildings} buildings, ours ÷ naive over ${runs.length} runs: ${ranges.join(', ')}`;
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const runs = Math.max(5, Number(args[args.indexOf('--runs') + 1]) || 7);
  if (args.includes('--tab-only')) {
    const repeat = Math.max(1, Number(args[args.indexOf('--repeat') + 1]) || 1);
    const all: BrowserTableTimes[][] = [];
    for (let run = 1; run <= repeat; run++) {
      const { tabs, lines } = await tabLines(runs);
      console.log(
        `\nThe Portfolio tab in Chromium, run ${run} (median of ${runs}), ours against the naive path`,
      );
      for (const line of lines) console.log(line);
      all.push(tabs);
    }
    if (repeat > 1) for (const line of spreadLines(all)) console.log(line);
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/portfolio-tab.json', JSON.stringify(all, null, 2));
    return;
  }
  const results = await measurePortfolio();
  const { rounds, share, tables } = results;
  const { withRefresh, withoutRefresh } = results.click;
  console.log('\nPortfolio refresh: requests of a round (first / steady) against the floor');
  for (const r of rounds)
    console.log(
      `  ${r.buildings} buildings: first ${r.first} (floor ${r.firstFloor}), steady ${r.steady} (floor ${r.steadyFloor})`,
    );
  console.log(
    `Budget over 10 windows of 10 per 6 s: ${share.requests} of ${share.budget} requests (${(share.share * 100).toFixed(0)} %, setting 50 %), 429s: ${share.tooMany}`,
  );
  console.log(
    `A click's four reads: ${withRefresh.toFixed(0)} ms during a refresh round, ${withoutRefresh.toFixed(0)} ms with refresh off (ratio ${(withRefresh / withoutRefresh).toFixed(2)})`,
  );
  for (const t of tables)
    console.log(
      `  ${t.buildings} buildings: table read ${t.openMs.toFixed(1)} ms, sort ${t.sortMs.toFixed(2)} ms, filter ${t.filterMs.toFixed(2)} ms, CSV ${t.csvMs.toFixed(1)} ms, stored ${t.storedKB.toFixed(0)} KB`,
    );
  const { tabs, lines } = await tabLines(runs);
  console.log(`The Portfolio tab in Chromium (median of ${runs}), ours against the naive path`);
  for (const line of lines) console.log(line);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/portfolio.json', JSON.stringify({ ...results, tabs }, null, 2));
}

// `npm run bench:portfolio`: this part alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
