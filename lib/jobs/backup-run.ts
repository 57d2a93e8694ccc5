/**
 * Runs a backup job in the worker: target after target, slot after slot, one read at a time at
 * background priority through the request scheduler (tagged with the job's id, so Cancel drops its
 * queued read). A slot whose cached value is fresh costs no request; every answer read is kept in
 * the profile's cache (a backup warms the editor) and in the job's values, stored before the next
 * read, so a job resumed after the worker stopped reads none of them again.
 *
 * Per target: 404 (not owned) or premium refused on the first ten slots ends that target, reported
 * in its outcome; slot 11 or later refused as premium makes it a target of 10 slots. The others go on.
 * A job asked to stop checks before every read: Cancel ends it cancelled; a sign-out discards it
 * (its caller removes it) and nothing more is stored.
 */
import * as api from '../api/client';
import { type ApiConfig, placed } from '../api/http-config';
import { type ApiError, fail } from '../api/errors';
import { perMinuteOf } from '../api/limits';
import { PageOption, type Target } from '../api/schemas';
import { freshnessMs, isFresh } from '../cache/fresh';
import { readThrough } from '../cache/read-through';
import { BASIC_SLOTS } from '../api/slot-limits';
import {
  type BackupJob,
  type BackupTarget,
  backupBytes,
  backupFamily,
  backupSlotsFamily,
  readTargetValues,
  removeBackups,
  saveBackup,
  writeTargetValues,
} from '../storage/backup-jobs';
import { optionParts, readCached } from '../storage/cache';
import { profilesItem } from '../storage/profiles';
import { backupBudget, storedSize } from '../storage/quota';
import { type Connection, type WorkerDeps, keyBudget } from '../connection';
import type { JobKind } from './launcher';
import { describe, pauseFor, stopAsked, takeStop, waitOf } from './run';

export interface BackupRunDeps {
  /** Placed at background priority with the job's tag. */
  config: ApiConfig;
  freshMs: number;
  /** How many profiles exist: the backup's share of the storage bound. */
  profiles: number;
  /** The key's budget now, in requests per minute (for the estimate). */
  perMinute(): Promise<number>;
  onProgress?(job: BackupJob): void;
}

const isPremiumRefusal = (error: ApiError) =>
  error.kind === 'premiumRequired' || (error.kind === 'forbidden' && error.premium !== 'no');

/** `sent`: the requests it took (0: the cached value was fresh). */
type SlotRead =
  | { kind: 'value'; value: PageOption; sent: number }
  | { kind: 'stop' }
  | { kind: 'error'; error: ApiError; sent: number };

/** One slot: the fresh cached value, else read and kept in the cache. */
async function readSlot(
  job: BackupJob,
  deps: BackupRunDeps,
  target: Target,
  slot: number,
): Promise<SlotRead> {
  let sent = 0;
  const answer = await readThrough(
    job.profileId,
    { parts: optionParts(target, slot), schema: PageOption },
    deps.freshMs,
    () => {
      if (stopAsked(job.id)) return Promise.resolve(fail({ kind: 'aborted' as const }));
      sent = 1;
      // The HTTP layer retries a GET that may pass (network, timeout, 5xx); the scheduler waits out a 429.
      return api.readOption(deps.config, target, slot);
    },
  );
  if (answer.ok) return { kind: 'value', value: answer.value, sent };
  // Aborted: cancelled, or the account's requests ended (sign-out, a changed token).
  if (answer.error.kind === 'aborted') return { kind: 'stop' };
  return { kind: 'error', error: answer.error, sent };
}

/** The job as it goes: every change is stored (unless discarded) and told. */
function jobState(initial: BackupJob, deps: BackupRunDeps) {
  let job = initial;
  return {
    get: () => job,
    async set(next: BackupJob): Promise<void> {
      job = next;
      if (stopAsked(job.id) === 'discard') return;
      // Signed out meanwhile (the job was removed with the account): never stored again.
      if (!(await backupFamily.get(job.profileId, job.id))) return;
      await saveBackup(job);
      // Signed out while it was stored: the sign-out may have removed the keys before it landed.
      if (stopAsked(job.id) === 'discard') return backupFamily.remove(job.profileId, job.id);
      deps.onProgress?.(job);
    },
  };
}

