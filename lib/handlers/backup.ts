/**
 * "Back up everything" in the worker: start (the targets of the active profile's list and its
 * factories, refused before anything is read when the backup could not fit its storage bound), the
 * job as stored, Cancel, and the finished file. The job runs in the job engine (lib/jobs/launcher.ts,
 * its kind in lib/jobs/backup-run.ts), persisted, so it goes on when the page closes.
 */
import * as api from '../api/client';
import { placed } from '../api/http-config';
import { fail, ok, type Result } from '../api/errors';
import { BuildingListEntry, PageOption, type Target } from '../api/schemas';
import type { AppError } from '../app-error';
import { backupDocument } from '../backup/file';
import { type ListedTarget, backupFileName, plannedTarget, usableTargets } from '../backup/backup-plan';
import { backupJobs, perMinute } from '../jobs/backup-run';
import { cancelJob, resumeJob, startJob } from '../jobs/launcher';
import { FactoryDiscovery, discoveryOf } from '../factories/discovery';
import { mergeFactories } from '../factories/merge';
import { MAX_IMPORT_TARGETS } from '../import/format-schema';
import type { Handlers } from '../messaging/router';
import { buildingName, factoryName } from '../names';
import { slotCount } from '../api/slot-limits';
import {
  type BackupJob,
  SLOT_STORED_BYTES,
  backupMaxSlots,
  readBackup,
  readTargetValues,
  removeBackups,
} from '../storage/backup-jobs';
import { readFactories } from '../storage/added-factories';
import { withRememberedLabels } from '../storage/labels';
import { profilesItem } from '../storage/profiles';
import { effectivePremium } from '../storage/settings';
import { z } from '../zod';
import { cachedRead } from '../cache/cached-read';
import { type Connection, type WorkerDeps, connect, profileOf } from '../connection';

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

type BackupHandlers = Pick<
  Handlers,
  'startBackup' | 'getBackup' | 'cancelBackup' | 'resumeBackup' | 'getBackupFile'
>;

export function backupHandlers(deps: WorkerDeps): BackupHandlers {
  return {
    async startBackup(_payload, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const { profile } = connection.value;
      // One backup at a time: the running or paused one is answered (a paused one goes on by Resume).
      const running = await readBackup(profile.id);
      if (running?.state === 'running' || running?.state === 'paused') return ok(running);
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
      await startJob(deps, backupJobs, job, connection.value);
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
      if (job.state !== 'running' && job.state !== 'paused')
        return fail({ kind: 'badMessage', message: 'the backup is not running' });
      await cancelJob(deps, backupJobs, job);
      return ok({ id });
    },

    /** A paused backup goes on where it stopped: the slots it holds are not read again. */
    async resumeBackup({ id }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const job = await readBackup(connection.value.profile.id);
      if (!job || job.id !== id) return fail({ kind: 'badMessage', message: `no backup ${id}` });
      if (job.state !== 'paused') return fail({ kind: 'badMessage', message: 'the backup is not paused' });
      await resumeJob(deps, backupJobs, job, connection.value);
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
