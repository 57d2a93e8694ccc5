/**
 * Import and export in the full editor: a document from a file, a drop or a paste (or handed over
 * by the popup or the context menu) is checked and previewed by the worker; one Confirm starts the
 * job there. Progress follows the job as stored, so it survives closing and reopening this page.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { BuildingListEntry, PageOption, Target } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import { MAX_IMPORT_BYTES, capProblems, fileTooLarge, sizeProblem } from '../../lib/import/format';
import { type ImportJob, type JobItem, jobFamily, readJobs } from '../../lib/import/job';
import { takePendingImport, takePendingSelection } from '../../lib/import/pending';
import { type Send, boundProfile, send as realSend } from '../../lib/messaging/client';
import type { ImportPreview } from '../../lib/messaging/protocol';
import type { AppError } from '../../lib/app-error';
import { slotNumbers } from '../../lib/slots/validate';
import { ErrorNotice } from '../ErrorNotice';
import { RateLimitNotice } from '../RateLimitNotice';
import { type ConflictChoice, JobProgress } from './JobProgress';
import { PreviewSlot } from './Preview';
import { nameTarget } from './target-name';
import './import.css';

type Check =
  { status: 'idle' } | { status: 'checking' } | { status: 'error'; error: AppError } | ImportPreview;

export interface ImportPanelProps {
  /** The editor's current target: what Export writes out and where a selection goes. */
  target: Target | null;
  targetName?: string;
  premium: boolean;
  /** What the page was opened for: a page's payload (#import) or selected text (#selection). */
  intent?: 'import' | 'selection' | null;
  /** The account's buildings, to name a document's target and warn when it is not one of them. */
  buildings?: readonly BuildingListEntry[] | null;
  onFinished?: (job: ImportJob) => void;
  send?: Send;
}

const newest = (jobs: ImportJob[]) => jobs.toSorted((a, b) => b.createdAt - a.createdAt)[0] ?? null;

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The job with this id as stored, followed through storage changes until the page goes. */
function useJob(id: string | null, send: Send): ImportJob | null {
  const [job, setJob] = useState<ImportJob | null>(null);
  useEffect(() => {
    if (!id) return setJob(null);
    let live = true;
    // A stored change is always newer than the first answer, which may arrive after it.
    let changed = false;
    void send('getImportJob', { id }).then((answer) => {
      if (live && !changed && answer.ok && answer.value) setJob(answer.value);
    });
    // The job is stored per profile and job: each progress step arrives as that key's change.
    const stop = jobFamily.watch(boundProfile(), (parts, value) => {
      if (!live || parts[0] !== id || !value) return;
      changed = true;
      setJob(value);
    });
    return () => {
      live = false;
      stop();
    };
  }, [id, send]);
  return job && job.id === id ? job : null;
}

