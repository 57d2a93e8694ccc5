/**
 * A conflict of a finished job settled by the user, as part of that job (issue 27, finding 8):
 * "Keep mine" writes the job's value over the value the conflict showed, under the slot's lock and
 * after a read right before the write, like every write of the job; the value replaced goes into
 * the slot's history under the job's id, and the item becomes written, so the job counts it, its
 * Undo reverts it, and it is never asked again. "Take the server's" marks it kept as it is.
 * A slot that changed again since the conflict was shown stays a conflict, with the newer value.
 */
import type { ApiConfig } from '../api/http-config';
import { fail, ok, type Result } from '../api/errors';
import type { PageOption } from '../api/schemas';
import type { AppError } from '../app-error';
import { serialQueue } from '../serial';
import { checkedWrite } from './checked-write';
import { type Job, type JobItem, isUnsettledJob, readJob, readJobs, saveJob } from '../storage/jobs';
import { itemKey, itemTarget } from './job';

export type Settled =
  | { status: 'settled' }
  | { status: 'conflict'; server: PageOption }
  /** Settled already (another tab), or its job undone since: nothing written. */
  | { status: 'alreadySettled' };

/** Settles of one worker run one after another: each reads the stored job, changes one item, stores it. */
const settles = serialQueue();

/** Runs `body` once every settle asked before it has ended (an Undo: it sees what they wrote). */
export const afterSettles = <T>(body: () => Promise<T>): Promise<T> => settles(body);

export function settleConflict(
  deps: { config: ApiConfig; secret: string; profileId: string },
  request: { id: string; key: string; choice: 'mine' | 'server' },
): Promise<Result<Settled, AppError>> {
  return settles(() => settle(deps, request));
}

async function settle(
  deps: { config: ApiConfig; secret: string; profileId: string },
  { id, key, choice }: { id: string; key: string; choice: 'mine' | 'server' },
): Promise<Result<Settled, AppError>> {
  const job = await readJob(deps.profileId, id);
  if (!job) return fail({ kind: 'badMessage', message: `no job ${id}` });
  if (isUnsettledJob(job)) return fail({ kind: 'badMessage', message: `the job is still ${job.state}` });
  const index = job.items.findIndex((item) => itemKey(item) === key);
  const item = job.items[index];
  if (!item) return fail({ kind: 'badMessage', message: `no slot ${key} in ${id}` });
  // Settled in another tab, or the job undone since (an Undo waits for the settles before it).
  const undone = (await readJobs(deps.profileId)).some((j) => j.kind === 'undo' && j.undoOf === id);
  if (item.status !== 'conflict' || !item.conflict || undone) return ok({ status: 'alreadySettled' });
  if (choice === 'server') {
    await saveItem(job, index, { status: 'skipped', settled: 'server' });
    return ok({ status: 'settled' });
  }
  const outcome = await checkedWrite({
    ...deps,
    target: itemTarget(job, item),
    slot: item.slot,
    value: item,
    // Written only over the value the conflict showed.
    expected: item.conflict,
    ...(item.clears ? { clears: true } : {}),
    history: { jobId: job.id },
  });
  switch (outcome.status) {
    case 'failed':
      return fail(outcome.error);
    case 'unchanged':
      await saveItem(job, index, { status: 'skipped', settled: 'mine' });
      return ok({ status: 'settled' });
    case 'conflict':
    case 'stopped':
      // Changed again since the conflict was shown: asked again, with the newer value.
      await saveItem(job, index, { conflict: outcome.current });
      return ok({ status: 'conflict', server: outcome.current });
    case 'written':
      await saveItem(job, index, { status: 'done', settled: 'mine', previous: outcome.replaced });
      return ok({ status: 'settled' });
  }
}

/** Stores the job with one item changed (read again first: only this item of it changes). */
async function saveItem(job: Job, index: number, change: Partial<JobItem>): Promise<void> {
  const stored = (await readJob(job.profileId, job.id)) ?? job;
  const items = stored.items.map((item, at) => (at === index ? { ...item, ...change } : item));
  await saveJob({ ...stored, items });
}
