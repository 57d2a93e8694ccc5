/**
 * The write path's storage cost: a 10-slot import job run by the worker's code in Node against the
 * sandbox, its storage.local calls counted (wxt's fake browser, each call delayed by DELAY_MS as a
 * round trip to Firefox's IndexedDB-backed storage.local takes), over a store a used profile holds
 * (cached answers, history, finished jobs). Measured for this tree and, in the same run, for the
 * write path before it was batched (`BEFORE`, its lib/ extracted with git): calls per written item,
 * the gap between the job's last write-time read (GET) and its first write (POST) from the
 * sandbox's log, and the job's wall time.
 *
 * `node --import tsx scripts/bench-job-storage.ts [--base REF]` prints both; bench.ts adds its rows.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fakeBrowser } from './fake-extension-env';
import { median } from './bench-stats';
import { DEMO } from '../test/sandbox/seed';
import { startSandbox } from '../test/sandbox/server';

/** The last commit before the job's write path was batched (history with the item's backup, one call). */
export const BEFORE = 'bb18fef';
const PROFILE = 'bench-job';
const SLOTS = 10;
/** A storage.local round trip in Firefox (IndexedDB), on a quiet machine; under load it is several times longer. */
export const DELAY_MS = 4;

export interface JobStorageRun {
  /** storage.local calls (get, set, remove) the job made, per written item. */
  callsPerItem: number;
  /** Of which writes (set), per written item. */
  setsPerItem: number;
  /** Whole-area reads (`get(null)`) of the job. */
  wholeReads: number;
  /** Last write-time GET → first POST, from the sandbox's log (ms). */
  gapMs: number;
  /** The job stored → the job finished (ms). */
  wallMs: number;
}

type Method = 'get' | 'set' | 'remove';
type Area = Record<Method, (arg?: unknown) => Promise<unknown>>;

/** Counts (and delays by `delayMs`) every storage.local call while `work` runs. */
async function counted<T>(delayMs: number, work: () => Promise<T>) {
  const local = fakeBrowser.storage.local as unknown as Area;
  const original = { get: local.get, set: local.set, remove: local.remove };
  const count = { calls: 0, sets: 0, wholeReads: 0 };
  const wrap = (method: Method) => async (arg?: unknown) => {
    count.calls += 1;
    if (method === 'set') count.sets += 1;
    if (method === 'get' && (arg === null || arg === undefined)) count.wholeReads += 1;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return original[method].call(local, arg);
  };
  local.get = wrap('get');
  local.set = wrap('set');
  local.remove = wrap('remove');
  try {
    return { result: await work(), ...count };
  } finally {
    Object.assign(local, original);
  }
}

/** The worker's modules the bench drives, from this tree's lib/ or another's. */
async function modulesOf(lib: string) {
  /** The first path that exists: a module renamed since the baseline is read under its old name there. */
  const load = (path: string, ...older: string[]) =>
    import(resolve(lib, [path, ...older].find((each) => existsSync(resolve(lib, each))) ?? path));
  const [job, runner, cache, history, kept, jobs] = await Promise.all([
    load('jobs/job.ts'),
    load('jobs/runner.ts'),
    load('storage/cache.ts'),
    load('storage/history.ts'),
    // The history's write path (an older tree: in storage/history.ts, with no keep-replaced.ts).
    load('storage/keep-replaced.ts').catch(() => ({})),
    load('storage/jobs.ts', 'storage/import-jobs.ts'),
  ]);
  const write = { ...history, ...kept };
  return {
    newJob: job.newJob as typeof import('../lib/jobs/job').newJob,
    runJob: runner.runJob as typeof import('../lib/jobs/runner').runJob,
    writeCached: cache.writeCached as typeof import('../lib/storage/cache').writeCached,
    historyEntry: write.historyEntry as typeof import('../lib/storage/keep-replaced').historyEntry,
    pushHistory: write.pushHistory as typeof import('../lib/storage/keep-replaced').pushHistory,
    saveJob: jobs.saveJob as typeof import('../lib/storage/jobs').saveJob,
  };
}
type Modules = Awaited<ReturnType<typeof modulesOf>>;

