/** A running or finished import (or undo) as stored by the worker: progress bar and per-slot results. */
import { useId } from 'preact/hooks';
import type { BuildingListEntry, Target } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import { itemKey, progressOf, refusedClears } from '../../lib/jobs/job';
import { statusText, summary } from './job-text';
import { DEFAULT_PLACEHOLDER } from '../../lib/slots/clearing';
import { nameTarget } from './target-name';
import { type Job, type JobItem } from '../../lib/storage/jobs';
import { localDateTime } from '../date-format';
import { type ConflictVoice, ConflictList } from './ConflictList';
import { conflictsOf } from '../jobs/conflicts';
import type { ConflictChoice } from '../jobs/job-model';

/** The account's buildings and factories, to name a job's targets as the pickers do. */
export interface TargetNames {
  buildings?: readonly BuildingListEntry[] | null;
  factories?: readonly { id: string; name: string }[];
}

const labelOf = (target: Target, names: TargetNames) =>
  nameTarget(target, names.buildings ?? null, names.factories ?? []).label;

/** "Slot 3", or across targets "Haus Müllerstraße, slot 3" ("Building b-1001, slot 3" when not listed). */
function slotLabel(item: JobItem, names: TargetNames): string {
  if (!item.target) return t('import_slot', String(item.slot));
  return t('targets_jobSlot', [labelOf(item.target, names), String(item.slot)]);
}

export interface JobProgressProps extends TargetNames {
  job: Job;
  onUndo?: () => void;
  undoing?: boolean;
  onCancel?: () => void;
  cancelling?: boolean;
  /** Goes on with a job paused by the server's wait. */
  onResume?: () => void;
  resuming?: boolean;
  /** Settles a slot in conflict, as part of the job: write its value anyway, or keep the later value. */
  onResolve?: (item: JobItem, choice: ConflictChoice) => void;
  /** Settles every slot in conflict with one choice (not a document's: it is written whole). */
  onResolveAll?: (choice: ConflictChoice) => void;
  /** A choice for all is being written. */
  settling?: boolean;
  /** Whose words the conflicts speak: a restore's ("In the backup") or an edit's ("Yours"). */
  voice?: ConflictVoice;
  /** Writes the slots the server refused to clear with empty text with the placeholder instead. */
  onClearWithPlaceholder?: () => void;
}

/** After the server refused to clear slots with empty text: says so and offers the placeholder. */
function ClearOffer({ count, onClear }: { count: number; onClear: () => void }) {
  if (count === 0) return null;
  return (
    <div class="notice" role="alert">
      <p>{t('targets_emptyRefused', [String(count), DEFAULT_PLACEHOLDER])}</p>
      <button type="button" class="button" onClick={onClear}>
        {t('slot_clearWithPlaceholder', DEFAULT_PLACEHOLDER)}
      </button>
    </div>
  );
}

export function JobProgress({
  job,
  onUndo,
  undoing = false,
  onCancel,
  cancelling = false,
  onResume,
  resuming = false,
  onResolve,
  onResolveAll,
  settling = false,
  voice = 'edit',
  onClearWithPlaceholder,
  ...names
}: JobProgressProps) {
  const id = useId();
  const { settled, total } = progressOf(job);
  const count = (status: JobItem['status']) => String(job.items.filter((i) => i.status === status).length);
  const running = job.state === 'running';
  const paused = job.state === 'paused';
  const label = job.kind === 'undo' ? t('import_undoProgress') : t('import_progress');
  const conflicts = conflictsOf(job.items);
  return (
    <section class="job" aria-labelledby={id}>
      <h3 id={id}>{label}</h3>
      <progress class="job__bar" max={total} value={settled} aria-label={label} />
      <p class="hint" role="status">
        {summary(job, count)}
      </p>
      {paused && onResume && (
        <button
          type="button"
          class="button"
          aria-disabled={resuming ? 'true' : undefined}
          onClick={() => {
            if (!resuming) onResume();
          }}
        >
          {job.kind === 'undo' ? t('import_resumeUndo') : t('import_resumeJob')}
        </button>
      )}
      {(running || paused) && onCancel && (
        <button
          type="button"
          class="button"
          aria-disabled={cancelling ? 'true' : undefined}
          onClick={() => {
            if (!cancelling) onCancel();
          }}
        >
          {job.kind === 'undo' ? t('import_cancelUndo') : t('import_cancelJob')}
        </button>
      )}
      <ol class="job__items" aria-label={t('import_results')}>
        {job.items.map((item) => (
          <li key={itemKey(item)} class={`job__item job__item--${item.status}`}>
            <span class="job__slot">{slotLabel(item, names)}</span>{' '}
            <span class="job__status">{statusText(item)}</span>
          </li>
        ))}
      </ol>
      {onResolve && !running && !paused && conflicts.length > 0 && (
        <ConflictList
          conflicts={conflicts}
          voice={voice}
          targetLabel={(item) => (item.target ? labelOf(item.target, names) : undefined)}
          onResolve={onResolve}
          onResolveAll={job.finalSlot === undefined ? onResolveAll : undefined}
          settling={settling}
        />
      )}
      {!running && !paused && onClearWithPlaceholder && (
        <ClearOffer count={refusedClears(job).length} onClear={onClearWithPlaceholder} />
      )}
      {job.undoGone && (
        <p class="hint">{t('import_undoGone', localDateTime(new Date(job.createdAt).toISOString()))}</p>
      )}
      {!running &&
        !paused &&
        !job.undoGone &&
        job.kind !== 'undo' &&
        onUndo &&
        job.items.some((i) => i.status === 'done') && (
          <button
            type="button"
            class="button"
            aria-disabled={undoing ? 'true' : undefined}
            onClick={() => {
              if (!undoing) onUndo();
            }}
          >
            {t('import_undo')}
          </button>
        )}
    </section>
  );
}
