/**
 * The profile's backup as the worker stores it, followed through storage changes, and what can be
 * done with it: start, cancel, download the finished file (again, until the next backup).
 */
import { useEffect, useState } from 'preact/hooks';
import type { AppError } from '../../lib/app-error';
import type { Send } from '../../lib/messaging/client';
import { type BackupJob, backupFamily } from '../../lib/storage/backup-jobs';
import { download } from '../import/download';

export type BackupBusy = 'starting' | 'cancelling' | 'downloading' | null;

export function useBackup(send: Send, profileId: string) {
  const [job, setJob] = useState<BackupJob | null>(null);
  const [busy, setBusy] = useState<BackupBusy>(null);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    let live = true;
    // A stored change is always newer than the first answer, which may arrive after it.
    let changed = false;
    void send('getBackup', {}).then((answer) => {
      if (live && !changed && answer.ok) setJob(answer.value);
    });
    const stop = backupFamily.watch(profileId, (_parts, value) => {
      if (!live) return;
      changed = true;
      setJob((current) => (value ? value : current && current.id !== _parts[0] ? current : null));
    });
    return () => {
      live = false;
      stop();
    };
  }, [send, profileId]);

  const act = async (kind: Exclude<BackupBusy, null>, run: () => Promise<AppError | null>) => {
    if (busy) return;
    setBusy(kind);
    setError(null);
    setError(await run());
    setBusy(null);
  };

  return {
    job,
    busy,
    error,
    start: () =>
      act('starting', async () => {
        const answer = await send('startBackup', {});
        if (!answer.ok) return answer.error;
        setJob(answer.value);
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
}
