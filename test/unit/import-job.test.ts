/** Stored jobs: one key per profile and job, each parsed alone, so one of an older or corrupt shape drops alone. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Target } from '../../lib/api/schemas';
import { newJob, refusedClears, settleJob, undoSlots } from '../../lib/jobs/job';
import { jobFamily, readJob, readJobs, saveJob } from '../../lib/storage/jobs';

const target: Target = { kind: 'building', id: 'b-1001' };
const P = 'p-1';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('job list', () => {
  it('keeps every valid job when one stored job is of an older shape or corrupt', async () => {
    const a = newJob(P, 'import', target, [{ slot: 1, title: 'a', data: '' }]);
    const b = {
      ...newJob(P, 'import', target, [{ slot: 2, title: 'b', data: '' }]),
      createdAt: a.createdAt + 1,
    };
    await saveJob(a);
    await saveJob(b);
    const older = { id: 'old-1', target, items: [{ slot: 1, status: 'done' }] };
    await fakeBrowser.storage.local.set({
      [jobFamily.key(P, 'old-1')]: { v: 1, value: older },
      [jobFamily.key(P, 'garbage')]: 'garbage',
      [jobFamily.key(P, 'null')]: null,
    });
    expect((await readJobs(P)).map((j) => j.id)).toEqual([b.id, a.id]);
    const left = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(left).toSorted()).toEqual([jobFamily.key(P, a.id), jobFamily.key(P, b.id)].toSorted());
  });

  it('a save after reading such a list keeps the valid jobs, undo backups included', async () => {
    const done = settleJob(
      newJob(P, 'import', target, [{ slot: 1, title: 'a', data: '' }]),
      'finished',
      'failed',
    );
    await saveJob(done);
    await fakeBrowser.storage.local.set({ [jobFamily.key(P, 'bad')]: { v: 1, value: { broken: true } } });
    const next = {
      ...newJob(P, 'import', target, [{ slot: 3, title: 'c', data: '' }]),
      createdAt: done.createdAt + 1,
    };
    await saveJob(next);
    expect((await readJobs(P)).map((j) => j.id)).toEqual([next.id, done.id]);
    expect(await readJob(P, done.id)).toEqual(done);
  });

  it('reads a job key holding anything but a job as no job', async () => {
    await fakeBrowser.storage.local.set({
      [jobFamily.key(P, 'x')]: { 0: 'x' },
      [jobFamily.key(P, 'y')]: { v: 1, value: ['not', 'a', 'job'] },
    });
    expect(await readJob(P, 'x')).toBeUndefined();
    expect(await readJob(P, 'y')).toBeUndefined();
    expect(await readJobs(P)).toEqual([]);
  });

  it("lists only the profile's own jobs", async () => {
    const mine = newJob(P, 'import', target, [{ slot: 1, title: 'a', data: '' }]);
    const theirs = newJob('p-2', 'import', target, [{ slot: 1, title: 'b', data: '' }]);
    await saveJob(mine);
    await saveJob(theirs);
    expect((await readJobs(P)).map((j) => j.id)).toEqual([mine.id]);
    expect(await readJob(P, theirs.id)).toBeUndefined();
  });

  it('an undo expects each slot to still hold what the import wrote', () => {
    const job = newJob(P, 'import', target, [{ slot: 1, title: 'new', data: 'N' }]);
    const imported = {
      ...job,
      state: 'finished' as const,
      items: job.items.map((i) => ({
        ...i,
        status: 'done' as const,
        previous: { title: 'old', data: 'O', lastUpdated: null },
      })),
    };
    expect(undoSlots(imported)).toEqual([
      { slot: 1, title: 'old', data: 'O', expected: { title: 'new', data: 'N' } },
    ]);
  });
});

describe('refusedClears', () => {
  it('names the slots of a job across targets whose clearing the server refused as empty, and no other failure', () => {
    const factory: Target = { kind: 'factory', id: 'f-501' };
    const job = newJob(P, 'import', target, [
      { target, slot: 1, title: '', data: '' },
      { target: factory, slot: 7, title: '', data: '' },
      { target, slot: 2, title: '', data: '' },
      { target, slot: 3, title: 'x', data: 'y' },
    ]);
    const errors = [
      'validation: The title field is required.',
      'validation: Titel ist erforderlich',
      'validation: at most 64 characters',
      'validation: The title field is required.',
    ];
    const settled = {
      ...job,
      items: job.items.map((item, i) => ({ ...item, status: 'failed' as const, error: errors[i] })),
    };
    expect(refusedClears(settled).map((item) => [item.target.id, item.slot])).toEqual([
      ['b-1001', 1],
      ['f-501', 7],
    ]);
  });
});
