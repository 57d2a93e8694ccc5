/**
 * An import (or its undo) as a job persisted in storage.local, so it survives the popup closing
 * and the worker being stopped: the worker resumes every job still running when it starts.
 */
import { browser } from 'wxt/browser';
import { PageOption, Target } from '../api/schemas';
import { z } from '../zod';

export const JobItemStatus = z.enum(['pending', 'writing', 'done', 'skipped', 'failed']);
export type JobItemStatus = z.infer<typeof JobItemStatus>;

export const JobItem = z.object({
  slot: z.int(),
  title: z.string(),
  data: z.string(),
  status: JobItemStatus,
  /** The value this item replaced (backed up before the write); what undo writes back. */
  previous: z.optional(PageOption),
  /** Why the slot failed, as shown to the user. */
  error: z.optional(z.string()),
  attempts: z.int(),
});
export type JobItem = z.infer<typeof JobItem>;

export const ImportJob = z.object({
  id: z.string(),
  kind: z.enum(['import', 'undo']),
  target: Target,
  createdAt: z.number(),
  state: z.enum(['running', 'finished']),
  /** For an undo: the import it reverts. */
  undoOf: z.optional(z.string()),
  items: z.array(JobItem),
});
export type ImportJob = z.infer<typeof ImportJob>;

const JobList = z.array(ImportJob);
export const JOBS_KEY = 'importJobs.v1';
/** Finished jobs kept for their results and undo. */
const KEEP_FINISHED = 10;

/** The jobs in a stored value (as read, or as a storage change carries it); invalid means none. */
export function jobsFrom(value: unknown): ImportJob[] {
  const parsed = JobList.safeParse(value);
  return parsed.success ? parsed.data : [];
}

export async function readJobs(): Promise<ImportJob[]> {
  return jobsFrom((await browser.storage.local.get(JOBS_KEY))[JOBS_KEY]);
}

export async function readJob(id: string): Promise<ImportJob | undefined> {
  return (await readJobs()).find((job) => job.id === id);
}

/** Saves run one after another: two jobs saving at once must not each drop the other's update. */
let saving: Promise<unknown> = Promise.resolve();

/** Stores a job, newest first, dropping the oldest finished ones beyond KEEP_FINISHED. */
export function saveJob(job: ImportJob): Promise<void> {
  const run = saving.then(() => writeJob(job));
  saving = run.catch(() => undefined);
  return run;
}

async function writeJob(job: ImportJob): Promise<void> {
  const others = (await readJobs()).filter((j) => j.id !== job.id);
  const all = [job, ...others];
  const running = all.filter((j) => j.state === 'running');
  const finished = all.filter((j) => j.state === 'finished').slice(0, KEEP_FINISHED);
  const kept = all.filter((j) => running.includes(j) || finished.includes(j));
  await browser.storage.local.set({ [JOBS_KEY]: kept });
}

export function newJob(
  kind: ImportJob['kind'],
  target: Target,
  slots: { slot: number; title: string; data: string }[],
  undoOf?: string,
): ImportJob {
  return {
    id: `${kind}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    kind,
    target,
    createdAt: Date.now(),
    state: 'running',
    ...(undoOf ? { undoOf } : {}),
    items: slots.map((s) => ({ ...s, status: 'pending', attempts: 0 })),
  };
}

export function progressOf(job: ImportJob): { settled: number; total: number } {
  const settled = job.items.filter((i) => i.status !== 'pending' && i.status !== 'writing').length;
  return { settled, total: job.items.length };
}

/** The undo of a finished import: every slot it changed, back to the value it replaced. */
export function undoSlots(job: ImportJob): { slot: number; title: string; data: string }[] {
  return job.items
    .filter((i) => i.status === 'done' && i.previous)
    .map((i) => ({ slot: i.slot, title: i.previous?.title ?? '', data: i.previous?.data ?? '' }));
}
