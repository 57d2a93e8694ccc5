/**
 * "Back up everything" in the worker: start (the targets of the active profile's list and its
 * factories, refused before anything is read when the backup could not fit its storage bound), the
 * job as stored, Cancel, and the finished file. The job runs here, persisted, so it goes on when the
 * page closes and resumes when a stopped worker starts again; a signed-out profile's job is removed.
 */
import * as api from '../api/client';
import { placed } from '../api/http-config';
import { fail, ok, type Result } from '../api/errors';
import { BuildingListEntry, PageOption, type Target } from '../api/schemas';
import type { AppError } from '../app-error';
import { backupDocument } from '../backup/file';
import { type ListedTarget, backupFileName, plannedTarget, usableTargets } from '../backup/backup-plan';
import { perMinuteOf } from '../api/limits';
import { requestStop, runBackup } from '../backup/backup-runner';
import { freshnessMs, isFresh } from '../cache/fresh';
import { FactoryDiscovery, discoveryOf } from '../factories/discovery';
import { mergeFactories } from '../factories/merge';
import { MAX_IMPORT_TARGETS } from '../import/format-schema';
import type { Handlers } from '../messaging/router';
import { buildingName, factoryName } from '../names';
import { slotCount } from '../api/slot-limits';
import {
  type BackupJob,
  SLOT_STORED_BYTES,
  backupFamily,
  backupMaxSlots,
  readBackup,
  readTargetValues,
  removeBackups,
  saveBackup,
} from '../storage/backup-jobs';
import { optionParts, readCached } from '../storage/cache';
import { readFactories } from '../storage/added-factories';
import { withRememberedLabels } from '../storage/labels';
import { profilesItem } from '../storage/profiles';
import { effectivePremium } from '../storage/settings';
import { z } from '../zod';
import { cachedRead } from '../cache/cached-read';
import { type Connection, type WorkerDeps, connect, keyBudget, profileOf } from '../connection';

/** Backups this worker runs now: one is never run twice at once (start-up resume vs. start). */
const active = new Set<string>();

/** How many backups this worker is running now. */
export const runningBackupCount = () => active.size;

/** The key's budget in requests per minute: the profile's setting, else what the scheduler learned. */
const perMinute = async (deps: WorkerDeps, connection: Connection) =>
  perMinuteOf(await keyBudget(deps, connection));

/** Every building of the list and every listed or added factory, named. */
async function backupTargets(connection: Connection): Promise<Result<ListedTarget[], AppError>> {
  const { profile } = connection;
  // The start is the user's click: what is not fresh in the cache is read first in line.
  const config = placed(connection.config, 'user');
  const list = await cachedRead(
    profile,
    undefined,
    { parts: ['buildings'], schema: z.array(BuildingListEntry) },
    () => api.listBuildings(config),
  );
  if (!list.ok) return list;
  const buildings = await withRememberedLabels(profile.id, list.value);
  const discovery = await cachedRead(
    profile,
    undefined,
    { parts: ['factories'], schema: FactoryDiscovery },
    async () => discoveryOf(await api.listFactories(config)),
  );
  // A factory list that failed for now (offline, limit) leaves the factories added by hand.
  const listed = discovery.ok ? discovery.value.factories : [];
  const factories = mergeFactories(listed, await readFactories(profile.id));
  return ok([
    ...buildings.map((b) => ({ target: { kind: 'building' as const, id: b.id }, name: buildingName(b) })),
    ...factories.map((f) => ({ target: { kind: 'factory' as const, id: f.id }, name: factoryName(f) })),
  ]);
}

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

function launch(deps: WorkerDeps, job: BackupJob, connection: Connection): Promise<void> {
  if (active.has(job.id)) return Promise.resolve();
  active.add(job.id);
  const run = async () => {
    const profiles = (await profilesItem.get()).list.length;
    const freshMs = freshnessMs(connection.profile);
    const toRead = await staleCount(job, freshMs);
    const started = { ...job, toRead, perMinute: await perMinute(deps, connection) };
    await saveBackup(started);
    await runBackup(started, {
      config: placed(connection.config, 'background', { tag: job.id }),
      freshMs,
      profiles,
      perMinute: () => perMinute(deps, connection),
    });
  };
  return run()
    .catch(async (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      const stored = await backupFamily.get(job.profileId, job.id).catch(() => null);
      if (stored?.state === 'running')
        await saveBackup({ ...stored, state: 'failed', error: reason, finishedAt: Date.now() });
    })
    .finally(() => active.delete(job.id));
}

/**
 * Resumes every backup still marked running (the worker was stopped mid-backup). One whose profile
 * is signed out meanwhile (no token) is removed before any request.
 */
