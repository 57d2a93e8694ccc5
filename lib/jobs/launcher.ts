/**
 * The launcher of every writer's job (an import, a restore, a copy, a document, an undo): stores a
 * new job and runs it in the background, resumes the jobs a stopped worker left running, and stops
 * a profile's jobs. A job is never run twice at once (start-up resume vs. start).
 */
import { placed } from '../api/http-config';
import { type ImportJob, readJob, readJobs, saveJob } from '../storage/import-jobs';
import { profilesItem } from '../storage/profiles';
import { type Connection, type WorkerDeps, connect } from '../connection';
import { settleJob } from './job';
import { requestCancel } from './run';
import { runJob } from './runner';

/** Jobs this worker is running now: a job is never run twice at once (start-up resume vs. start). */
const active = new Set<string>();

/** How many jobs this worker is running now. */
export const runningJobCount = () => active.size;

/** Whether this worker is running the job now. */
export const isActive = (id: string) => active.has(id);

/**
 * Stops a profile's running jobs and their queued requests. 'cancel' (another token or base URL)
 * ends them as cancelled; 'discard' (sign-out, whose caller removes them) stores nothing more.
 */
export async function cancelProfileJobs(
  deps: WorkerDeps,
  profileId: string,
  mode: 'cancel' | 'discard',
): Promise<void> {
  for (const job of await readJobs(profileId)) {
    if (job.state === 'paused' && mode === 'cancel') await saveJob(settleJob(job, 'cancelled', 'cancelled'));
    if (job.state !== 'running') continue;
    deps.scheduler?.cancel({ tag: job.id });
    if (active.has(job.id)) requestCancel(job.id, mode);
    else if (mode === 'cancel') await saveJob(settleJob(job, 'cancelled', 'cancelled'));
  }
}

/** Stores a new job and runs it in the background (a job across targets starts here too). */
export async function startJob(deps: WorkerDeps, job: ImportJob, connection: Connection): Promise<void> {
  await saveJob(job);
  void launch(deps, job.id, connection);
}

export function launch(deps: WorkerDeps, id: string, { config, secret, profile }: Connection): Promise<void> {
  if (active.has(id)) return Promise.resolve();
  active.add(id);
  const progress = deps.onJobProgress ? { onProgress: deps.onJobProgress } : {};
  // Import jobs are background work, tagged with the job's id so their queued requests can be
  // cancelled; past the cap they pause at once rather than wait the cap to be refused again.
  const placedConfig = placed(config, 'background', { tag: id, pausesPastCap: true });
  return runJob(profile.id, id, { config: placedConfig, secret, ...progress })
    .then(() => undefined)
    .catch(async (error: unknown) => {
      // runJob settles failures of the run itself; this is one before it began (reading the job).
      const job = await readJob(profile.id, id).catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      if (job?.state === 'running')
        await saveJob(settleJob(job, 'failed', 'failed', reason)).catch(() => undefined);
    })
    .finally(() => active.delete(id));
}

/** A job that cannot go on (no credentials any more): its open slots are reported, not left running. */
async function abandon(job: ImportJob, reason: string): Promise<void> {
  await saveJob(settleJob(job, 'finished', 'failed', reason));
}

/**
 * Resumes every job still marked running (the worker was stopped mid-import). Returns when all of
 * them have finished.
 */
export async function resumeJobs(deps: WorkerDeps): Promise<void> {
  const { list } = await profilesItem.get();
  await Promise.all(list.map((profile) => resumeProfileJobs(deps, profile.id)));
}

async function resumeProfileJobs(deps: WorkerDeps, profileId: string): Promise<void> {
  const running = (await readJobs(profileId)).filter((job) => job.state === 'running' && !active.has(job.id));
  if (running.length === 0) return;
  const connection = await connect(deps, profileId);
  const reason = !connection.ok
    ? connection.error.kind === 'notConfigured'
      ? `notConfigured: ${connection.error.missing.join(', ')}`
      : connection.error.kind
    : connection.value.secret
      ? ''
      : 'notConfigured: secret';
  await Promise.all(
    running.map((job) =>
      connection.ok && !reason ? launch(deps, job.id, connection.value) : abandon(job, reason),
    ),
  );
}
