/**
 * The writers' jobs (an import, a restore, a copy, a document, an undo: kinds of the job engine,
 * lib/jobs/kinds.ts) persisted in storage.local, one key per profile and job, so
 * they survive the popup closing and the worker being stopped: the worker resumes every job still
 * running when it starts. Each job is parsed alone: one of an older or broken shape is dropped and
 * reported without taking the others with it.
 *
 * Bounded: the kept jobs of every profile together take at most the jobs' budget (`JOBS_BUDGET`),
 * one pool (a profile holding nothing leaves its room to the others), counting each record and,
 * while it can be undone, the history entries it keeps. A job starting is counted at what it will
 * take once run; past the budget the oldest finished job's undo data goes first, of whichever
 * profile (its record stays, its results shown, `undoGone`), never the undo data of the job being
 * saved: a job's own Undo is never dropped to make room for itself (one job is bounded by
 * JOB_MAX_BYTES, which the preview checks, and says which older Undo goes: `undoDropsFor`). A job
 * whose save meets a full storage makes room and is saved again, so it never stops half-recorded.
 */
import { PageOption, SlotValue, Target } from '../api/schemas';
import { makeRoom, scheduleBudget } from './storage-room';
import { historyBytesByJob } from './history';
import { JobPause } from './job-pause';
import { profilesItem } from './profiles';
import { JOBS_BUDGET, JOB_MAX_BYTES, isQuotaError, storedSize } from './quota';
import { newestFirst } from './family';
import { profileFamily } from './registry';
import { type PendingWrites, writeTogether } from './stored-item';
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
  ...SlotValue.shape,
  status: JobItemStatus,
  /** The value this item replaced (backed up before the write); what undo writes back. */
  previous: z.optional(PageOption),
  /**
   * What the slot must still hold to be overwritten (an undo: what the import wrote). Without it,
   * `previous` is that value once backed up; a slot holding anything else is a conflict.
   */
  expected: z.optional(SlotValue),
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

export const Job = z.object({
  id: z.string(),
  /** The account the job writes with. */
  profileId: z.string(),
  /** What the job writes; jobs stored before the kinds were told apart hold 'import' for all but an undo. */
  kind: z.enum(['import', 'restore', 'copy', 'document', 'undo']),
  /** The target of every item without its own (a job across targets: the first item's). */
  target: Target,
  createdAt: z.number(),
  state: z.enum(['running', 'paused', 'finished', 'cancelled', 'failed']),
  /** Why a failed job stopped. */
  error: z.optional(z.string()),
  /**
   * A paused job: the server asked for a wait past the scheduler's cap, so the job stopped before
   * its next write, its open slots left as they were, until the user resumes it.
   */
  pause: z.optional(JobPause),
  /** For an undo: the import it reverts. */
  undoOf: z.optional(z.string()),
  /**
   * A document's manifest slot: written last, only once every other slot is written or already
   * held its value, and written even when it holds the same manifest (its time must follow the
   * pieces'); otherwise left as it was, so the old document stays readable.
   */
  finalSlot: z.optional(z.int()),
  /** Its undo data made room for newer jobs: the results stay, Undo is no longer possible. */
  undoGone: z.optional(z.literal(true)),
  items: z.array(JobItem),
});
export type Job = z.infer<typeof Job>;

export const jobFamily = profileFamily('job', Job, {
  version: 1,
  signOut: 'removed',
  bound: { boundedBy: 'the finished jobs kept (KEEP_FINISHED); their bytes by JOBS_BUDGET (quota.ts)' },
});
/** Finished jobs kept for their results and undo. */
export const KEEP_FINISHED = 10;

/** A profile's jobs, newest first. */
export const readJobs = (profileId: string): Promise<Job[]> => newestFirst(jobFamily, profileId);

export async function readJob(profileId: string, id: string): Promise<Job | undefined> {
  return (await jobFamily.get(profileId, id)) ?? undefined;
}

