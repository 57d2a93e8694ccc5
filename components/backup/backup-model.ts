/**
 * The profile's backup as the worker stores it, followed through storage changes, and what can be
 * done with it: start, cancel, download the finished file (again, until the next backup).
 */
import { createModel, effect, signal, useModel } from '@preact/signals';
import type { AppError } from '../../lib/app-error';
import type { Send } from '../../lib/messaging/page-client';
import { type BackupJob, backupFamily } from '../../lib/storage/backup-jobs';
import { download } from '../shared/json-download';

export type BackupBusy = 'starting' | 'cancelling' | 'downloading' | null;

export const BackupModel = createModel((send: Send, profileId: string) => {
  const job = signal<BackupJob | null>(null);
  const busy = signal<BackupBusy>(null);
  const error = signal<AppError | null>(null);

  // Disposed with the model: the stored job is followed while the view that made it is there.
  effect(() => {
    let live = true;
    // A stored change is always newer than the first answer, which may arrive after it.
    let changed = false;
    void send('getBackup', {}).then((answer) => {
      if (live && !changed && answer.ok) job.value = answer.value;
    });
    const stop = backupFamily.watch(profileId, (parts, value) => {
      if (!live) return;
      changed = true;
      const current = job.peek();
      job.value = value ? value : current && current.id !== parts[0] ? current : null;
    });
    return () => {
      live = false;
      stop();
    };
  });

  const act = async (kind: Exclude<BackupBusy, null>, run: () => Promise<AppError | null>) => {
    if (busy.peek()) return;
    busy.value = kind;
    error.value = null;
    error.value = await run();
    busy.value = null;
  };

  return {
    job,
    busy,
    error,
    start: () =>
      act('starting', async () => {
        const answer = await send('startBackup', {});
        if (!answer.ok) return answer.error;
        job.value = answer.value;
        return null;
      }),
    cancel: (id: string) =>
      act('cancelling', async () => {
        const answer = await send('cancelBackup', { id });
        return answer.ok ? null : answer.error;
      }),
    download: () =>
      act('downloading', async () => {
        const answer = await send('getBackupFile', {});
        if (!answer.ok) return answer.error;
        download(answer.value.name, JSON.stringify(answer.value.document, null, 2));
        return null;
      }),
  };
});

export type Backup = InstanceType<typeof BackupModel>;

/** The backup of this view's profile, disposed with the view. */
export const useBackup = (send: Send, profileId: string): Backup =>
  useModel(() => new BackupModel(send, profileId));
