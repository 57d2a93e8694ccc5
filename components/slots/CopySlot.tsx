/**
 * "Copy this slot to…": the slot's title and data as shown (saying when they were read, or that
 * they are the unsaved edit) into the same (or another) slot of chosen buildings and factories.
 * Each target is checked at write time; one Confirm starts one job across the targets (conflict
 * checks, history, Undo), as a restore does. Its state is one model (copy-slot-model.ts).
 */
import { useModel } from '@preact/signals';
import { useEffect, useId, useRef } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { valueOf } from '../../lib/loadable';
import { slotNumbers } from '../../lib/slots/validate';
import { ErrorNotice } from '../ErrorNotice';
import { showResult } from '../in-view';
import { JobProgress } from '../import/JobProgress';
import { TargetPreview } from '../import/TargetPreview';
import { ProblemList } from '../import/ProblemList';
import { JobModel } from '../jobs/job-model';
import { type CopyOption, CopyChecklist } from './CopyChecklist';
import { CopySlotModel } from './copy-slot-model';
import { Time } from '../shared/time';
import type { PageContext } from '../page/context';

interface CopySlotProps {
  page: PageContext;
  option: number;
  content: { title: string; data: string };
  /** When the value shown was read (epoch ms); null when it is the user's unsaved edit. */
  readAt: number | null;
  options: readonly CopyOption[];
  onClose: () => void;
}

export function CopySlot({ page, option, content, readAt, options, onClose }: CopySlotProps) {
  const { send, profileId } = page;
  const ids = { heading: useId(), slot: useId() };
  const copy = useModel(() => new CopySlotModel(send, options, option));
  // The job this panel starts, followed while the panel is open.
  const jobs = useModel(() => new JobModel(send, profileId));
  const step = copy.step.value;

  const followed = jobs.job.value;
  const job = followed && copy.mine.value.has(followed.id) ? followed : null;
  // The preview, then the job it started, is brought into view and focused as it appears.
  const result = useRef<HTMLDivElement>(null);
  // Opened below the slot's buttons, often below the fold (the popup): its heading comes into view.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.scrollIntoView({ block: 'start' }), []);
  const shown = step.kind === 'preview' ? 'preview' : (job?.id ?? null);
  useEffect(() => {
    if (shown) showResult(result.current);
  }, [shown]);
  return (
    <section class="copy" aria-labelledby={ids.heading} ref={panel}>
      <h3 id={ids.heading}>{t('copy_heading', String(option))}</h3>
      <p class="hint">
        {readAt === null ? (
          t('copy_valueEdited')
        ) : (
          <Time ms={readAt} label={(relative) => t('copy_valueShown', relative)} />
        )}
      </p>
      <CopyChecklist options={options} chosen={copy.chosen.value} onChange={copy.choose} />
      <div class="field">
        <label for={ids.slot}>{t('copy_slot')}</label>
        <select
          id={ids.slot}
          value={String(copy.into.value)}
          onChange={(e) => copy.setInto(Number(e.currentTarget.value))}
        >
          {slotNumbers(page.premium.value).map((n) => (
            <option key={n} value={String(n)}>
              {`Slot ${n}`}
            </option>
          ))}
        </select>
      </div>
      <div class="actions">
        <button
          type="button"
          class="button"
          aria-disabled={step.kind === 'checking' ? 'true' : undefined}
          onClick={() => void copy.preview(content)}
        >
          {t('copy_preview')}
        </button>
        <button type="button" class="button button--quiet" onClick={onClose}>
          {t('copy_close')}
        </button>
      </div>
      {copy.noneChosen.value && (
        <p class="field-error" role="alert">
          {t('copy_chooseOne')}
        </p>
      )}
      {copy.problems.value.length > 0 && <ProblemList problems={copy.problems.value} />}
      {copy.error.value && <ErrorNotice error={copy.error.value} />}
      <div class="copy__result" ref={result} tabIndex={-1}>
        {step.kind === 'preview' && (
          <TargetPreview
            preview={step.preview}
            buildings={valueOf(page.buildings.list.value)}
            factories={page.factories.all.value}
            heading={t('copy_heading', String(option))}
            starting={jobs.busy.value === 'starting'}
            onReadCurrent={() => void copy.preview(content, true)}
            onConfirm={(chosen) => void jobs.startTargets(chosen, copy.back, 'copy').then(copy.remember)}
            onCancel={copy.back}
          />
        )}
        {jobs.actionError.value && <ErrorNotice error={jobs.actionError.value} />}
        {job && (
          <JobProgress
            job={job}
            undoing={jobs.busy.value === 'undoing'}
            onUndo={job.kind === 'undo' ? undefined : () => void jobs.undo().then(copy.remember)}
            cancelling={jobs.busy.value === 'cancelling'}
            onCancel={() => void jobs.cancel()}
            resuming={jobs.busy.value === 'resuming'}
            onResume={() => void jobs.resume()}
            onResolve={(item, choice) => void jobs.resolve(item, choice)}
            onResolveAll={(choice) => void jobs.resolveAll(choice)}
            settling={jobs.busy.value === 'settling'}
            buildings={valueOf(page.buildings.list.value)}
            factories={page.factories.all.value}
          />
        )}
      </div>
    </section>
  );
}
