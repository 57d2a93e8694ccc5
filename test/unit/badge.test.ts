/**
 * The toolbar badge: the progress of every running job (imports and backups together), the wait
 * counted down while the request budget is spent, nothing once no job runs; it follows the stored
 * jobs as they change and as they were stored when the worker starts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Target } from '../../lib/api/schemas';
import { badgeText, createBadge } from '../../lib/badge';
import { newJob, progressOf } from '../../lib/jobs/job';
import { type BackupJob, backupFamily, saveBackup } from '../../lib/storage/backup-jobs';
import { jobFamily, saveJob } from '../../lib/storage/jobs';

const target: Target = { kind: 'building', id: 'b-1001' };
const NOW = 1_700_000_000_000;

function backup(profileId: string, settled: number, total: number): BackupJob {
  return {
    id: `backup-${profileId}`,
    profileId,
    profileName: profileId,
    createdAt: NOW,
    state: 'running',
    settled,
    total,
    requests: 0,
    toRead: total - settled,
    perMinute: 10,
    targets: [],
  };
}

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('badgeText', () => {
  it('adds up the running jobs, counts a wait down, and is empty without jobs', () => {
    const jobs = [
      { settled: 2, total: 5 },
      { settled: 30, total: 240 },
    ];
    expect(badgeText(jobs, 0, NOW)).toBe('32/245');
    expect(badgeText(jobs, NOW + 11_200, NOW)).toBe('12s');
    expect(badgeText([], NOW + 11_200, NOW)).toBe('');
  });
});

describe('createBadge', () => {
  it('follows stored imports and backups of every profile, and clears when they end', async () => {
    const shown: string[] = [];
    const badge = createBadge({ setText: async (text) => void shown.push(text), waitingUntil: () => 0 });
    const running = newJob('p-1', 'import', target, [
      { slot: 1, title: 'a', data: '' },
      { slot: 2, title: 'b', data: '' },
    ]);
    await saveJob(running);
    // Stored before the worker started: loaded once.
    const loadImports = badge.follow('import', jobFamily, progressOf);
    const loadBackups = badge.follow('backup', backupFamily, (job) => job);
    await Promise.all([loadImports(['p-1', 'p-2']), loadBackups(['p-1', 'p-2'])]);
    expect(shown.at(-1)).toBe('0/2');

    await saveBackup(backup('p-2', 40, 200));
    await vi.waitFor(() => expect(shown.at(-1)).toBe('40/202'), { timeout: 10_000 });
    const done = running.items.map((item) => ({ ...item, status: 'done' as const }));
    await saveJob({ ...running, items: done, state: 'finished' });
    await vi.waitFor(() => expect(shown.at(-1)).toBe('40/200'), { timeout: 10_000 });
    await saveBackup({ ...backup('p-2', 200, 200), state: 'finished' });
    await vi.waitFor(() => expect(shown.at(-1)).toBe(''), { timeout: 10_000 });
  });

  it('counts the wait down each second while a job waits for the request budget', async () => {
    vi.useFakeTimers({ now: NOW });
    const shown: string[] = [];
    let until = NOW + 3_000;
    const badge = createBadge({ setText: async (text) => void shown.push(text), waitingUntil: () => until });
    await badge.jobs('backup', [{ settled: 1, total: 10 }]);
    await vi.advanceTimersByTimeAsync(2_000);
    until = 0;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(shown).toEqual(['3s', '2s', '1s', '1/10']);
    // No job, no ticker: nothing more is shown.
    await badge.jobs('backup', []);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(shown).toEqual(['3s', '2s', '1s', '1/10', '']);
  });
});
