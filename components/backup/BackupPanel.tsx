/**
 * "Back up everything": one action, then the job's progress (a progress bar with its label, "84 of
 * 240 slots", the time left at the key's budget), Cancel, Resume when the server's wait paused it,
 * the targets left out of the file, and the finished file to download (again, until the next
 * backup or sign-out).
 */
import { useEffect, useId, useRef } from 'preact/hooks';
import { minutesFor } from '../../lib/backup/backup-plan';
import { t } from '../../lib/i18n';
import type { Send } from '../../lib/messaging/page-client';
import type { BackupJob, BackupTarget } from '../../lib/storage/backup-jobs';
import { ErrorNotice } from '../ErrorNotice';
import { showResult } from '../in-view';
import { type Backup, useBackup } from '../jobs/backup-model';
import { type PauseWords, pausedText } from '../jobs/pause-text';

const nameOf = (target: BackupTarget) => target.name ?? `${target.target.kind} ${target.target.id}`;

/** What the result says of a target that is not (fully) in the file; null for a complete one. */
function targetNote(target: BackupTarget): string | null {
  const name = nameOf(target);
  switch (target.outcome) {
    case 'notOwned':
      return t('backup_target_notOwned', name);
    case 'premium':
      return t('backup_target_premium', name);
    case 'failed':
      return t('backup_target_failed', [name, target.message ?? '']);
    default:
      return target.limited ? t('backup_target_basic', name) : null;
  }
}

const BACKUP_PAUSE: PauseWords = {
  paused: 'backup_paused',
  long: 'backup_pausedLong',
  impossible: 'backup_pausedImpossible',
};

function Progress({ job }: { job: BackupJob }) {
  const labelId = useId();
  const minutes = minutesFor(job.toRead, job.perMinute);
  return (
    <>
      <p id={labelId}>{t('backup_progressLabel')}</p>
      <progress class="job__bar" max={job.total} value={job.settled} aria-labelledby={labelId} />
      <p class="hint" role="status">
        {job.state === 'paused'
          ? pausedText(job.pause, job.createdAt, job, BACKUP_PAUSE)
          : t('backup_progress', [String(job.settled), String(job.total)])}
        {job.state === 'running' &&
          minutes > 0 &&
          ` · ${t('backup_estimate', [String(minutes), String(job.perMinute)])}`}
      </p>
    </>
  );
}

function Outcome({ job }: { job: BackupJob }) {
  const done = job.targets.filter((target) => target.outcome === 'done').length;
  const notes = [
    ...(job.leftOut ?? []).map((left) =>
      t('backup_target_leftOut', [left.name ?? `${left.kind} ${left.id}`, left.id, left.reason]),
    ),
    ...job.targets.flatMap((target) => {
      const note = targetNote(target);
      return note ? [note] : [];
    }),
  ];
  return (
    <>
      <p role="status">
        {job.state === 'finished'
          ? t('backup_finished', [String(done), String(job.requests)])
          : job.state === 'cancelled'
            ? t('backup_cancelled')
            : t('backup_failed', job.error ?? '')}
      </p>
      {notes.length > 0 && (
        <ul aria-label={t('backup_notInFile')}>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </>
  );
}

export interface BackupPanelProps {
  send: Send;
  profileId: string;
  /** The page's backup, shared with its job bar; by default the panel follows its own. */
  backup?: Backup;
}

export function BackupPanel({ send, profileId, backup }: BackupPanelProps) {
  return backup ? <BackupView backup={backup} /> : <OwnBackup send={send} profileId={profileId} />;
}

function OwnBackup({ send, profileId }: { send: Send; profileId: string }) {
  return <BackupView backup={useBackup(send, profileId)} />;
}

/** Resume (a paused backup) and Cancel, side by side. */
function JobActions({ job, backup }: { job: BackupJob; backup: Backup }) {
  const busy = backup.busy.value ? 'true' : undefined;
  return (
    <div class="actions">
      {job.state === 'paused' && (
        <button type="button" class="button" aria-disabled={busy} onClick={() => void backup.resume(job.id)}>
          {t('backup_resume')}
        </button>
      )}
      <button type="button" class="button" aria-disabled={busy} onClick={() => void backup.cancel(job.id)}>
        {t('backup_cancel')}
      </button>
    </div>
  );
}

function BackupView({ backup }: { backup: Backup }) {
  const headingId = useId();
  const progress = useRef<HTMLDivElement>(null);
  const job = backup.job.value;
  const busy = backup.busy.value;
  const error = backup.error.value;
  // A paused backup is still under way: its progress stays, with Resume beside Cancel.
  const underWay = job?.state === 'running' || job?.state === 'paused';
  const runningId = job?.state === 'running' ? job.id : null;
  // A backup started while the panel is shown: its progress replaces the button and takes the focus.
  const seen = useRef(runningId);
  useEffect(() => {
    if (runningId && runningId !== seen.current) showResult(progress.current);
    seen.current = runningId;
  }, [runningId]);
  return (
    <section class="backup" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('backup_heading')}</h3>
      <p class="hint">{t('backup_intro')}</p>
      {!underWay && (
        <button
          type="button"
          class="button"
          aria-disabled={busy ? 'true' : undefined}
          onClick={() => void backup.start()}
        >
          {t('backup_start')}
        </button>
      )}
      {job && underWay && (
        <div class="backup__progress" ref={progress} tabIndex={-1}>
          <Progress job={job} />
          <JobActions job={job} backup={backup} />
        </div>
      )}
      {job && !underWay && <Outcome job={job} />}
      {job?.state === 'finished' && job.targets.some((target) => target.outcome === 'done') && (
        <button
          type="button"
          class="button button--primary"
          aria-disabled={busy ? 'true' : undefined}
          onClick={() => void backup.download()}
        >
          {t('backup_download')}
        </button>
      )}
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
