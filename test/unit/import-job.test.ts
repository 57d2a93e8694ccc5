/** The stored job list: parsed job by job, so one job of an older or corrupt shape drops alone. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Target } from '../../lib/api/schemas';
import { JOBS_KEY, jobsFrom, newJob, readJobs, saveJob, settleJob, undoSlots } from '../../lib/import/job';

const target: Target = { kind: 'building', id: 'b-1001' };

beforeEach(() => {
  fakeBrowser.reset();
});

describe('job list', () => {
  it('keeps every valid job when one stored job is of an older shape or corrupt', async () => {
    const a = newJob('import', target, [{ slot: 1, title: 'a', data: '' }]);
    const b = newJob('import', target, [{ slot: 2, title: 'b', data: '' }]);
    const older = { id: 'old-1', target, items: [{ slot: 1, status: 'done' }] };
    await fakeBrowser.storage.local.set({ [JOBS_KEY]: [a, older, 'garbage', null, b] });
    expect((await readJobs()).map((j) => j.id)).toEqual([a.id, b.id]);
  });

  it('a save after reading such a list keeps the valid jobs, undo backups included', async () => {
    const done = settleJob(
      newJob('import', target, [{ slot: 1, title: 'a', data: '' }]),
      'finished',
      'failed',
    );
    await fakeBrowser.storage.local.set({ [JOBS_KEY]: [{ broken: true }, done] });
    const next = newJob('import', target, [{ slot: 3, title: 'c', data: '' }]);
    await saveJob(next);
    expect((await readJobs()).map((j) => j.id)).toEqual([next.id, done.id]);
  });

  it('reads anything but a list as no jobs', () => {
    expect(jobsFrom(undefined)).toEqual([]);
    expect(jobsFrom({ 0: 'x' })).toEqual([]);
  });

  it('an undo expects each slot to still hold what the import wrote', () => {
    const job = newJob('import', target, [{ slot: 1, title: 'new', data: 'N' }]);
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
