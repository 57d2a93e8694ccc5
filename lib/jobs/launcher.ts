/**
 * The job engine: every background job (an import, restore, copy, document or undo; a backup) is a
 * stored job of a declared kind (lib/jobs/kinds.ts). Here, for every kind alike: a new job stored
 * and run, the jobs a stopped worker left running resumed, a paused one resumed, Cancel, and a
 * profile's jobs stopped at sign-out. A job is never run twice at once (start-up resume vs. start).
 *
 * A job's states, as the engine sees them (a kind's run settles its own items or targets):
 *
 *   running ──the run ended──────────────────────► finished
 *      │ ├────Cancel (stopped before its next request)──► cancelled
 *      │ ├────the run threw (storage, a bug)─────► failed
 *      │ ├────sign-out or another account────────► discarded (nothing more stored)
 *      │ └────the server's wait past the cap──► paused ──Resume──► running
 *      │                                         └─────Cancel──► cancelled
 *      └──worker stopped: still running, resumed at start-up (no connection: the kind's abandon)
 */
import { queueIdOf } from '../api/scheduler-types';
import type { Family } from '../storage/family';
import { profilesItem } from '../storage/profiles';
import { type Connection, type WorkerDeps, connect } from '../connection';
import { requestStop } from './run';

type StoredJob = { id: string; profileId: string; state: string };

/** A kind of job, declared once: how it is stored, run, and ended. */
export interface JobKind<J extends StoredJob> {
  name: string;
  family: Family<J>;
  save(job: J): Promise<void>;
  /** Its run needs the API secret (it writes). */
  writes: boolean;
  /** Cancel also ends its queued requests (a read-only run has nothing half-written). */
  cancelEndsRequests: boolean;
  /** Runs (or resumes) the stored job to its end; it checks the stops asked of it (run.ts). */
  run(deps: WorkerDeps, job: J, connection: Connection): Promise<unknown>;
  /** The job ended `state` with its open parts, for `reason`. */
  ended(job: J, state: 'failed' | 'cancelled', reason?: string): J;
  /** A job left running that cannot go on (no credentials any more). */
  abandon(job: J, reason: string): Promise<void>;
  /** Sign-out: what the kind removes beyond the profile's keys. */
  drop?(profileId: string): Promise<void>;
  /** How far it is, for the toolbar badge. */
  progress(job: J): { settled: number; total: number };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of kinds of different jobs
export type AnyJobKind = JobKind<any>;

/** Jobs this worker is running now, of every kind. */
const active = new Set<string>();

/** How many jobs this worker is running now. */
export const runningJobCount = () => active.size;

/** Whether this worker is running the job now. */
export const isActive = (id: string) => active.has(id);

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const jobsOf = async <J extends StoredJob>(kind: JobKind<J>, profileId: string) =>
  (await kind.family.entries(profileId)).map((entry) => entry.value);

/** Runs a stored job in the background; a failure before its run began ends it failed. */
export function launch<J extends StoredJob>(
  deps: WorkerDeps,
  kind: JobKind<J>,
  job: J,
  connection: Connection,
): Promise<void> {
  if (active.has(job.id)) return Promise.resolve();
  active.add(job.id);
  return kind
    .run(deps, job, connection)
    .then(() => undefined)
    .catch(async (error: unknown) => {
      const stored = await kind.family.get(job.profileId, job.id).catch(() => undefined);
      if (stored?.state === 'running')
        await kind.save(kind.ended(stored, 'failed', reasonOf(error))).catch(() => undefined);
    })
    .finally(() => active.delete(job.id));
}

/** Stores a new (or resumed) job and runs it in the background. */
export async function startJob<J extends StoredJob>(
  deps: WorkerDeps,
  kind: JobKind<J>,
  job: J,
  connection: Connection,
): Promise<void> {
  await kind.save(job);
  void launch(deps, kind, job, connection);
}

/** A paused job goes on where it stopped; the key's wait ends, so the server's next answer decides. */
export async function resumeJob<J extends StoredJob & { pause?: unknown }>(
  deps: WorkerDeps,
  kind: JobKind<J>,
  job: J,
  connection: Connection,
): Promise<void> {
  const { pause: _done, ...resumed } = job;
  deps.scheduler?.endWait(await queueIdOf(connection.config.baseUrl, connection.config.token));
  await startJob(deps, kind, { ...resumed, state: 'running' } as J, connection);
}

/** Cancel: a job running here stops before its next request; one not running here ends at once. */
export async function cancelJob<J extends StoredJob>(deps: WorkerDeps, kind: JobKind<J>, job: J) {
  if (!active.has(job.id) || job.state !== 'running') return kind.save(kind.ended(job, 'cancelled'));
  requestStop(job.id, 'cancel');
  if (kind.cancelEndsRequests) deps.scheduler?.cancel({ tag: job.id });
}

/**
 * Sign-out, or another account behind the profile: its running jobs stop, store nothing more and
 * send no request (their caller removes them).
 */
export async function stopKinds(deps: WorkerDeps, kinds: readonly AnyJobKind[], profileId: string) {
  for (const kind of kinds) {
    for (const job of await jobsOf(kind, profileId)) {
      if (job.state !== 'running') continue;
      deps.scheduler?.cancel({ tag: job.id });
      if (active.has(job.id)) requestStop(job.id, 'discard');
    }
    await kind.drop?.(profileId);
  }
}

/** Resumes every job still marked running (the worker was stopped); returns when all have ended. */
export async function resumeKinds(deps: WorkerDeps, kinds: readonly AnyJobKind[]): Promise<void> {
  const { list } = await profilesItem.get();
  await Promise.all(
    list.flatMap((profile) => kinds.map((kind) => resumeProfileJobs(deps, kind, profile.id))),
  );
}

async function resumeProfileJobs<J extends StoredJob>(deps: WorkerDeps, kind: JobKind<J>, profileId: string) {
  const running = (await jobsOf(kind, profileId)).filter(
    (job) => job.state === 'running' && !active.has(job.id),
  );
  if (running.length === 0) return;
  const connection = await connect(deps, profileId);
  const reason = !connection.ok
    ? connection.error.kind === 'notConfigured'
      ? `notConfigured: ${connection.error.missing.join(', ')}`
      : connection.error.kind
    : connection.value.secret || !kind.writes
      ? ''
      : 'notConfigured: secret';
  await Promise.all(
    running.map((job) =>
      connection.ok && !reason ? launch(deps, kind, job, connection.value) : kind.abandon(job, reason),
    ),
  );
}
