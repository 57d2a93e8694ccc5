/**
 * The budget ledger: every user flow of scripts/bench-ledger/flows.ts driven through the real pages
 * in Chromium (the E2E build, its own fresh profile) against the sandbox in its live profile, as
 * the landlord (12 buildings, premium), under a request limit. Each flow's requests are counted
 * from the sandbox's request log, from its `start()` until the log has been quiet for longer than a
 * window (a request waiting its turn in the scheduler is still counted), against the flow's floor
 * (floors.ts). 429s are counted apart, and those sent after the worker's scheduler first knew a
 * budget (read from its stored state by a page that listens to it) are the ones that should not be.
 * A flow that does not finish within its time is reported as timed out, and the next one runs.
 *
 * Import it only after `E2E_EXTENSION_DIR` is set (test/e2e/browser.ts reads it when loaded).
 */
import { E2E_TIME_SCALE } from '../../lib/api/clock';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Target } from '../../lib/api/schemas';
import { type ExtensionSession, clearCachedAnswers, launchExtension } from '../../test/e2e/browser';
import { OptionsPage } from '../../test/e2e/pages/options-page';
import { LANDLORD } from '../../test/sandbox/landlord';
import { LIVE_DEMO, type RateLimit, startSandbox } from '../../test/sandbox/server';
import { SLOTS } from './floors';
import { type Flow, type FlowContext, ledgerFlows, seedValue } from './flows';

/**
 * The limit the ledger runs under: the live service's 10 requests per key, its minute 3× shorter
 * on the E2E build's ×10 clock (30× in real time), so the ~800 requests of all flows take about
 * 3 minutes instead of 80.
 */
// On the E2E build's ×10 clock, as its sandbox runs alike: 20 s windows pass in 2 s.
export const LEDGER_LIMIT: RateLimit = { limit: 10, windowSeconds: 20 };

/**
 * Announced in X-RateLimit-* headers by default. Without them (`announced: false`, as the live
 * service may be: docs/decisions.md) the scheduler learns the limit from its first 429s; in a window
 * scaled this short the requests of the flows before the 429 fall into what it counts as one burst,
 * so it learns a window a few times longer than 2 s and every long flow waits several times its
 * budget (the backup: 185 s against 49 s), which makes the bench 15 minutes instead of 5.
 */
export const LEDGER_ANNOUNCED = true;

export interface LedgerRow {
  id: string;
  what: string;
  floor: number;
  /** Requests the server answered (429s apart). */
  requests: number;
  rateLimited: number;
  /** 429s of requests that reached the server after the scheduler knew a budget. */
  rateLimitedAfterLearning: number;
  /** From `start()` until the page showed the flow done. */
  wallMs: number;
  status: 'ok' | 'timed out' | 'failed';
  problem?: string;
  /** Requests sent more than once in the flow (429s apart), as "GET /path ×2": where to look when over the floor. */
  repeated: string[];
}

