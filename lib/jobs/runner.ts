/**
 * Applies an import job in the worker: a bounded number of slots at once; for each, the current
 * value is read and kept in the slot history before it is overwritten. A write that failed in a
 * way that may or may not have reached the server is checked by re-reading before it is retried,
 * and an item interrupted mid-write (worker stopped) is settled the same way when resumed.
 * A slot is overwritten only while it holds the value to replace (an import: what its preview
 * showed; an undo: what the import wrote; a resumed import: the value backed up); anything else is
 * a conflict, left for the user. Every write is checked against a read made just before it, under
 * the slot's write lock (lib/slots/write-lock.ts): no earlier read stands in for it, so history
 * always holds the value the write actually replaced.
 * A job can be cancelled: it stops before its next write. A run that throws ends the job failed.
 * A 429 reaching the runner means the scheduler did not wait (the server asked for longer than
 * its cap, and every queued request of the key got the same answer): the job pauses before its
 * next write, its open slots left as they were, until the user resumes it.
 *
 * A job's states (Job.state): the engine's diagram (launcher.ts); with no credentials at start-up
 * it ends finished, its open items failed.
 *
 * An item's states (JobItem.status), changed by its checked write (run-item.ts), a document's check
 * (document-check.ts) and a settle (settle.ts):
 *
 *   pending ──history kept──► writing ──written──► done
 *      │                         │  └──read shows it landed (retry, resume)──► done
 *      ├──holds the value already──► skipped      ├──refused / too many attempts──► failed
 *      ├──not what it was shown────► conflict ──Keep mine──► done (settled 'mine')
 *      │                               └───Take the server's──► skipped (settled 'server')
 *      ├──refused / too many attempts──► failed
 *      └──job cancelled, or a document held back by another slot's conflict──► cancelled
 */
import { placed } from '../api/http-config';
import type { Job, JobItem } from '../storage/jobs';
import { jobFamily, readJob, saveJob } from '../storage/jobs';
import { mapPool } from '../slots/pool';
import { applyFinal, checkFirst, checksFirst, holdingLocks } from './document-check';
import { isAcrossTargets, isOpen, itemTarget, progressOf, settleJob } from './job';
import type { JobKind } from './launcher';
import { IMPORT_CONCURRENCY, type Run, type RunnerDeps, jobStore, pauseFor, takeStop } from './run';
import { applyItem } from './run-item';

/**
 * Runs (or resumes) a stored job to its end and returns it finished, cancelled, or failed with
 * the reason when the run threw (a full storage quota, a bug): never left running.
 */
export async function runJob(profileId: string, id: string, deps: RunnerDeps): Promise<Job | undefined> {
  const job = await readJob(profileId, id);
  if (!job || job.state !== 'running') return job;
  const store = jobStore(job, deps.onProgress);
  const pause = new AbortController();
  const signals = deps.config.signal ? [deps.config.signal, pause.signal] : [pause.signal];
  const config = { ...deps.config, signal: AbortSignal.any(signals) };
  const run: Run = { job, deps, store, refusals: isAcrossTargets(job) ? new Map() : null, config, pause };
  const places = new Map(job.items.map((item, index) => [item, { index, target: itemTarget(job, item) }]));
  // A final slot splits the job: the items before it first, then it, then the rest.
  const finalIndex = job.items.findIndex((item) => item.slot === job.finalSlot);
  const before = finalIndex < 0 ? job.items : job.items.slice(0, finalIndex);
  const after = finalIndex < 0 ? [] : job.items.slice(finalIndex + 1);
  let broken = false;
  const apply = async (item: JobItem) => {
    // After one slot threw, the others stop too: the job's state can no longer be trusted.
    if (broken) return;
    const place = places.get(item);
    // As the job holds it now: a document's check may have settled it already.
    const now = place && store.get().items[place.index];
    if (!place || !now || !isOpen(now)) return;
    await applyItem(run, now, place).catch((error: unknown) => {
      broken = true;
      throw error;
    });
  };
  const writeAll = async () => {
    await mapPool(before.filter(isOpen), IMPORT_CONCURRENCY, apply);
    if (finalIndex >= 0) await applyFinal(run, before, apply);
    await mapPool(after.filter(isOpen), IMPORT_CONCURRENCY, apply);
  };
  try {
    if (checksFirst(job))
      await holdingLocks(run, async () => void ((await checkFirst(run)) && (await writeAll())));
    else await writeAll();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return failJob(store.get(), reason, deps);
  }
  const request = takeStop(id);
  if (request === 'discard') return undefined;
  if (request === 'cancel') return store.finish((current) => settleJob(current, 'cancelled', 'cancelled'));
  const waitMs = run.pausedFor;
  if (waitMs === undefined) return store.finish((current) => ({ ...current, state: 'finished' }));
  const paused = pauseFor(deps.config, waitMs);
  return store.finish((current) => ({ ...current, state: 'paused', pause: paused }));
}

/** Stores the job as failed; if even that fails (storage full), the caller still gets the state. */
async function failJob(job: Job, reason: string, deps: RunnerDeps): Promise<Job> {
  takeStop(job.id);
  const failed = settleJob(job, 'failed', 'failed', reason);
  try {
    await saveJob(failed);
  } catch {
    // Nothing more can be stored; the worker's start-up resume will meet it again.
  }
  deps.onProgress?.(failed);
  return failed;
}

/** The writers' jobs (an import, a restore, a copy, a document, an undo) as a kind of the engine. */
export const writeJobs: JobKind<Job> = {
  name: 'import',
  family: jobFamily,
  save: (job) => saveJob(job),
  writes: true,
  cancelEndsRequests: false,
  // Background work, tagged with the job's id so its queued requests can be cancelled; past the
  // cap it pauses at once rather than wait the cap to be refused again.
  run: (deps, job, { config, secret }) =>
    runJob(job.profileId, job.id, {
      config: placed(config, 'background', { tag: job.id, pausesPastCap: true }),
      secret,
      ...(deps.onJobProgress ? { onProgress: deps.onJobProgress } : {}),
    }),
  ended: (job, state, reason) => settleJob(job, state, state, reason),
  // Its open slots are reported, not left running.
  abandon: (job, reason) => saveJob(settleJob(job, 'finished', 'failed', reason)),
  progress: progressOf,
};