/** Saves of one job run one after another, so a slower older snapshot never overwrites a newer one. */
const jobWrites = serialQueue();

/** Jobs that may still go on: never dropped for their number (a paused one keeps what Undo needs). */
export const isUnsettledJob = (job: Job) => job.state === 'running' || job.state === 'paused';

/**
 * Stores a job and drops the profile's oldest finished ones beyond KEEP_FINISHED. A new job first
 * has older jobs' undo data make room for what it will take; a finished one, for the others.
 */
export function saveJob(job: Job, along?: PendingWrites): Promise<void> {
  return jobWrites(() => writeJob(job, along));
}

const isStarting = (job: Job) =>
  job.state === 'running' && job.items.every((i) => i.status === 'pending' && i.attempts === 0);

async function writeJob(job: Job, along?: PendingWrites): Promise<void> {
  if (isStarting(job)) await fitJobs(job);
  await storeJob(job, along);
  if (isUnsettledJob(job)) return;
  const finished = (await readJobs(job.profileId)).filter((j) => !isUnsettledJob(j));
  for (const old of finished.slice(KEEP_FINISHED)) await jobFamily.remove(job.profileId, old.id);
  await fitJobs(job);
}

/**
 * Stores a job; when storage is full, room is made and it is stored again: first cached answers and
 * history no job needs, then every finished job's undo data. Values `along` (a replaced value's
 * history) are stored in the same call while room can be made for both; the last try stores the
 * job alone (its item's backup still holds the replaced value), as history gives way to a job.
 */
async function storeJob(job: Job, along?: PendingWrites): Promise<void> {
  const { profileId } = job;
  const freeing = [
    async () => makeRoom(profileId, await undoableImports(profileId)),
    async () => {
      await fitJobs(job, 0);
      await makeRoom(profileId, await undoableImports(profileId));
    },
  ];
  for (let attempt = 0; ; attempt++) {
    try {
      const extra = along && attempt < freeing.length ? await along() : [];
      return await writeTogether([jobFamily.write(job, profileId, job.id), ...extra]);
    } catch (error) {
      const free = freeing[attempt];
      if (!free || !isQuotaError(error)) throw error;
      await free();
    }
  }
}

/** Imports whose Undo is still possible: not undone, their undo data kept (never evicted from history). */
export function undoableOf(jobs: readonly Job[]): Set<string> {
  const undone = new Set(jobs.flatMap((job) => (job.kind === 'undo' && job.undoOf ? [job.undoOf] : [])));
  return new Set(jobs.filter((j) => j.kind !== 'undo' && !j.undoGone && !undone.has(j.id)).map((j) => j.id));
}

export const undoableImports = async (profileId: string) => undoableOf(await readJobs(profileId));

const valueBytes = (value: { title: string; data: string }) =>
  JSON.stringify({ title: value.title, data: value.data, lastUpdated: '2000-01-01T00:00:00.000Z' }).length;

/**
 * What a job takes once it has run: its record, and for each item without a backup yet the value
 * it will replace, twice (the item's `previous` and the history entry); not known yet (no
 * `expected`), at the size of the value that replaces it.
 */
function runBytes(key: string, job: Job): number {
  const replaced = (item: JobItem) => (item.previous ? 0 : 2 * valueBytes(item.expected ?? item));
  return storedSize(key, job) + job.items.reduce((sum, item) => sum + replaced(item), 0);
}

/** A finished job as kept once its Undo is no longer possible: its results without the values (a conflict whole). */
export function withoutUndo(job: Job): Job {
  const items = job.items.map((item): JobItem => {
    if (item.status === 'conflict') return item;
    const { target, slot, status, error, attempts } = item;
    return {
      ...(target ? { target } : {}),
      slot,
      title: '',
      data: '',
      status,
      ...(error ? { error } : {}),
      attempts,
    };
  });
  return { ...job, items, undoGone: true };
}

/**
 * What each kept job of a profile takes (`incoming`: one about to be stored): its record (once run,
 * for an unsettled one) and the history it keeps for Undo; and what it would take without that.
 */