const withTarget = (job: BackupJob, index: number, change: Partial<BackupTarget>): BackupJob => ({
  ...job,
  targets: job.targets.map((t, i) => (i === index ? { ...t, ...change } : t)),
});

type JobState = ReturnType<typeof jobState>;

/** What a run shares across its targets: the job, its deps and the bytes its values take. */
interface Run {
  state: JobState;
  deps: BackupRunDeps;
  budget: number;
  bytes: number;
}

/** Ends the job (failed, cancelled, finished) with `change`; a discarded one stores nothing. */
async function end(run: Run, change: Partial<BackupJob>): Promise<'end'> {
  await run.state.set({ ...run.state.get(), ...change, finishedAt: Date.now() });
  return 'end';
}

/** A stop was asked (or the account's requests ended): cancelled, or left as it is. */
async function stop(run: Run): Promise<'end'> {
  const { id } = run.state.get();
  const mode = takeStop(id);
  if (mode === 'cancel') return end(run, { state: 'cancelled' });
  // Discarded (sign-out), or aborted with no stop asked here: resumed at the next start if it can be.
  return 'end';
}

/** A slot refused: the job, the target, or only slots 11–20 of it end, as the error says. */
async function refused(
  run: Run,
  index: number,
  slot: number,
  read: Extract<SlotRead, { kind: 'error' }>,
  readSoFar: number,
): Promise<'next' | 'end'> {
  const { error, sent } = read;
  const job = run.state.get();
  const requests = job.requests + sent;
  // The server asks for a wait past the cap: every next read would be refused too, so the job
  // pauses before it, what it read kept, until the user resumes it.
  if (error.kind === 'rateLimited') {
    const pause = pauseFor(run.deps.config, waitOf(error));
    await run.state.set({ ...job, state: 'paused', pause, requests });
    return 'end';
  }
  const slots = job.targets[index]?.slots ?? 0;
  if (isPremiumRefusal(error) && slot > BASIC_SLOTS) {
    const dropped = slots - BASIC_SLOTS;
    await run.state.set({
      ...withTarget(job, index, { slots: BASIC_SLOTS, limited: true, outcome: 'done' }),
      total: job.total - dropped,
      toRead: Math.max(0, job.toRead - dropped),
      requests,
    });
    return 'next';
  }
  const outcome =
    error.kind === 'notFound' ? 'notOwned' : isPremiumRefusal(error) ? 'premium' : ('failed' as const);
  const left = slots - readSoFar;
  await run.state.set({
    ...withTarget(job, index, { outcome, message: describe(error) }),
    settled: job.settled + left,
    toRead: Math.max(0, job.toRead - left),
    requests,
  });
  return 'next';
}

/** Reads the slots of one target the job does not hold yet, keeping each before the next read. */
async function backUpTarget(run: Run, index: number): Promise<'next' | 'end'> {
  const { profileId, id } = run.state.get();
  const { target } = run.state.get().targets[index] as BackupTarget;
  const values = await readTargetValues(profileId, id, target);
  const entryKey = backupSlotsFamily.key(profileId, id, target.kind, target.id);
  let entryBytes = storedSize(entryKey, { slots: values });
  for (let slot = 1; slot <= (run.state.get().targets[index]?.slots ?? 0); slot++) {
    if (values[String(slot)]) continue;
    if (stopAsked(id)) return stop(run);
    const read = await readSlot(run.state.get(), run.deps, target, slot);
    if (read.kind === 'stop') return stop(run);
    if (read.kind === 'error') return refused(run, index, slot, read, Object.keys(values).length);
    values[String(slot)] = read.value;
    const nextEntryBytes = storedSize(entryKey, { slots: values });
    if (run.bytes - entryBytes + nextEntryBytes > run.budget) {
      const kb = Math.round(run.budget / 1000);
      return end(run, {
        state: 'failed',
        error: `tooLarge: the values read pass the ${kb} KB a backup may store`,
      });
    }
    run.bytes += nextEntryBytes - entryBytes;
    entryBytes = nextEntryBytes;
    await writeTargetValues(profileId, id, target, values);
    // Signed out while it was written: the sign-out may have removed the keys before it landed.
    if (stopAsked(id) === 'discard') {
      await backupSlotsFamily.remove(profileId, id, target.kind, target.id);
      return stop(run);
    }
    const job = run.state.get();
    await run.state.set({
      ...job,
      settled: job.settled + 1,
      requests: job.requests + read.sent,
      toRead: Math.max(0, job.toRead - (read.sent > 0 ? 1 : 0)),
      perMinute: read.sent > 0 ? await run.deps.perMinute() : job.perMinute,
    });
  }
  await run.state.set(withTarget(run.state.get(), index, { outcome: 'done' }));
  return 'next';
}

