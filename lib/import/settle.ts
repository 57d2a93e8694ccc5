/**
 * A conflict of a finished job settled by the user, as part of that job (issue 27, finding 8):
 * "Keep mine" writes the job's value over the value the conflict showed, under the slot's lock and
 * after a read right before the write, like every write of the job; the value replaced goes into
 * the slot's history under the job's id, and the item becomes written, so the job counts it, its
 * Undo reverts it, and it is never asked again. "Take the server's" marks it kept as it is.
 * A slot that changed again since the conflict was shown stays a conflict, with the newer value.
 */
import * as api from '../api/client';
import { fail, ok, type Result } from '../api/errors';
import type { PageOption } from '../api/schemas';
import type { AppError } from '../app-error';
import { serialQueue } from '../serial';
import { slotLockKey, withSlotLock } from '../slots/write-lock';
import { keepReplaced } from '../storage/keep-replaced';
import { optionParts, writeCached } from '../storage/cache';
import { historyEntry } from '../storage/history';
import { type ImportJob, type JobItem, isUnsettledJob, readJob, saveJob } from '../storage/import-jobs';
import { itemKey, itemTarget } from './job';

export type Settled = { status: 'settled' } | { status: 'conflict'; server: PageOption };

const sameContent = (a: { title: string; data: string }, b: { title: string; data: string }) =>
  a.title === b.title && a.data === b.data;

/** Settles of one worker run one after another: each reads the stored job, changes one item, stores it. */
const settles = serialQueue();

export function settleConflict(
  deps: { config: api.ApiConfig; secret: string; profileId: string },
  request: { id: string; key: string; choice: 'mine' | 'server' },
): Promise<Result<Settled, AppError>> {
  return settles(() => settle(deps, request));
}

async function settle(
  deps: { config: api.ApiConfig; secret: string; profileId: string },
  { id, key, choice }: { id: string; key: string; choice: 'mine' | 'server' },
): Promise<Result<Settled, AppError>> {
  const job = await readJob(deps.profileId, id);
  if (!job) return fail({ kind: 'badMessage', message: `no job ${id}` });
  if (isUnsettledJob(job)) return fail({ kind: 'badMessage', message: `the job is still ${job.state}` });
  const index = job.items.findIndex((item) => itemKey(item) === key && item.status === 'conflict');
  const item = job.items[index];
  if (!item?.conflict) return fail({ kind: 'badMessage', message: `no conflict ${key} in ${id}` });
  if (choice === 'server') {
    await saveItem(job, index, { status: 'skipped', settled: 'server' });
    return ok({ status: 'settled' });
  }
  const target = itemTarget(job, item);
  const shown = item.conflict;
  return withSlotLock(slotLockKey(deps.config.baseUrl, target, item.slot), async () => {
    const current = await api.readOption(deps.config, target, item.slot);
    if (!current.ok) return current;
    await writeCached(deps.profileId, optionParts(target, item.slot), current.value, Date.now());
    if (sameContent(current.value, item)) {
      await saveItem(job, index, { status: 'skipped', settled: 'mine' });
      return ok({ status: 'settled' as const });
    }
    if (!sameContent(current.value, shown)) {
      // Changed again since the conflict was shown: asked again, with the newer value.
      await saveItem(job, index, { conflict: current.value });
      return ok({ status: 'conflict' as const, server: current.value });
    }
    await keepReplaced(job.profileId, target, item.slot, historyEntry(current.value, Date.now(), job.id));
    const written = await api.writeOption(deps.config, target, {
      apiSecret: deps.secret,
      option: item.slot,
      title: item.title,
      data: item.data,
    });
    if (!written.ok) return written;
    const now = { title: item.title, data: item.data, lastUpdated: new Date().toISOString() };
    await writeCached(deps.profileId, optionParts(target, item.slot), now, Date.now());
    await saveItem(job, index, { status: 'done', settled: 'mine', previous: current.value });
    return ok({ status: 'settled' as const });
  });
}

/** Stores the job with one item changed (read again first: only this item of it changes). */
async function saveItem(job: ImportJob, index: number, change: Partial<JobItem>): Promise<void> {
  const stored = (await readJob(job.profileId, job.id)) ?? job;
  const items = stored.items.map((item, at) => (at === index ? { ...item, ...change } : item));
  await saveJob({ ...stored, items });
}
