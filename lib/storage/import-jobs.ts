/**
 * Import jobs (an import or its undo) persisted in storage.local, one key per profile and job, so
 * they survive the popup closing and the worker being stopped: the worker resumes every job still
 * running when it starts. Each job is parsed alone: one of an older or broken shape is dropped and
 * reported without taking the others with it.
 */
import { PageOption, Target } from '../api/schemas';
import { profileFamily } from './family';
import { z } from '../zod';
import { serialQueue } from '../serial';

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
  /** The item's own target (a restore or copy across targets); absent: the job's target. */
  target: z.optional(Target),
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
  /**
   * A conflict the user settled, as part of this job: 'mine' wrote the job's value over it
   * (status done, the value replaced in `previous` for Undo); 'server' kept the later value
   * (status skipped). Never asked again.
   */
  settled: z.optional(z.enum(['mine', 'server'])),
  /**
   * The item empties the slot (title and data are the account's clearing text): a slot that holds
   * nothing already (empty, or only that text) counts as holding it.
   */
  clears: z.optional(z.boolean()),
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
  /** The target of every item without its own (a job across targets: the first item's). */
  target: Target,
  createdAt: z.number(),
  state: z.enum(['running', 'paused', 'finished', 'cancelled', 'failed']),
  /** Why a failed job stopped. */
  error: z.optional(z.string()),
  /**
   * A paused job: the server asked for a wait past the scheduler's cap (`waitMs`), so the job
   * stopped before its next write, its open slots left as they were, until the user resumes it
   * (after `resumeAt`, epoch milliseconds).
   */
  pause: z.optional(z.object({ waitMs: z.number(), resumeAt: z.number() })),
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

export const jobFamily = profileFamily('job', ImportJob, { version: 1 });
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
const jobWrites = serialQueue();

/** Jobs that may still go on: never dropped for their number (a paused one keeps what Undo needs). */
export const isUnsettledJob = (job: ImportJob) => job.state === 'running' || job.state === 'paused';

/** Stores a job and drops the profile's oldest finished ones beyond KEEP_FINISHED. */
export function saveJob(job: ImportJob): Promise<void> {
  return jobWrites(() => writeJob(job));
}

async function writeJob(job: ImportJob): Promise<void> {
  await jobFamily.set(job, job.profileId, job.id);
  if (isUnsettledJob(job)) return;
  const finished = (await readJobs(job.profileId)).filter((j) => !isUnsettledJob(j));
  for (const old of finished.slice(KEEP_FINISHED)) await jobFamily.remove(job.profileId, old.id);
}
