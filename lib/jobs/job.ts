/**
 * What an import job does, apart from storing it (lib/storage/jobs.ts): a new job, its
 * progress, how it ends, and the undo of a finished import.
 */
import type { Target } from '../api/schemas';
import { EMPTY_REFUSAL } from '../slots/clearing';
import type { Job, JobItem } from '../storage/jobs';

export interface JobSlot {
  /** Across targets: the slot's own target (otherwise the job's). */
  target?: Target;
  slot: number;
  title: string;
  data: string;
  expected?: { title: string; data: string };
  clears?: boolean;
}

export function newJob(
  profileId: string,
  kind: Job['kind'],
  target: Target,
  slots: JobSlot[],
  undoOf?: string,
  finalSlot?: number,
): Job {
  return {
    id: `${kind}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    profileId,
    kind,
    target,
    createdAt: Date.now(),
    state: 'running',
    ...(undoOf ? { undoOf } : {}),
    ...(finalSlot !== undefined ? { finalSlot } : {}),
    items: slots.map((s) => ({ ...s, status: 'pending', attempts: 0 })),
  };
}

export function progressOf(job: Job): { settled: number; total: number } {
  const settled = job.items.filter((i) => i.status !== 'pending' && i.status !== 'writing').length;
  return { settled, total: job.items.length };
}

export const isOpen = (item: JobItem) => item.status === 'pending' || item.status === 'writing';

/** The target an item writes: its own, or the job's. */
export const itemTarget = (job: Job, item: JobItem): Target => item.target ?? job.target;

/** An item's key within its job: its slot, and its own target when it has one. */
export const itemKey = (item: Pick<JobItem, 'slot' | 'target'>) =>
  item.target ? `${item.target.kind}:${item.target.id}:${item.slot}` : String(item.slot);

/** Whether a job writes into more than one target (a restore or a copy). */
export const isAcrossTargets = (job: Job) => job.items.some((item) => item.target !== undefined);

/** Ends a job that cannot go on: its open slots get `status` (with the reason), the job `state`. */
export function settleJob(
  job: Job,
  state: 'finished' | 'cancelled' | 'failed',
  status: 'failed' | 'cancelled',
  reason?: string,
): Job {
  const items = job.items.map((item) =>
    isOpen(item) ? { ...item, status, ...(reason ? { error: reason } : {}) } : item,
  );
  return { ...job, items, state, ...(state === 'failed' && reason ? { error: reason } : {}) };
}

/**
 * The undo of a finished import: every slot it changed, back to the value it replaced, written
 * only while the slot still holds what the import wrote.
 */
export function undoSlots(job: Job): JobSlot[] {
  return job.items
    .filter((i) => i.status === 'done' && i.previous)
    .map((i) => ({
      ...(i.target ? { target: i.target } : {}),
      slot: i.slot,
      title: i.previous?.title ?? '',
      data: i.previous?.data ?? '',
      expected: { title: i.title, data: i.data },
    }));
}

/**
 * The slots of a job across targets that the server refused to clear with empty text (a restore of
 * a slot empty in the file, on a service that wants some text): what the placeholder offer writes.
 */
export function refusedClears(job: Job): (JobItem & { target: Target })[] {
  return job.items.flatMap((item) =>
    item.status === 'failed' &&
    item.target &&
    (item.title === '' || item.data === '') &&
    EMPTY_REFUSAL.test(item.error ?? '')
      ? [{ ...item, target: item.target }]
      : [],
  );
}