export interface Ledger {
  limit: RateLimit;
  /** The limit announced in headers (true), or learned from 429s. */
  announced: boolean;
  rows: LedgerRow[];
  /** When the scheduler first knew a budget, in ms after the first flow started; null if never. */
  learnedAfterMs: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The chrome API as the evaluated callbacks use it (they run in an extension page, typed here). */
interface MonitorScope {
  chrome: {
    storage: {
      local: { get(key: null): Promise<Record<string, unknown>> };
    };
  };
  budgetLearnedAt?: number | null;
}

/**
 * An extension page (doing nothing else) that notes when the scheduler's stored state first holds a
 * budget, and reads the current target of the active profile from storage.
 */
async function openMonitor(session: ExtensionSession, path: string) {
  const page = await session.context.newPage();
  await page.goto(session.url(path));
  // A string, not a function: the bench runs through tsx, whose helpers the page does not have.
  await page.evaluate(`(() => {
    globalThis.budgetLearnedAt = null;
    const check = (stored) => {
      const queues = Object.values(stored?.value?.queues ?? {});
      if (globalThis.budgetLearnedAt === null && queues.some((queue) => queue.budget))
        globalThis.budgetLearnedAt = Date.now();
    };
    chrome.storage.session.onChanged.addListener((changes) => {
      if (changes.scheduler) check(changes.scheduler.newValue);
    });
    return chrome.storage.session.get('scheduler').then((stored) => check(stored.scheduler));
  })()`);
  return {
    page,
    learnedAt: () =>
      page.evaluate(() => (globalThis as unknown as MonitorScope).budgetLearnedAt ?? null).catch(() => null),
    currentTarget: () =>
      page.evaluate(async () => {
        const stored = await (globalThis as unknown as MonitorScope).chrome.storage.local.get(null);
        const key = Object.keys(stored).find((k) => /^p\.[^.]+\.current\b/.test(k));
        const value = key ? (stored[key] as { value?: unknown }).value : null;
        if (!value) throw new Error('no current target stored');
        return value as Target;
      }),
  };
}

export interface LedgerOptions {
  /** An extension page that runs none of the app (bench.ts adds `bench-blank.html` to its copy). */
  monitorPage: string;
  /** The limit announced in headers (default LEDGER_ANNOUNCED), or to be learned from 429s. */
  announced?: boolean;
  /** Only these flows (ids), in their order; all by default. */
  only?: string[];
  log?: (line: string) => void;
}

export async function measureLedger(options: LedgerOptions): Promise<Ledger> {
  const log = options.log ?? (() => undefined);
  const announced = options.announced ?? LEDGER_ANNOUNCED;
  const sandbox = await startSandbox({
    profile: 'live',
    rateLimit: LEDGER_LIMIT,
    rateHeaders: announced,
    timeScale: E2E_TIME_SCALE,
  });
  const buildings = LIVE_DEMO.landlordBuildings;
  // Every slot holds something (the live service refuses to write an empty one back on restore).
  for (const [b, id] of buildings.entries())
    for (let option = 1; option <= SLOTS; option++)
      sandbox.changeSlot({ target: { kind: 'building', id }, option, ...seedValue(b, option) });
  const session = await launchExtension();
  const rows: LedgerRow[] = [];
  let firstStart: number | null = null;
  try {
    await OptionsPage.configure(session, {
      baseUrl: sandbox.url,
      token: LANDLORD.token,
      secret: LANDLORD.secret,
    });
    const monitor = await openMonitor(session, options.monitorPage);
    const quietMs = (LEDGER_LIMIT.windowSeconds * 1000) / E2E_TIME_SCALE + 1_000;
    /** Resolves once no request has reached the server for `quietMs`. */
    const quiet = async () => {
      for (;;) {
        const last = sandbox.log.at(-1)?.time ?? 0;
        const idle = Date.now() - last;
        if (idle >= quietMs) return;
        await sleep(quietMs - idle + 20);
      }
    };
    const flows = ledgerFlows().filter((flow) => !options.only || options.only.includes(flow.id));
    for (const flow of flows) {
      const row = await runFlow(flow, {
        session,
        sandbox,
        buildings,
        coldCache: () => clearCachedAnswers(session),
        currentTarget: monitor.currentTarget,
        quiet,
        learnedAt: monitor.learnedAt,
        keep: [monitor.page],
      });
      firstStart ??= row.startedAt;
      rows.push(row.row);
      log(
        `${flow.what}: ${row.row.requests} requests (floor ${flow.floor}), ${row.row.rateLimited} 429s, ${row.row.status}`,
      );
    }
    const learnedAt = await monitor.learnedAt();
    return {
      limit: LEDGER_LIMIT,
      announced,
      rows,
      learnedAfterMs: learnedAt === null || firstStart === null ? null : learnedAt - firstStart,
    };
  } finally {
    await session.close();
    await sandbox.close();
  }
}

interface Runner extends Omit<FlowContext, 'start'> {
  quiet(): Promise<void>;
  learnedAt(): Promise<number | null>;
  /** Pages that stay open across flows. */
  keep: Page[];
}

async function runFlow(flow: Flow, runner: Runner): Promise<{ row: LedgerRow; startedAt: number }> {
  const { sandbox, session } = runner;
  let startedAt: number | null = null;
  const context: FlowContext = {
    ...runner,
    async start() {
      await runner.quiet();
      startedAt = Date.now();
    },
  };
  let status: LedgerRow['status'] = 'ok';
  let problem: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), flow.timeoutMs);
  });
  const running = flow.run(context).then(
    () => 'ok' as const,
    (error: unknown) => {
      problem = error instanceof Error ? error.message.split('\n')[0] : String(error);
      return 'failed' as const;
    },
  );
  status = await Promise.race([running, timedOut]);
  clearTimeout(timer);
  const doneAt = Date.now();
  const from = startedAt ?? doneAt;
  // What the flow started ends before it is counted (a write waiting its turn, a re-read after a job).
  await runner.quiet();
  const to = Date.now();
  if (status !== 'ok') {
    // What the page showed when the flow stopped: the first thing to look at after a merge.
    mkdirSync('bench-results', { recursive: true });
    for (const [i, page] of session.context.pages().entries())
      if (!runner.keep.includes(page))
        await page
          .screenshot({ path: `bench-results/ledger-${flow.id}-${i}.png`, fullPage: true })
          .catch(() => undefined);
  }
  const closeOpened = async () => {
    for (const page of session.context.pages()) if (!runner.keep.includes(page)) await page.close();
  };
  await closeOpened();
  // A flow cut short settles once its pages are closed (or opens one more: closed too).
  await Promise.race([running, sleep(5_000)]);
  await closeOpened();
  const entries = sandbox.log.filter((entry) => entry.time >= from && entry.time <= to);
  const refused = entries.filter((entry) => entry.status === 429);
  const learnedAt = await runner.learnedAt();
  return {
    startedAt: from,
    row: {
      id: flow.id,
      what: flow.what,
      floor: flow.floor,
      requests: entries.length - refused.length,
      rateLimited: refused.length,
      rateLimitedAfterLearning:
        learnedAt === null ? 0 : refused.filter((entry) => entry.time > learnedAt).length,
      wallMs: doneAt - from,
      status,
      repeated: repeatedRequests(entries.filter((entry) => entry.status !== 429)),
      ...(problem ? { problem } : {}),
    },
  };
}

function repeatedRequests(entries: readonly { method: string; path: string }[]): string[] {
  const counts = new Map<string, number>();
  for (const { method, path } of entries)
    counts.set(`${method} ${path}`, (counts.get(`${method} ${path}`) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([request, n]) => `${request} ×${n}`);
}
