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
import type { ApiError } from '../api/errors';
import { PageOption, type Target } from '../api/schemas';
import { isFresh } from '../cache/fresh';
import { BASIC_SLOTS } from '../slots/count';
import {
  type BackupJob,
  type BackupTarget,
  backupBytes,
  backupFamily,
  backupSlotsFamily,
  readTargetValues,
  saveBackup,
  writeTargetValues,
} from '../storage/backup-jobs';
import { optionParts, readCached, writeCached } from '../storage/cache';
import { backupBudget, storedSize } from '../storage/quota';

export interface BackupRunDeps {
  /** Placed at background priority with the job's tag. */
  config: api.ApiConfig;
  freshMs: number;
  /** How many profiles exist: the backup's share of the storage bound. */
  profiles: number;
  /** The key's budget now, in requests per minute (for the estimate). */
  perMinute(): Promise<number>;
  onProgress?(job: BackupJob): void;
}

/** Jobs asked to stop: 'cancel' ends the job cancelled; 'discard' stores nothing more. */
const stopRequests = new Map<string, 'cancel' | 'discard'>();

export function requestStop(id: string, mode: 'cancel' | 'discard'): void {
  stopRequests.set(id, mode);
}

const TRANSIENT: ApiError['kind'][] = ['network', 'timeout', 'server', 'rateLimited'];
const MAX_ATTEMPTS = 3;

const isPremiumRefusal = (error: ApiError) =>
  error.kind === 'premiumRequired' || (error.kind === 'forbidden' && error.premium !== 'no');

function describe(error: ApiError): string {
  return 'message' in error && error.message ? `${error.kind}: ${error.message}` : error.kind;
}

/** `sent`: the requests it took (0: the cached value was fresh). */
type SlotRead =
  | { kind: 'value'; value: PageOption; sent: number }
  | { kind: 'stop' }
  | { kind: 'error'; error: ApiError; sent: number };

/** One slot: the fresh cached value, else read (retrying what may pass) and kept in the cache. */
async function readSlot(
  job: BackupJob,
  deps: BackupRunDeps,
  target: Target,
  slot: number,
): Promise<SlotRead> {
  const parts = optionParts(target, slot);
  const cached = await readCached(job.profileId, parts, PageOption);
  if (cached && isFresh(cached.savedAt, Date.now(), deps.freshMs))
    return { kind: 'value', value: cached.value, sent: 0 };
  for (let attempt = 1; ; attempt++) {
    if (stopRequests.has(job.id)) return { kind: 'stop' };
    const answer = await api.readOption(deps.config, target, slot);
    if (answer.ok) {
      await writeCached(job.profileId, parts, answer.value, Date.now());
      return { kind: 'value', value: answer.value, sent: attempt };
    }
    // Aborted: cancelled, or the account's requests ended (sign-out, a changed token).
    if (answer.error.kind === 'aborted') return { kind: 'stop' };
    if (!TRANSIENT.includes(answer.error.kind) || attempt >= MAX_ATTEMPTS)
      return { kind: 'error', error: answer.error, sent: attempt };
  }
}

/** The job as it goes: every change is stored (unless discarded) and told. */
function jobState(initial: BackupJob, deps: BackupRunDeps) {
  let job = initial;
  return {
    get: () => job,
    async set(next: BackupJob): Promise<void> {
      job = next;
      if (stopRequests.get(job.id) === 'discard') return;
      // Signed out meanwhile (the job was removed with the account): never stored again.
      if (!(await backupFamily.get(job.profileId, job.id))) return;
      await saveBackup(job);
      deps.onProgress?.(job);
    },
  };
}

const withTarget = (job: BackupJob, index: number, change: Partial<BackupTarget>): BackupJob => ({
  ...job,
  targets: job.targets.map((t, i) => (i === index ? { ...t, ...change } : t)),
});

