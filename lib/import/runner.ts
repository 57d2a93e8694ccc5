/**
 * Applies an import job in the worker: a bounded number of slots at once; for each, the current
 * value is read and kept in the slot history before it is overwritten. A write that failed in a
 * way that may or may not have reached the server is checked by re-reading before it is retried,
 * and an item interrupted mid-write (worker stopped) is settled the same way when resumed.
 */
import * as api from '../api/client';
import type { ApiError } from '../api/errors';
import type { PageOption } from '../api/schemas';
import { mapPool } from '../slots/pool';
import { keepReplaced } from '../storage/budget';
import { historyEntry } from '../storage/history';
import { type ImportJob, type JobItem, progressOf, readJob, saveJob } from './job';

export const IMPORT_CONCURRENCY = 3;
const MAX_ATTEMPTS = 3;
const TRANSIENT: ApiError['kind'][] = ['network', 'timeout', 'server', 'rateLimited'];

export interface RunnerDeps {
  config: api.ApiConfig;
  secret: string;
  onProgress?(job: ImportJob): void;
  /** True once the job was cancelled: nothing more is written. */
  stopped?(): boolean;
}

const sameContent = (a: PageOption, b: { title: string; data: string }) =>
  a.title === b.title && a.data === b.data;

function describe(error: ApiError): string {
  return 'message' in error && error.message ? `${error.kind}: ${error.message}` : error.kind;
}

/** Serializes updates of one job: items finish concurrently but the stored job is one value. */
function jobStore(initial: ImportJob, onProgress?: (job: ImportJob) => void, stopped?: () => boolean) {
  let job = initial;
  let chain = Promise.resolve();
  return {
    get: () => job,
    update(slot: number, change: Partial<JobItem>): Promise<void> {
      job = { ...job, items: job.items.map((i) => (i.slot === slot ? { ...i, ...change } : i)) };
      const snapshot = job;
      chain = chain.then(() => (stopped?.() ? undefined : saveJob(snapshot)));
      onProgress?.(snapshot);
      return chain;
    },
    async finish(): Promise<ImportJob> {
      job = { ...job, state: 'finished' };
      const snapshot = job;
      chain = chain.then(() => saveJob(snapshot));
      await chain;
      onProgress?.(snapshot);
      return snapshot;
    },
  };
}

async function applyItem(
  job: ImportJob,
  item: JobItem,
  deps: RunnerDeps,
  store: ReturnType<typeof jobStore>,
) {
  const { config, secret } = deps;
  let attempts = item.attempts;
  while (attempts < MAX_ATTEMPTS) {
    const current = await api.readOption(config, job.target, item.slot);
    if (!current.ok) {
      if (TRANSIENT.includes(current.error.kind) && ++attempts < MAX_ATTEMPTS) continue;
      return store.update(item.slot, { status: 'failed', error: describe(current.error), attempts });
    }
    if (sameContent(current.value, item)) {
      // Either nothing to change, or an earlier attempt (perhaps before a worker restart) landed.
      const landed = item.status === 'writing' || attempts > item.attempts;
      return store.update(item.slot, { status: landed ? 'done' : 'skipped', attempts });
    }
    const previous = item.previous ?? current.value;
    if (!item.previous)
      await keepReplaced(
        job.profileId,
        job.target,
        item.slot,
        historyEntry(current.value, Date.now(), job.id),
      );
    if (deps.stopped?.()) return;
    attempts += 1;
    await store.update(item.slot, { status: 'writing', previous, attempts });
    const written = await api.writeOption(config, job.target, {
      apiSecret: secret,
      option: item.slot,
      title: item.title,
      data: item.data,
    });
    if (written.ok) return store.update(item.slot, { status: 'done', attempts });
    if (!TRANSIENT.includes(written.error.kind) || attempts >= MAX_ATTEMPTS) {
      return store.update(item.slot, { status: 'failed', error: describe(written.error), attempts });
    }
    item = { ...item, previous, status: 'writing' };
  }
  return store.update(item.slot, { status: 'failed', error: 'too many attempts', attempts });
}

/** Runs (or resumes) a stored job to its end and returns it finished. */
export async function runJob(
  profileId: string,
  id: string,
  deps: RunnerDeps,
): Promise<ImportJob | undefined> {
  const job = await readJob(profileId, id);
  if (!job || job.state !== 'running') return job;
  const store = jobStore(job, deps.onProgress, deps.stopped);
  const open = job.items.filter((i) => i.status === 'pending' || i.status === 'writing');
  await mapPool(open, IMPORT_CONCURRENCY, (item) => applyItem(job, item, deps, store));
  // A cancelled job was already settled by whoever cancelled it; its snapshot must not overwrite that.
  if (deps.stopped?.()) return readJob(profileId, id);
  return store.finish();
}

export { progressOf };
