/**
 * The profile's backup as the worker stores it, followed through storage only (read once, then each
 * change), and what can be done with it: start, cancel, resume a paused one, download the finished
 * file (again, until the next backup), and its line in the editor's job bar.
 */
import { computed, createModel, effect, signal, useModel } from '@preact/signals';
import type { AppError } from '../../lib/app-error';
import { minutesFor } from '../../lib/backup/backup-plan';
import { t } from '../../lib/i18n';
import type { Send } from '../../lib/messaging/page-client';
import { type BackupJob, backupFamily, readBackup } from '../../lib/storage/backup-jobs';
import { download } from '../shared/json-download';
import type { BarJob } from './JobBar';

export type BackupBusy = 'starting' | 'cancelling' | 'resuming' | 'downloading' | null;

export const BackupModel = createModel((send: Send, profileId: string) => {
  const job = signal<BackupJob | null>(null);
  const busy = signal<BackupBusy>(null);
  const error = signal<AppError | null>(null);

  // Disposed with the model: the stored job is followed while the view that made it is there.
  effect(() => {
    let live = true;
    // A stored change is always newer than the first answer, which may arrive after it.
    let changed = false;
    void readBackup(profileId).then((stored) => {
      if (live && !changed) job.value = stored;
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

  const cancel = (id: string) =>
    act('cancelling', async () => {
      const answer = await send('cancelBackup', { id });
      return answer.ok ? null : answer.error;
    });

  /** Goes on with a backup paused by the server's wait: the worker reads only the slots it lacks. */
  const resume = (id: string) =>
    act('resuming', async () => {
      const answer = await send('resumeBackup', { id });
      return answer.ok ? null : answer.error;
    });

  return {
    job,
    busy,
    error,
    /** The running (or paused) backup's line in the job bar; null while none. */
    bar: computed<BarJob<'backup'> | null>(() => {
      const running = job.value;
      if (running?.state !== 'running' && running?.state !== 'paused') return null;
      const minutes = running.state === 'paused' ? 0 : minutesFor(running.toRead, running.perMinute);
      return {
        key: 'backup',
        what: t('jobbar_backup'),
        settled: running.settled,
        total: running.total,
        minutesLeft: minutes > 0 ? minutes : null,
        cancelling: busy.value === 'cancelling',
        cancel: () => void cancel(running.id),
        section: 'backup',
      };
    }),
    start: () =>
      act('starting', async () => {
        // The job it starts arrives as stored, as every step after it.
        const answer = await send('startBackup', {});
        return answer.ok ? null : answer.error;
      }),
    cancel,
    resume,
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