/** Runs (or resumes) the job until it is finished, cancelled, failed or discarded. */
export async function runBackup(initial: BackupJob, deps: BackupRunDeps): Promise<BackupJob> {
  const state = jobState(initial, deps);
  const budget = backupBudget(deps.profiles);
  let bytes = await backupBytes(initial.profileId);
  const stopped = async (): Promise<BackupJob> => {
    const mode = stopRequests.get(initial.id);
    stopRequests.delete(initial.id);
    if (mode === 'cancel') await state.set({ ...state.get(), state: 'cancelled', finishedAt: Date.now() });
    return state.get();
  };
  try {
    for (let index = 0; index < state.get().targets.length; index++) {
      const planned = state.get().targets[index] as BackupTarget;
      if (planned.outcome !== 'pending') continue;
      const target = planned.target;
      const values = await readTargetValues(initial.profileId, initial.id, target);
      const entryKey = backupSlotsFamily.key(initial.profileId, initial.id, target.kind, target.id);
      let entryBytes = storedSize(entryKey, { slots: values });
      let outcome: Partial<BackupTarget> = { outcome: 'done' };
      for (let slot = 1; slot <= (state.get().targets[index]?.slots ?? 0); slot++) {
        if (values[String(slot)]) continue;
        if (stopRequests.has(initial.id)) return await stopped();
        const read = await readSlot(state.get(), deps, target, slot);
        if (read.kind === 'stop') {
          if (stopRequests.has(initial.id)) return await stopped();
          // Aborted without a stop asked here: the account's requests ended; resumed when it can.
          return state.get();
        }
        if (read.kind === 'error') {
          const { error } = read;
          if (isPremiumRefusal(error) && slot > BASIC_SLOTS) {
            const job = state.get();
            const dropped = (job.targets[index]?.slots ?? slot) - BASIC_SLOTS;
            await state.set({
              ...withTarget(job, index, { slots: BASIC_SLOTS, limited: true }),
              total: job.total - dropped,
              requests: job.requests + read.sent,
              toRead: Math.max(0, job.toRead - dropped),
            });
            break;
          }
          outcome =
            error.kind === 'notFound'
              ? { outcome: 'notOwned', message: describe(error) }
              : isPremiumRefusal(error)
                ? { outcome: 'premium', message: describe(error) }
                : { outcome: 'failed', message: describe(error) };
          const job = state.get();
          const left = (job.targets[index]?.slots ?? 0) - Object.keys(values).length;
          await state.set({
            ...job,
            settled: job.settled + left,
            requests: job.requests + read.sent,
            toRead: Math.max(0, job.toRead - left),
          });
          break;
        }
        values[String(slot)] = read.value;
        const nextEntryBytes = storedSize(entryKey, { slots: values });
        if (bytes - entryBytes + nextEntryBytes > budget) {
          const kb = Math.round(budget / 1000);
          await state.set({
            ...state.get(),
            state: 'failed',
            error: `tooLarge: the values read pass the ${kb} KB a backup may store`,
            finishedAt: Date.now(),
          });
          return state.get();
        }
        bytes += nextEntryBytes - entryBytes;
        entryBytes = nextEntryBytes;
        await writeTargetValues(initial.profileId, initial.id, target, values);
        // Signed out while it was written: the sign-out may have removed the keys before it landed.
        if (stopRequests.get(initial.id) === 'discard') {
          await backupSlotsFamily.remove(initial.profileId, initial.id, target.kind, target.id);
          return await stopped();
        }
        const job = state.get();
        await state.set({
          ...job,
          settled: job.settled + 1,
          requests: job.requests + read.sent,
          toRead: Math.max(0, job.toRead - (read.sent > 0 ? 1 : 0)),
          perMinute: read.sent > 0 ? await deps.perMinute() : job.perMinute,
        });
      }
      await state.set(withTarget(state.get(), index, outcome));
    }
    await state.set({ ...state.get(), state: 'finished', toRead: 0, finishedAt: Date.now() });
    return state.get();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await state.set({ ...state.get(), state: 'failed', error: reason, finishedAt: Date.now() });
    return state.get();
  } finally {
    stopRequests.delete(initial.id);
  }
}
