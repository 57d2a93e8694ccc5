/**
 * An import (or its undo) as a job persisted in storage.local, one key per profile and job, so it
 * survives the popup closing and the worker being stopped: the worker resumes every job still
 * running when it starts. Each job is parsed alone: one of an older or broken shape is dropped
 * and reported without taking the others with it.
 */
import { PageOption, Target } from '../api/schemas';
import { storedFamily } from '../storage/family';
import { z } from '../zod';

export const JobItemStatus = z.enum([
  'pending',
  'writing',
  'done',
  'skipped',
  'failed',
  /** The slot held neither the value to replace nor the new one: left as it is, shown to decide. */
  'conflict',
  /** The job was cancelled before this slot was written. */
  'cancelled',
]);
export type JobItemStatus = z.infer<typeof JobItemStatus>;

export const JobItem = z.object({
  slot: z.int(),
  title: z.string(),
  data: z.string(),
  status: JobItemStatus,
  /** The value this item replaced (backed up before the write); what undo writes back. */
  previous: z.optional(PageOption),
  /**
   * What the slot must still hold to be overwritten (an undo: what the import wrote). Without it,
   * `previous` is that value once backed up; a slot holding anything else is a conflict.
   */
  expected: z.optional(z.object({ title: z.string(), data: z.string() })),
  /** The slot's value when it was found in conflict. */
  conflict: z.optional(PageOption),
  /** Why the slot failed, as shown to the user. */
  error: z.optional(z.string()),
  attempts: z.int(),
});
export type JobItem = z.infer<typeof JobItem>;

export const ImportJob = z.object({
  id: z.string(),
  /** The account the job writes with. */
  profileId: z.string(),
  kind: z.enum(['import', 'undo']),
  target: Target,
  createdAt: z.number(),
  state: z.enum(['running', 'finished', 'cancelled', 'failed']),
  /** Why a failed job stopped. */
  error: z.optional(z.string()),
  /** For an undo: the import it reverts. */
  undoOf: z.optional(z.string()),
  /**
   * A document's manifest slot: written last, only once every other slot is written or already
   * held its value, and written even when it holds the same manifest (its time must follow the
   * pieces'); otherwise left as it was, so the old document stays readable.
   */
  finalSlot: z.optional(z.int()),
  items: z.array(JobItem),
});
export type ImportJob = z.infer<typeof ImportJob>;

export const jobFamily = storedFamily('local', 'job', ImportJob, { version: 1 });
/** Finished jobs kept for their results and undo. */
export const KEEP_FINISHED = 10;

/** A profile's jobs, newest first. */
export async function readJobs(profileId: string): Promise<ImportJob[]> {
  const jobs = (await jobFamily.entries(profileId)).map((entry) => entry.value);
  return jobs.sort((a, b) => b.createdAt - a.createdAt);
}

export async function readJob(profileId: string, id: string): Promise<ImportJob | undefined> {
  return (await jobFamily.get(profileId, id)) ?? undefined;
}

/** Saves of one job run one after another, so a slower older snapshot never overwrites a newer one. */
let saving: Promise<unknown> = Promise.resolve();

/** Stores a job and drops the profile's oldest finished ones beyond KEEP_FINISHED. */
export function saveJob(job: ImportJob): Promise<void> {
  const run = saving.then(() => writeJob(job));
  saving = run.catch(() => undefined);
  return run;
}

async function writeJob(job: ImportJob): Promise<void> {
  await jobFamily.set(job, job.profileId, job.id);
  if (job.state === 'running') return;
  const finished = (await readJobs(job.profileId)).filter((j) => j.state !== 'running');
  for (const old of finished.slice(KEEP_FINISHED)) await jobFamily.remove(job.profileId, old.id);
}

export interface JobSlot {
  slot: number;
  title: string;
  data: string;
  expected?: { title: string; data: string };
}

export function newJob(
  profileId: string,
  kind: ImportJob['kind'],
  target: Target,
  slots: JobSlot[],
  undoOf?: string,
  finalSlot?: number,
): ImportJob {
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

export function progressOf(job: ImportJob): { settled: number; total: number } {
  const settled = job.items.filter((i) => i.status !== 'pending' && i.status !== 'writing').length;
  return { settled, total: job.items.length };
}

export const isOpen = (item: JobItem) => item.status === 'pending' || item.status === 'writing';

/** Ends a job that cannot go on: its open slots get `status` (with the reason), the job `state`. */
export function settleJob(
  job: ImportJob,
  state: 'finished' | 'cancelled' | 'failed',
  status: 'failed' | 'cancelled',
  reason?: string,
): ImportJob {
  const items = job.items.map((item) =>
    isOpen(item) ? { ...item, status, ...(reason ? { error: reason } : {}) } : item,
  );
  return { ...job, items, state, ...(state === 'failed' && reason ? { error: reason } : {}) };
}

/**
 * The undo of a finished import: every slot it changed, back to the value it replaced, written
 * only while the slot still holds what the import wrote.
 */
export function undoSlots(job: ImportJob): JobSlot[] {
  return job.items
    .filter((i) => i.status === 'done' && i.previous)
    .map((i) => ({
      slot: i.slot,
      title: i.previous?.title ?? '',
      data: i.previous?.data ?? '',
      expected: { title: i.title, data: i.data },
    }));
}