export async function resumeBackups(deps: WorkerDeps): Promise<void> {
  const { list } = await profilesItem.get();
  await Promise.all(
    list.map(async ({ id }) => {
      const job = await readBackup(id);
      if (!job || job.state !== 'running' || active.has(job.id)) return;
      const connection = await connect(deps, id);
      if (!connection.ok) return removeBackups(id);
      return launch(deps, job, connection.value);
    }),
  );
}

/**
 * Sign-out, or another account behind the profile (a changed token or address): a running backup
 * stores nothing more and sends no request, and the backup and its values go (what one account
 * produced is never offered under another).
 */
export async function dropBackups(deps: WorkerDeps, profileId: string): Promise<void> {
  const job = await readBackup(profileId);
  if (job?.state === 'running') {
    requestStop(job.id, 'discard');
    deps.scheduler?.cancel({ tag: job.id });
  }
  await removeBackups(profileId);
}

/** The refusal of a backup that could not fit its storage bound, before anything is read. */
function tooLarge(slots: number, maxSlots: number, targets: number): AppError {
  const kb = (n: number) => Math.round((n * SLOT_STORED_BYTES) / 1000);
  return {
    kind: 'invalidInput',
    field: 'backup',
    message:
      targets > MAX_IMPORT_TARGETS
        ? `${targets} targets; a backup file holds at most ${MAX_IMPORT_TARGETS}, so it could not be restored`
        : `${targets} targets with ${slots} slots need up to ${kb(slots)} KB; a backup may store ${kb(maxSlots)} KB (${maxSlots} slots)`,
  };
}

type BackupHandlers = Pick<Handlers, 'startBackup' | 'getBackup' | 'cancelBackup' | 'getBackupFile'>;

export function backupHandlers(deps: WorkerDeps): BackupHandlers {
  return {
    async startBackup(_payload, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const { profile } = connection.value;
      const running = await readBackup(profile.id);
      if (running?.state === 'running') return ok(running);
      const listed = await backupTargets(connection.value);
      if (!listed.ok) return listed;
      // A target whose id is no path segment is left out, named with why; the others go on.
      const { targets, leftOut } = usableTargets(listed.value);
      const first = leftOut[0];
      if (targets.length === 0)
        return fail({
          kind: 'invalidInput',
          field: 'backup',
          message: first
            ? `no target to back up: ${first.kind} ${first.id}: ${first.reason}`
            : 'this account has no building or factory to back up',
        });
      const premium = effectivePremium(profile);
      const slots = targets.length * slotCount(premium);
      const maxSlots = backupMaxSlots((await profilesItem.get()).list.length);
      if (slots > maxSlots || targets.length > MAX_IMPORT_TARGETS)
        return fail(tooLarge(slots, maxSlots, targets.length));
      // One backup per profile: the next one replaces the last (and its file).
      await removeBackups(profile.id);
      const job: BackupJob = {
        id: crypto.randomUUID(),
        profileId: profile.id,
        profileName: profile.name,
        createdAt: Date.now(),
        state: 'running',
        settled: 0,
        total: slots,
        requests: 0,
        toRead: slots,
        perMinute: await perMinute(deps, connection.value),
        targets: targets.map((t) => plannedTarget(t, premium)),
        ...(leftOut.length > 0 ? { leftOut } : {}),
      };
      await saveBackup(job);
      void launch(deps, job, connection.value);
      return ok(job);
    },

    async getBackup(_payload, context) {
      const profile = await profileOf(context);
      return ok(profile ? await readBackup(profile.id) : null);
    },

    async cancelBackup({ id }, context) {
      const profile = await profileOf(context);
      const job = profile ? await readBackup(profile.id) : null;
      if (!job || job.id !== id) return fail({ kind: 'badMessage', message: `no backup ${id}` });
      if (job.state !== 'running') return fail({ kind: 'badMessage', message: 'the backup is not running' });
      if (active.has(id)) {
        requestStop(id, 'cancel');
        deps.scheduler?.cancel({ tag: id });
      } else await saveBackup({ ...job, state: 'cancelled', finishedAt: Date.now() });
      return ok({ id });
    },

    async getBackupFile(_payload, context) {
      const profile = await profileOf(context);
      const job = profile ? await readBackup(profile.id) : null;
      if (!job || job.state !== 'finished')
        return fail({ kind: 'badMessage', message: 'no finished backup' });
      // A file of no target is no document of the format (it holds at least one).
      if (!job.targets.some((t) => t.outcome === 'done'))
        return fail({ kind: 'invalidInput', field: 'backup', message: 'no target could be read' });
      const values = new Map<string, Record<string, PageOption>>();
      for (const { target } of job.targets)
        values.set(targetKey(target), await readTargetValues(job.profileId, job.id, target));
      const at = new Date(job.finishedAt ?? job.createdAt);
      return ok({ name: backupFileName(job.profileName, at), document: backupDocument(job, values, at) });
    },
  };
}

const targetKey = (target: Target) => `${target.kind}:${target.id}`;
