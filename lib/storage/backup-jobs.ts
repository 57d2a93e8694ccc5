/**
 * "Back up everything": one backup job per profile, persisted so it goes on after the worker stops
 * (the worker resumes a running one at start-up), and the slot values it has read, one entry per
 * target, so a resumed job reads none of them again. The finished backup's values stay until the
 * next backup of the profile or its sign-out (both families are removed with the account): the file
 * is assembled from them whenever it is downloaded.
 */
import { PageOption, Target, TargetKind } from '../api/schemas';
import { z } from '../zod';
import { serialQueue } from '../serial';
import { newestFirst } from './family';
import { JobPause } from './job-pause';
import { profileFamily } from './registry';
import { backupBudget, storedSize } from './quota';

export const BackupOutcome = z.enum([
  'pending',
  'done',
  /** 404: the target is not (or no longer) the account's own. */
  'notOwned',
  /** 401/403 premium on every slot: nothing could be read. */
  'premium',
  'failed',
]);
export type BackupOutcome = z.infer<typeof BackupOutcome>;

export const BackupTarget = z.object({
  target: Target,
  name: z.optional(z.string()),
  /** How many slots are backed up: 20 with premium, 10 when slot 11 was refused as premium. */
  slots: z.int().check(z.minimum(1), z.maximum(20)),
  outcome: BackupOutcome,
  /** Slot 11 was refused as premium: backed up as 10 slots. */
  limited: z.optional(z.boolean()),
  /** What went wrong, as shown to the user. */
  message: z.optional(z.string()),
});
export type BackupTarget = z.infer<typeof BackupTarget>;

/** A target of the account's lists the backup could not take: its id is no path segment of the API. */
export const LeftOutTarget = z.object({
  kind: TargetKind,
  /** As listed, shortened for display (an id may be hundreds of characters). */
  id: z.string(),
  name: z.optional(z.string()),
  /** Why, as shown to the user. */
  reason: z.string(),
});
export type LeftOutTarget = z.infer<typeof LeftOutTarget>;

export const BackupJob = z.object({
  id: z.string(),
  profileId: z.string(),
  /** The profile's name when the backup began: the file is named with it. */
  profileName: z.string(),
  createdAt: z.number(),
  state: z.enum(['running', 'paused', 'finished', 'cancelled', 'failed']),
  error: z.optional(z.string()),
  /** Paused by the server's wait past the scheduler's cap, before its next read, until the user resumes it. */
  pause: z.optional(JobPause),
  /** Slots settled (read, taken from the cache, or given up with their target). */
  settled: z.int(),
  /** Slots of every target, as far as known (a target found to hold 10 slots lowers it). */
  total: z.int(),
  /** Requests sent so far (reads of stale slots). */
  requests: z.int(),
  /** Slots still to read that were not fresh in the cache when the job (re)started: the estimate's requests. */
  toRead: z.int(),
  /** The key's budget when last asked, in requests per minute: the estimate's pace. */
  perMinute: z.number(),
  finishedAt: z.optional(z.number()),
  targets: z.array(BackupTarget),
  /** Targets of the lists left out before anything was read (an id such as `..`, `a/b`). */
  leftOut: z.optional(z.array(LeftOutTarget)),
});
export type BackupJob = z.infer<typeof BackupJob>;

/** The slots of one target read so far, by slot number. */
export const BackupValues = z.object({ slots: z.record(z.string(), PageOption) });
export type BackupValues = z.infer<typeof BackupValues>;

/** The job, under its id (one per profile: a new backup removes the previous one). */
export const backupFamily = profileFamily('backup', BackupJob, {
  version: 1,
  signOut: 'removed',
  bound: { boundedBy: 'one backup job per profile' },
});
export const backupSlotsFamily = profileFamily('backupSlots', BackupValues, {
  version: 1,
  signOut: 'removed',
  bound: { boundedBy: 'the values of one backup, at most BACKUP_MAX_BYTES (quota.ts)' },
});

const targetParts = (jobId: string, target: Target) => [jobId, target.kind, target.id];

/** The profile's backup (the newest; there is at most one). */
export async function readBackup(profileId: string): Promise<BackupJob | null> {
  return (await newestFirst(backupFamily, profileId))[0] ?? null;
}

/** Saves of the job run one after another: an older snapshot never overwrites a newer one. */
const backupWrites = serialQueue();
export function saveBackup(job: BackupJob): Promise<void> {
  return backupWrites(() => backupFamily.set(job, job.profileId, job.id));
}

/** Removes the profile's backups and their values (a new backup replaces the old one). */
export async function removeBackups(profileId: string): Promise<void> {
  await backupFamily.removeAll(profileId);
  await backupSlotsFamily.removeAll(profileId);
}

export async function readTargetValues(
  profileId: string,
  jobId: string,
  target: Target,
): Promise<Record<string, PageOption>> {
  return (await backupSlotsFamily.get(profileId, ...targetParts(jobId, target)))?.slots ?? {};
}

export function writeTargetValues(
  profileId: string,
  jobId: string,
  target: Target,
  slots: Record<string, PageOption>,
): Promise<void> {
  return backupSlotsFamily.set({ slots }, profileId, ...targetParts(jobId, target));
}

/**
 * What a slot's value may take in storage, as the bound counts it: the spec's 64 + 2400 characters
 * with JSON's quoting, the slot's time and key (a slot full of characters JSON escapes takes more;
 * the job then stops when the stored values pass the profile's backupBudget).
 */
export const SLOT_STORED_BYTES = 2_560;

/** The most slots one profile's backup may hold: 1000 (50 targets × 20) with one profile. */
export const backupMaxSlots = (profiles: number) => Math.floor(backupBudget(profiles) / SLOT_STORED_BYTES);

/** The bytes the values of a job hold now (UTF-16 code units, as the budgets count). */
export async function backupBytes(profileId: string): Promise<number> {
  const entries = await backupSlotsFamily.entries(profileId);
  return entries.reduce((sum, e) => sum + storedSize(e.key, e.value), 0);
}
