/**
 * "Copy this slot to…": the slot's title and data into the same (or another) slot of chosen
 * buildings and factories. The preview reads what each target holds now; one Confirm starts one
 * job across the targets (conflict checks, history, Undo), as a restore does.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { valueOf } from '../../lib/loadable';
import { slotNumbers } from '../../lib/slots/validate';
import { ErrorNotice } from '../ErrorNotice';
import { showResult } from '../in-view';
import { JobProgress } from '../import/JobProgress';
import { type ReadyTargets, TargetPreview } from '../import/TargetPreview';
import { ProblemList } from '../import/ProblemList';
import { useImportJob } from '../import/import-job-model';
import { type CopyOption, CopyChecklist, optionKey } from './CopyChecklist';
import type { Workspace } from './workspace';

interface CopySlotProps {
  workspace: Workspace;
  option: number;
  content: { title: string; data: string };
  options: readonly CopyOption[];
  onClose: () => void;
}

type Step = { kind: 'choose' } | { kind: 'checking' } | { kind: 'preview'; preview: ReadyTargets };

export function CopySlot({ workspace, option, content, options, onClose }: CopySlotProps) {
  const { send, profileId } = workspace.page;
  const ids = { heading: useId(), slot: useId() };
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [into, setInto] = useState(option);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<AppError | null>(null);
  const [problems, setProblems] = useState<{ path: string; message: string }[]>([]);
  const [noneChosen, setNoneChosen] = useState(false);
  const [mine, setMine] = useState<ReadonlySet<string>>(new Set());
  const jobs = useImportJob(send, profileId);
  const remember = (id: string | undefined) => id && setMine((before) => new Set(before).add(id));
  const targets = options.filter((o) => chosen.has(optionKey(o.target))).map((o) => o.target);

  /** The plan of the copy: slots freshly cached shown as of then; others read only when asked. */
  const preview = async (read = false) => {
    setError(null);
    setProblems([]);
    setNoneChosen(targets.length === 0);
    if (targets.length === 0) return;
    setStep({ kind: 'checking' });
    const document = { targets: targets.map((target) => ({ target, slots: [{ slot: into, ...content }] })) };
    const answer = await send('previewTargets', { document, ...(read ? { read } : {}) });
    if (!answer.ok) return (setError(answer.error), setStep({ kind: 'choose' }));
    if (answer.value.status === 'problems')
      return (setProblems(answer.value.problems), setStep({ kind: 'choose' }));
    setStep({ kind: 'preview', preview: answer.value });
  };

  const followed = jobs.job.value;
  const job = followed && mine.has(followed.id) ? followed : null;
  // The preview, then the job it started, is brought into view and focused as it appears.
  const result = useRef<HTMLDivElement>(null);
  const shown = step.kind === 'preview' ? 'preview' : (job?.id ?? null);
  useEffect(() => {
    if (shown) showResult(result.current);
  }, [shown]);
  return (
    <section class="copy" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>{t('copy_heading', String(option))}</h3>
      <CopyChecklist options={options} chosen={chosen} onChange={setChosen} />
      <div class="field">
        <label for={ids.slot}>{t('copy_slot')}</label>
        <select id={ids.slot} value={String(into)} onChange={(e) => setInto(Number(e.currentTarget.value))}>
          {slotNumbers(workspace.premium.value).map((n) => (
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
          onClick={() => void preview()}
        >
          {t('copy_preview')}
        </button>
        <button type="button" class="button button--quiet" onClick={onClose}>
          {t('copy_close')}
        </button>
      </div>
      {noneChosen && (
        <p class="field-error" role="alert">
          {t('copy_chooseOne')}
        </p>
      )}
      {problems.length > 0 && <ProblemList problems={problems} />}
      {error && <ErrorNotice error={error} />}
      <div class="copy__result" ref={result} tabIndex={-1}>
        {step.kind === 'preview' && (
          <TargetPreview
            preview={step.preview}
            buildings={valueOf(workspace.buildings.value)}
            factories={workspace.page.factories.all.value}
            heading={t('copy_heading', String(option))}
            starting={jobs.busy.value === 'starting'}
            onReadCurrent={() => void preview(true)}
            onConfirm={(chosen) =>
              void jobs.startTargets(chosen, () => setStep({ kind: 'choose' })).then(remember)
            }
            onCancel={() => setStep({ kind: 'choose' })}
          />
        )}
        {jobs.actionError.value && <ErrorNotice error={jobs.actionError.value} />}
        {job && (
          <JobProgress
            job={job}
            undoing={jobs.busy.value === 'undoing'}
            onUndo={job.kind === 'import' ? () => void jobs.undo().then(remember) : undefined}
            cancelling={jobs.busy.value === 'cancelling'}
            onCancel={() => void jobs.cancel()}
            resuming={jobs.busy.value === 'resuming'}
            onResume={() => void jobs.resume()}
            onResolve={(item, choice) => void jobs.resolve(item, choice)}
            buildings={valueOf(workspace.buildings.value)}
            factories={workspace.page.factories.all.value}
          />
        )}
      </div>
    </section>
  );
}
