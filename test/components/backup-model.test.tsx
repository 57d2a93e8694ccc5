/**
 * The backup's model as the editor's job bar reads it: a running backup's line with its time left,
 * a paused one's without (it waits for Resume), none once it ended; following the stored job only.
 */
import { waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BackupModel } from '../../components/jobs/backup-model';
import type { Send } from '../../lib/messaging/page-client';
import { saveBackup } from '../../lib/storage/backup-jobs';
import { runningBackup } from './fixtures';

const P = 'p-1';

const job = runningBackup;

beforeEach(() => fakeBrowser.reset());

describe('BackupModel', () => {
  it('gives the job bar a running backup with its time left, a paused one without, and none once ended', async () => {
    const send = vi.fn(async () => ({
      ok: false,
      error: { kind: 'internal', message: 'unused' },
    })) as unknown as Send;
    await saveBackup(job());
    const model = new BackupModel(send, P);
    await waitFor(() =>
      expect(model.bar.value).toMatchObject({ what: 'Backup', settled: 84, total: 240, minutesLeft: 16 }),
    );
    await saveBackup(job({ state: 'paused', pause: { waitMs: 720_000, resumeAt: 2 } }));
    await waitFor(() =>
      expect(model.bar.value).toMatchObject({ settled: 84, total: 240, minutesLeft: null }),
    );
    await saveBackup(job({ state: 'cancelled', finishedAt: 3 }));
    await waitFor(() => expect(model.bar.value).toBeNull());
    expect(send).not.toHaveBeenCalled();
    model[Symbol.dispose]();
  });
});
