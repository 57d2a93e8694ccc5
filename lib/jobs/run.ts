/**
 * One run of a job, shared by its phases (lib/jobs/runner.ts, run-item.ts, document-check.ts): the
 * stored job as it changes, the stops asked of it (cancel, discard, a pause by the server's wait)
 * and the answers that refuse a whole target.
 */
import { epochOf, systemClock } from '../api/clock';
import type { ApiConfig } from '../api/http-config';
import type { ApiError } from '../api/errors';
import { MAX_BELIEVED_WAIT_MS, MAX_WAIT_MS } from '../api/waits';
import type { PageOption } from '../api/schemas';
import type { JobPause } from '../storage/job-pause';
import { type Job, type JobItem, saveJob } from '../storage/jobs';
import type { PendingWrites } from '../storage/stored-item';

export const IMPORT_CONCURRENCY = 3;
export const MAX_ATTEMPTS = 3;
export const TRANSIENT: ApiError['kind'][] = ['network', 'timeout', 'server'];

export interface RunnerDeps {
  config: ApiConfig;
  secret: string;
  onProgress?(job: Job): void;
}

/**
 * Jobs of every kind asked to stop, checked before every request: 'cancel' ends the job as
 * cancelled; 'discard' (sign-out, whose caller removes the job) stops without storing anything more.
 */
const stopRequests = new Map<string, 'cancel' | 'discard'>();

/** Asks a running job to stop before its next request. */
export function requestStop(id: string, mode: 'cancel' | 'discard' = 'cancel'): void {
  stopRequests.set(id, mode);
}

/** The stop asked of a job, if any. */
export const stopAsked = (id: string) => stopRequests.get(id);

/** The stop asked of a job, forgotten as the run ends. */
export function takeStop(id: string): 'cancel' | 'discard' | undefined {
  const request = stopRequests.get(id);
  stopRequests.delete(id);
  return request;
}

export const discarded = (id: string) => stopRequests.get(id) === 'discard';

/** The wait a 429 asked; without a Retry-After, the cap's. */
export const waitOf = (error: Extract<ApiError, { kind: 'rateLimited' }>) =>
  error.retryAfterMs ?? MAX_WAIT_MS;

/** A pause for the server's wait (on the request path's clock); the page shows the resume time in epoch ms. */
export function pauseFor(config: ApiConfig, waitMs: number): JobPause {
  const clock = config.clock ?? systemClock;
  return { waitMs, resumeAt: epochOf(clock, clock.now() + Math.min(waitMs, MAX_BELIEVED_WAIT_MS)) };
}

export function describe(error: ApiError): string {
  return 'message' in error && error.message ? `${error.kind}: ${error.message}` : error.kind;
}

/** Serializes updates of one job: items finish concurrently but the stored job is one value. */
export function jobStore(initial: Job, onProgress?: (job: Job) => void) {
  let job = initial;
  let chain = Promise.resolve();
  return {
    get: () => job,
    /**
     * Changes the item at `index` of the job's items (a slot number repeats across targets), stored
     * with the values `along` makes (a replaced value's history) in one storage call.
     */
    update(index: number, change: Partial<JobItem>, along?: PendingWrites): Promise<void> {
      job = { ...job, items: job.items.map((i, at) => (at === index ? { ...i, ...change } : i)) };
      const snapshot = job;
      chain = chain.then(() => (discarded(snapshot.id) ? undefined : saveJob(snapshot, along)));
      onProgress?.(snapshot);
      return chain;
    },
    async finish(end: (job: Job) => Job): Promise<Job> {
      job = end(job);
      const snapshot = job;
      chain = chain.then(() => saveJob(snapshot));
      await chain;
      onProgress?.(snapshot);
      return snapshot;
    },
  };
}

/** Refusals met in this run: by target (404, 403), and premium (401 for slots 11–20). */
export type Refusals = Map<string, string>;

export interface Run {
  job: Job;
  deps: RunnerDeps;
  store: ReturnType<typeof jobStore>;
  /** Only a job across targets settles a refused target's slots unasked (one target: each is read). */
  refusals: Refusals | null;
  /** The server's wait past the cap, once a 429 reached this run: nothing more is sent. */
  pausedFor?: number;
  /** The run's requests: ended (queued or in flight) when it pauses. */
  config: ApiConfig;
  pause: AbortController;
  /** A document's slot locks, held from its check through its writes (see checkFirst). */
  held?: boolean;
  /** What the check read, by item index: the write-time read of that item's first attempt. */
  seen?: Map<number, PageOption>;
}

/** Whether the run sends nothing more: cancelled, discarded, or paused by the server's wait. */
export const halted = (run: Run) => run.pausedFor !== undefined || stopRequests.has(run.job.id);

/**
 * A 429 the scheduler did not wait out pauses the run, and ends its other requests: one queued
 * meanwhile would otherwise be sent once the key's capped wait is over. Any failure of a paused run
 * leaves its item open (a write perhaps sent is settled by the re-read when resumed). The longest
 * wait heard is kept: the server's own 429 may reach the run after another item heard the
 * scheduler's capped rest of it (a day, for 10^12 s), and the pause says what the server asked.
 */
export function pausedBy(run: Run, error: ApiError): boolean {
  if (error.kind === 'rateLimited') {
    const waitMs = waitOf(error);
    if (run.pausedFor === undefined) run.pause.abort();
    run.pausedFor = Math.max(run.pausedFor ?? 0, waitMs);
  }
  return run.pausedFor !== undefined;
}