/** What a profile that read and imported for a while holds: cached answers, history, finished jobs. */
async function usedStore(m: Modules, target: { kind: 'building'; id: string }): Promise<void> {
  fakeBrowser.reset();
  const old = Date.now() - 60_000;
  for (let b = 0; b < 60; b++)
    await m.writeCached(PROFILE, ['details', `b-${b}`], { note: 'x'.repeat(2_000) }, old);
  for (let slot = 1; slot <= 20; slot++)
    for (let n = 0; n < 5; n++) {
      const replaced = { title: `Alt ${n}`, data: 'y'.repeat(500), lastUpdated: null };
      await m.pushHistory(PROFILE, target, slot, m.historyEntry(replaced, old - n));
    }
  for (let j = 0; j < 5; j++) {
    const job = m.newJob(PROFILE, 'import', target, [{ slot: 1, title: `Alt ${j}`, data: 'z' }]);
    const items = job.items.map((i) => ({ ...i, status: 'done' as const }));
    await m.saveJob({ ...job, id: `old-${j}`, state: 'finished', items });
  }
}

async function runOnce(m: Modules, round: number, delayMs: number): Promise<JobStorageRun> {
  const sandbox = await startSandbox({});
  try {
    const target = { kind: 'building' as const, id: DEMO.buildings.juergen[0] };
    await usedStore(m, target);
    const config = { baseUrl: sandbox.url, token: DEMO.premium.token, retryBaseMs: 5, timeoutMs: 5_000 };
    const slots = Array.from({ length: SLOTS }, (_, i) => ({
      slot: i + 1,
      title: `Bench ${round}.${i + 1}`,
      data: `${i}`,
    }));
    const job = m.newJob(PROFILE, 'import', target, slots);
    sandbox.clearLog();
    const started = performance.now();
    const { result, calls, sets, wholeReads } = await counted(delayMs, async () => {
      await m.saveJob(job);
      return m.runJob(PROFILE, job.id, { config, secret: DEMO.premium.secret });
    });
    const wallMs = performance.now() - started;
    if (result?.state !== 'finished' || result.items.some((i) => i.status !== 'done'))
      throw new Error(`the bench job did not write every slot: ${result?.items.map((i) => i.status).join()}`);
    const log = sandbox.log;
    const firstPost = log.findIndex((r) => r.method === 'POST');
    const lastGet = log.slice(0, firstPost).findLast((r) => r.method === 'GET');
    return {
      callsPerItem: calls / SLOTS,
      setsPerItem: sets / SLOTS,
      wholeReads,
      gapMs: (log[firstPost]?.time ?? 0) - (lastGet?.time ?? 0),
      wallMs,
    };
  } finally {
    await sandbox.close();
  }
}

/** The medians of `runs` jobs (counts are the same every run). */
async function measure(m: Modules, runs: number, delayMs: number): Promise<JobStorageRun> {
  const all: JobStorageRun[] = [];
  for (let round = 0; round < runs; round++) all.push(await runOnce(m, round, delayMs));
  const mid = (pick: (r: JobStorageRun) => number) => median(all.map(pick));
  return {
    callsPerItem: mid((r) => r.callsPerItem),
    setsPerItem: mid((r) => r.setsPerItem),
    wholeReads: mid((r) => r.wholeReads),
    gapMs: mid((r) => r.gapMs),
    wallMs: mid((r) => r.wallMs),
  };
}

/** This tree's lib/ and `base`'s (extracted once under node_modules/.cache, where its imports resolve). */
function baseLib(base: string): string {
  const commit = execSync(`git rev-parse --short ${base}`, { encoding: 'utf8' }).trim();
  const dir = resolve('node_modules/.cache/bench-job-storage', commit);
  if (!existsSync(resolve(dir, 'lib'))) {
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${commit} lib | tar -x -C ${dir}`);
  }
  return resolve(dir, 'lib');
}

export interface JobStorageBench {
  base: string;
  delayMs: number;
  ours: JobStorageRun;
  before: JobStorageRun;
}

export async function measureJobStorage(
  runs = 5,
  base = BEFORE,
  delayMs = DELAY_MS,
): Promise<JobStorageBench> {
  const before = await measure(await modulesOf(baseLib(base)), runs, delayMs);
  const ours = await measure(await modulesOf(resolve('lib')), runs, delayMs);
  return { base, delayMs, ours, before };
}

if (process.argv[1]?.endsWith('bench-job-storage.ts')) {
  const args = process.argv.slice(2);
  const base = args.includes('--base') ? (args[args.indexOf('--base') + 1] ?? BEFORE) : BEFORE;
  console.log(JSON.stringify(await measureJobStorage(5, base), null, 2));
}