/** Runs (or resumes) the job until it is finished, cancelled, failed or discarded. */
export async function runBackup(initial: BackupJob, deps: BackupRunDeps): Promise<BackupJob> {
  const run: Run = {
    state: jobState(initial, deps),
    deps,
    budget: backupBudget(deps.profiles),
    bytes: await backupBytes(initial.profileId),
  };
  try {
    for (let index = 0; index < initial.targets.length; index++) {
      if (run.state.get().targets[index]?.outcome !== 'pending') continue;
      if ((await backUpTarget(run, index)) === 'end') return run.state.get();
    }
    const job = run.state.get();
    await end(run, { state: 'finished', settled: job.total, toRead: 0 });
  } catch (error) {
    await end(run, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
  } finally {
    takeStop(initial.id);
  }
  return run.state.get();
}

/** The key's budget in requests per minute: the profile's setting, else what the scheduler learned. */
export const perMinute = async (deps: WorkerDeps, connection: Connection) =>
  perMinuteOf(await keyBudget(deps, connection));

/** Slots not fresh in the cache among those the job still has to settle: its requests, as estimated. */
async function staleCount(job: BackupJob, freshMs: number): Promise<number> {
  const now = Date.now();
  let stale = 0;
  for (const planned of job.targets) {
    if (planned.outcome !== 'pending') continue;
    const read = await readTargetValues(job.profileId, job.id, planned.target);
    for (let slot = 1; slot <= planned.slots; slot++) {
      if (read[String(slot)]) continue;
      const cached = await readCached(job.profileId, optionParts(planned.target, slot), PageOption);
      if (!cached || !isFresh(cached.savedAt, now, freshMs)) stale += 1;
    }
  }
  return stale;
}

/**
 * "Back up everything" as a kind of the engine: one job per profile, read-only (no secret needed),
 * removed with its values when it cannot go on or its profile signs out.
 */
export const backupJobs: JobKind<BackupJob> = {
  name: 'backup',
  family: backupFamily,
  save: saveBackup,
  writes: false,
  cancelEndsRequests: true,
  async run(deps, job, connection) {
    const profiles = (await profilesItem.get()).list.length;
    const freshMs = freshnessMs(connection.profile);
    const toRead = await staleCount(job, freshMs);
    const started = { ...job, toRead, perMinute: await perMinute(deps, connection) };
    await saveBackup(started);
    await runBackup(started, {
      // Past the cap it pauses at once rather than wait the cap to be refused again.
      config: placed(connection.config, 'background', { tag: job.id, pausesPastCap: true }),
      freshMs,
      profiles,
      perMinute: () => perMinute(deps, connection),
    });
  },
  ended: (job, state, reason) => ({
    ...job,
    state,
    ...(reason ? { error: reason } : {}),
    finishedAt: Date.now(),
  }),
  // Signed out meanwhile (no token): removed before any request.
  abandon: (job) => removeBackups(job.profileId),
  drop: removeBackups,
  progress: (job) => job,
};