async function keptJobs(profileId: string, incoming?: Job) {
  const stored = (await jobFamily.entries(profileId)).filter((e) => e.value.id !== incoming?.id);
  const entries = incoming
    ? [...stored, { key: jobFamily.key(profileId, incoming.id), value: incoming }]
    : stored;
  const undoable = undoableOf(entries.map((e) => e.value));
  const backups = await historyBytesByJob(profileId);
  return entries.map(({ key, value: job }) => ({
    job,
    bytes:
      (isUnsettledJob(job) ? runBytes(key, job) : storedSize(key, job)) +
      (undoable.has(job.id) ? (backups.get(job.id) ?? 0) : 0),
    slimBytes: storedSize(key, withoutUndo(job)),
  }));
}

/** The kept jobs of every profile (the pool the jobs' budget bounds), `incoming` counted with its own. */
async function pooledJobs(incoming?: Job) {
  const ids = new Set((await profilesItem.get()).list.map((p) => p.id));
  if (incoming) ids.add(incoming.profileId);
  const perProfile = await Promise.all(
    [...ids].map((id) => keptJobs(id, incoming?.profileId === id ? incoming : undefined)),
  );
  return perProfile.flat();
}

/** The settled jobs whose undo data may go (never `own`'s), oldest first. */
const undoCandidates = (kept: Awaited<ReturnType<typeof pooledJobs>>, own?: string) =>
  kept
    .filter((k) => !isUnsettledJob(k.job) && !k.job.undoGone && k.job.id !== own)
    .sort((a, b) => a.job.createdAt - b.job.createdAt);

/** The finished jobs whose undo data goes, oldest first, until `total` fits `budget` (never `own`'s). */
function dropsToFit(kept: Awaited<ReturnType<typeof pooledJobs>>, budget: number, own?: string) {
  let total = kept.reduce((sum, k) => sum + k.bytes, 0);
  const drops: Job[] = [];
  for (const { job, bytes, slimBytes } of undoCandidates(kept, own)) {
    if (total <= budget) break;
    drops.push(job);
    total -= bytes - slimBytes;
  }
  return drops;
}

/**
 * Drops the undo data of the oldest finished jobs of any profile (never an unsettled one, never
 * `job`'s own) until the kept jobs fit `limit`.
 */
async function fitJobs(job: Job, limit = JOBS_BUDGET): Promise<void> {
  const incoming = isStarting(job) ? job : undefined;
  const drops = dropsToFit(await pooledJobs(incoming), limit, job.id);
  for (const old of drops) await jobFamily.set(withoutUndo(old), old.profileId, old.id);
  // The history those jobs kept is no longer protected: trimmed to the history budget.
  for (const profileId of new Set(drops.map((old) => old.profileId)))
    scheduleBudget(profileId, undoableImports);
}

/**
 * The room a job about to be confirmed shares: what the kept jobs of every profile take now, and
 * the bytes each older job's undo data frees, oldest first (what goes first when the new job needs
 * its room). The preview tells how many would go before Confirm (`undoGoes`, multi-plan.ts).
 */
export async function sharedJobRoom(): Promise<{ kept: number; freeable: number[] }> {
  const kept = await pooledJobs();
  return {
    kept: kept.reduce((sum, k) => sum + k.bytes, 0),
    freeable: undoCandidates(kept).map((k) => k.bytes - k.slimBytes),
  };
}

/**
 * Whether a job about to start (an undo) has the room it needs: with the profile's running and
 * paused jobs, what it takes once run stays within one job's bound (older finished jobs' undo data
 * makes the rest of the room as it starts).
 */
export async function jobRoom(job: Job): Promise<{ bytes: number; max: number }> {
  const kept = await keptJobs(job.profileId, job);
  const bytes = kept.filter((k) => isUnsettledJob(k.job)).reduce((sum, k) => sum + k.bytes, 0);
  return { bytes, max: JOB_MAX_BYTES };
}
