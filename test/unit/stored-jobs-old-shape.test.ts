/**
 * Jobs stored by the release before the job engine (issue 42) are read as they are: an import job
 * under its old key and shape keeps its results and its Undo, and a finished backup its file.
 * The values below are written raw, as that release put them into storage.local.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Target } from '../../lib/api/schemas';
import { backupDocument } from '../../lib/backup/file';
import { undoSlots } from '../../lib/jobs/job';
import { readBackup, readTargetValues } from '../../lib/storage/backup-jobs';
import { readJobs, undoableImports } from '../../lib/storage/jobs';

const profileId = 'p-old';
const target: Target = { kind: 'building', id: 'b-1001' };
const at = '2026-11-30T10:00:00.000Z';

const oldImport = {
  id: 'import-m1abc-x1y2z3',
  profileId,
  kind: 'import',
  target,
  createdAt: 1_764_496_800_000,
  state: 'finished',
  items: [
    {
      slot: 1,
      title: 'Neu',
      data: '{"a":1}',
      status: 'done',
      previous: { title: 'Alt', data: '{"a":0}', lastUpdated: at },
      attempts: 1,
    },
    { slot: 2, title: 'Gleich', data: '', status: 'skipped', attempts: 1 },
  ],
};

const oldBackup = {
  id: '3f2c1e9a-0000-4000-8000-000000000001',
  profileId,
  profileName: 'Jürgen',
  createdAt: 1_764_496_800_000,
  state: 'finished',
  settled: 10,
  total: 10,
  requests: 4,
  toRead: 0,
  perMinute: 60,
  finishedAt: 1_764_496_900_000,
  targets: [{ target, name: 'Am Markt 1', slots: 10, outcome: 'done' }],
};

beforeEach(async () => {
  fakeBrowser.reset();
  await fakeBrowser.storage.local.set({
    [`p.${profileId}.job:${oldImport.id}`]: { v: 1, value: oldImport },
    [`p.${profileId}.backup:${oldBackup.id}`]: { v: 1, value: oldBackup },
    [`p.${profileId}.backupSlots:${oldBackup.id}:building:b-1001`]: {
      v: 1,
      value: { slots: { '1': { title: 'Alt', data: '{"a":0}', lastUpdated: at } } },
    },
  });
});

describe('jobs of the old shape', () => {
  it('an import keeps its results and its Undo', async () => {
    const [job] = await readJobs(profileId);
    expect(job).toMatchObject({ id: oldImport.id, kind: 'import', state: 'finished' });
    expect(job?.items.map((item) => item.status)).toEqual(['done', 'skipped']);
    expect(await undoableImports(profileId)).toEqual(new Set([oldImport.id]));
    expect(undoSlots(job!)).toEqual([
      { slot: 1, title: 'Alt', data: '{"a":0}', expected: { title: 'Neu', data: '{"a":1}' } },
    ]);
  });

  it('a finished backup still gives its file', async () => {
    const job = await readBackup(profileId);
    expect(job).toMatchObject({ id: oldBackup.id, state: 'finished', settled: 10 });
    const values = new Map([['building:b-1001', await readTargetValues(profileId, job!.id, target)]]);
    const file = backupDocument(job!, values, new Date(oldBackup.finishedAt)) as {
      targets: { slots: { slot: number; title: string }[] }[];
    };
    expect(file.targets[0]?.slots[0]).toMatchObject({ slot: 1, title: 'Alt' });
    expect(file.targets[0]?.slots).toHaveLength(10);
  });
});