export function ImportPanel({
  target,
  targetName,
  premium,
  intent = null,
  buildings = null,
  onFinished,
  send = realSend,
}: ImportPanelProps) {
  const ids = { heading: useId(), file: useId(), paste: useId() };
  const [text, setText] = useState('');
  const [source, setSource] = useState<string | null>(null);
  const [selection, setSelection] = useState<string | null>(null);
  const [check, setCheck] = useState<Check>({ status: 'idle' });
  const [jobId, setJobId] = useState<string | null>(null);
  const [busy, setBusy] = useState<'starting' | 'undoing' | 'cancelling' | 'exporting' | null>(null);
  const [resolved, setResolved] = useState<ReadonlyMap<number, ConflictChoice>>(new Map());
  /** Conflicts whose slot changed again while being settled here: the value seen last. */
  const [newer, setNewer] = useState<ReadonlyMap<number, PageOption>>(new Map());
  const [actionError, setActionError] = useState<AppError | null>(null);
  const [dragging, setDragging] = useState(false);
  const job = useJob(jobId, send);

  const preview = async (document: unknown) => {
    setCheck({ status: 'checking' });
    const answer = await send('previewImport', { document });
    setCheck(answer.ok ? answer.value : { status: 'error', error: answer.error });
  };

  const checkText = (value: string) => {
    // Refused before parsing: a huge text is never handed to JSON.parse or the worker.
    const tooLarge = sizeProblem(value);
    if (tooLarge) return setCheck({ status: 'problems', problems: [tooLarge] });
    let document: unknown;
    try {
      document = JSON.parse(value);
    } catch (error) {
      setCheck({
        status: 'problems',
        problems: [{ path: '(document)', message: `not valid JSON: ${(error as Error).message}` }],
      });
      return;
    }
    void preview(document);
  };

  const load = (value: string, from: string | null) => {
    // A text over the limit is not put into the text area either.
    setText(sizeProblem(value) ? '' : value);
    setSource(from);
    setSelection(null);
    checkText(value);
  };

  useEffect(() => {
    void readJobs(boundProfile()).then((jobs) => setJobId((current) => current ?? newest(jobs)?.id ?? null));
    if (intent === 'import') {
      void takePendingImport().then((pending) => {
        if (pending) load(pending.text, pending.source ?? null);
      });
    } else if (intent === 'selection') {
      void takePendingSelection().then((pending) => {
        if (pending) setSelection(pending.text);
      });
    }
    // Runs once: the intent is how this page was opened.
  }, []);

  // Reported once per job seen running here, when it finishes (not for a job finished before).
  const seenRunning = useRef<string | null>(null);
  useEffect(() => {
    if (job?.state === 'running') seenRunning.current = job.id;
    else if (job && seenRunning.current === job.id) {
      seenRunning.current = null;
      onFinished?.(job);
    }
  }, [job, onFinished]);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    // A file over the limit is refused by its size, without reading it into the page.
    if (file.size > MAX_IMPORT_BYTES) {
      setSource(file.name);
      return setCheck({ status: 'problems', problems: [fileTooLarge(file.size)] });
    }
    load(await file.text(), file.name);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const transfer = event.dataTransfer;
    const file = transfer?.files[0];
    if (file) void readFile(file);
    else if (transfer?.getData('text/plain')) load(transfer.getData('text/plain'), null);
  };

  const confirm = async () => {
    if (check.status !== 'ready' || busy) return;
    setBusy('starting');
    setActionError(null);
    const answer = await send('startImport', {
      target: check.target,
      slots: check.items.map(({ slot, title, data }) => ({ slot, title, data })),
    });
    setBusy(null);
    if (!answer.ok) return setActionError(answer.error);
    setJobId(answer.value.id);
    setCheck({ status: 'idle' });
    setText('');
    setSource(null);
  };

  const undo = async () => {
    if (!job || busy) return;
    setBusy('undoing');
    setActionError(null);
    const answer = await send('undoImport', { id: job.id });
    setBusy(null);
    if (!answer.ok) return setActionError(answer.error);
    setJobId(answer.value.id);
    setResolved(new Map());
    setNewer(new Map());
  };

  const cancel = async () => {
    if (!job || busy) return;
    setBusy('cancelling');
    setActionError(null);
    const answer = await send('cancelImport', { id: job.id });
    setBusy(null);
    if (!answer.ok) setActionError(answer.error);
  };

  /** A slot in conflict: "mine" writes the job's value through the checked save, over the value seen. */
  const resolve = async (item: JobItem, choice: ConflictChoice) => {
    if (!job || !item.conflict) return;
    setActionError(null);
    if (choice === 'mine') {
      const answer = await send('saveSlot', {
        target: job.target,
        option: item.slot,
        title: item.title,
        data: item.data,
        expectedLastUpdated: item.conflict.lastUpdated,
      });
      if (!answer.ok) return setActionError(answer.error);
      // Changed yet again since: the dialog shows the newer value and asks again.
      if (answer.value.status === 'conflict') {
        const server = answer.value.server;
        return setNewer((before) => new Map(before).set(item.slot, server));
      }
    }
    setResolved((before) => new Map(before).set(item.slot, choice));
  };

  const exportTarget = async () => {
    if (!target || busy) return;
    setBusy('exporting');
    setActionError(null);
    const answer = await send('exportSlots', { target });
    setBusy(null);
    if (!answer.ok) return setActionError(answer.error);
    download(`page-options-${target.kind}-${target.id}.json`, `${JSON.stringify(answer.value, null, 2)}\n`);
  };

  const changed = check.status === 'ready' ? check.items.filter((item) => !item.unchanged).length : 0;
  return (
    <section class="import" aria-labelledby={ids.heading} id="import">
      <h2 id={ids.heading}>{t('import_heading')}</h2>
      <p class="hint">{t('import_intro')}</p>
      {(busy !== null || job?.state === 'running') && <RateLimitNotice send={send} />}

      {selection !== null && (
        <SelectionForm
          text={selection}
          target={target}
          targetName={targetName}
          premium={premium}
          send={send}
          onPreview={(document) => void preview(document)}
          onCancel={() => setSelection(null)}
        />
      )}

      <div class="import__sources">
        <div class="field">
          <label for={ids.file}>{t('import_file')}</label>
          <input
            id={ids.file}
            type="file"
            accept="application/json,.json"
            onChange={(event) => void readFile(event.currentTarget.files?.[0])}
          />
        </div>
        <div
          class={dragging ? 'import__drop import__drop--over' : 'import__drop'}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {t('import_drop')}
        </div>
        <div class="field">
          <label for={ids.paste}>{t('import_paste')}</label>
          <textarea
            id={ids.paste}
            rows={6}
            spellcheck={false}
            value={text}
            onInput={(event) => setText(event.currentTarget.value)}
          />
        </div>
        <div class="actions">
          <button type="button" class="button" onClick={() => checkText(text)}>
            {t('import_check')}
          </button>
          <button
            type="button"
            class="button button--quiet"
            aria-disabled={!target || busy === 'exporting' ? 'true' : undefined}
            onClick={() => void exportTarget()}
          >
            {t('import_export')}
          </button>
        </div>
      </div>

      {source && <p class="hint">{t('import_source', source)}</p>}
      {check.status === 'checking' && (
        <p class="hint" role="status">
          {t('import_checking')}
        </p>
      )}
      {check.status === 'error' && <ErrorNotice error={check.error} />}
      {check.status === 'problems' && (
        <div class="notice notice--error" role="alert">
          <p class="notice__title">{t('import_problems', String(check.problems.length))}</p>
          <ProblemList problems={check.problems} />
        </div>
      )}
      {check.status === 'ready' && (
        <section class="preview" aria-label={t('import_preview')}>
          <h3>
            {t('import_previewOf', [
              nameTarget(check.target, buildings).label,
              String(changed),
              String(check.items.length),
            ])}
          </h3>
          {!nameTarget(check.target, buildings).listed && (
            <p class="notice" role="alert">
              {t('import_targetNotListed', nameTarget(check.target, buildings).label)}
            </p>
          )}
          <ol class="preview__slots">
            {check.items.map((item) => (
              <PreviewSlot key={item.slot} item={item} />
            ))}
          </ol>
          <div class="actions">
            {changed > 0 ? (
              <button
                type="button"
                class="button button--primary"
                aria-disabled={busy === 'starting' ? 'true' : undefined}
                onClick={() => void confirm()}
              >
                {t('import_confirm', String(changed))}
              </button>
            ) : (
              <p class="hint">{t('import_nothing')}</p>
            )}
            <button type="button" class="button button--quiet" onClick={() => setCheck({ status: 'idle' })}>
              {t('import_cancel')}
            </button>
          </div>
        </section>
      )}
      {actionError && <ErrorNotice error={actionError} />}
      {job && (
        <JobProgress
          job={{
            ...job,
            items: job.items.map((item) => {
              const seen = newer.get(item.slot);
              return seen ? { ...item, conflict: seen } : item;
            }),
          }}
          undoing={busy === 'undoing'}
          onUndo={job.kind === 'import' ? () => void undo() : undefined}
          cancelling={busy === 'cancelling'}
          onCancel={() => void cancel()}
          resolved={resolved}
          onResolve={(item, choice) => void resolve(item, choice)}
        />
      )}
    </section>
  );
}

