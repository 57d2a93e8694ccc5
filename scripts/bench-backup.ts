/**
 * The bench's backup section: "Back up everything" through the extension's own worker (createHandlers
 * with a real RequestScheduler and a fake browser's storage) for the landlord of the live profile
 * (12 buildings × 20 slots, premium) against the sandbox over HTTP:
 *   - requests from an empty cache, right after it (warm) and with 30 slots gone stale, against the
 *     floor (a read per stale slot: 240, 0, 30; the list reads of the start are counted apart);
 *   - under 10 requests per 3 s (the live 10 per minute, window 20× shorter, announced in headers):
 *     wall time ÷ (requests ÷ budget), the goal ≤ 1.2, and the 429s.
 * Requests and 429s come from the sandbox's request log.
 */
import { benchAccount } from './bench-account';
import { RequestScheduler } from '../lib/api/scheduler';
import { createHandlers } from '../lib/handlers';
import { type BackupJob, readBackup } from '../lib/storage/backup-jobs';
import { cacheFamily, optionParts } from '../lib/storage/cache';
import { LANDLORD } from '../test/sandbox/landlord';
import { type Sandbox, startSandbox } from '../test/sandbox/server';

export interface BackupCount {
  cache: string;
  slotReads: number;
  floor: number;
  listReads: number;
}

export interface BackupPace {
  requests: number;
  rateLimited: number;
  wallMs: number;
  /** The time the requests take at the budget: requests ÷ limit × window. */
  budgetMs: number;
  ratio: number;
  slots: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isSlotRead = (path: string) => path.includes('/options/');

async function worker(sandbox: Sandbox) {
  const scheduler = new RequestScheduler();
  const account = await benchAccount(sandbox, LANDLORD, { secretPersistence: 'session' }, { scheduler });
  const handlers = createHandlers({ hasOriginPermission: account.hasOriginPermission, scheduler });
  sandbox.clearLog();
  return { handlers, profileId: account.profileId };
}

async function backup(handlers: ReturnType<typeof createHandlers>, profileId: string): Promise<BackupJob> {
  const started = await handlers.startBackup({});
  if (!started.ok) throw new Error(`startBackup: ${started.error.kind}`);
  for (;;) {
    const job = await readBackup(profileId);
    if (job && job.id === started.value.id && job.state !== 'running') {
      if (job.state !== 'finished') throw new Error(`backup ${job.state}: ${job.error ?? ''}`);
      return job;
    }
    await sleep(20);
  }
}

function count(sandbox: Sandbox, cache: string, floor: number): BackupCount {
  const log = sandbox.log.filter((r) => r.status !== 429);
  sandbox.clearLog();
  const slotReads = log.filter((r) => isSlotRead(r.path)).length;
  return { cache, slotReads, floor, listReads: log.length - slotReads };
}

/** Requests of a backup from an empty cache, a warm one and one with 30 slots stale. */
async function requestCounts(): Promise<BackupCount[]> {
  const sandbox = await startSandbox({ profile: 'live' });
  try {
    const { handlers, profileId } = await worker(sandbox);
    const cold = await backup(handlers, profileId);
    const counts = [count(sandbox, 'empty', cold.total)];
    await backup(handlers, profileId);
    counts.push(count(sandbox, 'warm (right after)', 0));
    // 30 slots (the first 3 of every building but two) drop out of the cache: only they are read.
    const gone = cold.targets
      .slice(0, 10)
      .flatMap((t) => [1, 2, 3].map((slot) => optionParts(t.target, slot)));
    for (const parts of gone) await cacheFamily.remove(profileId, ...parts);
    await backup(handlers, profileId);
    counts.push(count(sandbox, '30 slots stale', gone.length));
    return counts;
  } finally {
    await sandbox.close();
  }
}

/** A backup from an empty cache under 10 requests per `windowSeconds`: its wall time against the budget. */
async function pace(windowSeconds: number): Promise<BackupPace> {
  const limit = 10;
  const sandbox = await startSandbox({
    profile: 'live',
    rateLimit: { limit, windowSeconds },
    rateHeaders: true,
  });
  try {
    const { handlers, profileId } = await worker(sandbox);
    const start = performance.now();
    const job = await backup(handlers, profileId);
    const wallMs = performance.now() - start;
    const log = sandbox.log;
    const requests = log.filter((r) => r.status !== 429).length;
    const budgetMs = (requests / limit) * windowSeconds * 1000;
    return {
      requests,
      rateLimited: log.length - requests,
      wallMs,
      budgetMs,
      ratio: wallMs / budgetMs,
      slots: job.total,
    };
  } finally {
    await sandbox.close();
  }
}

export async function measureBackup(windowSeconds = 3) {
  const counts = await requestCounts();
  const paced = await pace(windowSeconds);
  return { counts, pace: paced, limit: { limit: 10, windowSeconds } };
}

// `node --import tsx scripts/bench-backup.ts`: this section alone.
if (process.argv[1]?.endsWith('bench-backup.ts')) {
  const result = await measureBackup();
  console.log(JSON.stringify(result, null, 2));
}