/** The first problems one by one, then how many more: a document cannot flood the page. */
function ProblemList({ problems }: { problems: readonly { path: string; message: string }[] }) {
  const { shown, more } = capProblems(problems);
  return (
    <ul class="import__problems" aria-label={t('import_problemsList')}>
      {shown.map((problem, index) => (
        <li key={index}>
          <code>{problem.path}</code>: {problem.message}
        </li>
      ))}
      {more > 0 && <li>{t('import_moreProblems', String(more))}</li>}
    </ul>
  );
}

function targetLabel(target: Target): string {
  return t(target.kind === 'factory' ? 'import_targetFactory' : 'import_targetBuilding', target.id);
}

function SelectionForm({
  text,
  target,
  targetName,
  premium,
  send,
  onPreview,
  onCancel,
}: {
  text: string;
  target: Target | null;
  targetName?: string;
  premium: boolean;
  send: Send;
  onPreview: (document: unknown) => void;
  onCancel: () => void;
}) {
  const ids = { heading: useId(), slot: useId(), title: useId() };
  const [slot, setSlot] = useState(1);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<AppError | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!target) return;
    setError(null);
    let newTitle = title;
    if (!newTitle) {
      // An empty title keeps the slot's current one.
      const current = await send('readOption', { target, option: slot });
      if (!current.ok) return setError(current.error);
      newTitle = current.value.title;
    }
    onPreview({ target, slots: [{ slot, title: newTitle, data: text }] });
  };

  return (
    <form class="selection" aria-labelledby={ids.heading} onSubmit={(event) => void submit(event)}>
      <h3 id={ids.heading}>{t('selection_heading')}</h3>
      <pre class="selection__text">{text}</pre>
      <p class="hint">
        {target ? t('selection_target', targetName || targetLabel(target)) : t('selection_noTarget')}
      </p>
      <div class="field">
        <label for={ids.slot}>{t('selection_slot')}</label>
        <select
          id={ids.slot}
          value={String(slot)}
          onChange={(event) => setSlot(Number(event.currentTarget.value))}
        >
          {slotNumbers(premium).map((n) => (
            <option key={n} value={String(n)}>
              {String(n)}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for={ids.title}>{t('selection_title')}</label>
        <input
          id={ids.title}
          type="text"
          value={title}
          onInput={(event) => setTitle(event.currentTarget.value)}
        />
      </div>
      {error && <ErrorNotice error={error} />}
      <div class="actions">
        <button type="submit" class="button button--primary" aria-disabled={target ? undefined : 'true'}>
          {t('selection_preview')}
        </button>
        <button type="button" class="button button--quiet" onClick={onCancel}>
          {t('import_cancel')}
        </button>
      </div>
    </form>
  );
}
