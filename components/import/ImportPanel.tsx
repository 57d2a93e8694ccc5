/**
 * Import and export in the full editor: a document from a file, a drop or a paste (or handed over
 * by the popup or the context menu) is checked and previewed by the worker; one Confirm starts the
 * job there. Progress follows the job as stored, so it survives closing and reopening this page.
 *
 * The editor shows it in three of its sections (import, document, backup's restore), one at a
 * time: the panel stays mounted across them, and its result (a preview, the job) appears in the
 * section that started it, brought into view as it arrives.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { BuildingListEntry, PageOption, Target } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import type { ImportJob } from '../../lib/storage/import-jobs';
import type { Send } from '../../lib/messaging/page-client';
import { prettyJson } from '../../lib/slots/validate';
import { DocumentPanel } from '../document/DocumentPanel';
import { useDocumentDraft } from '../document/use-document-draft';
import { ErrorNotice } from '../ErrorNotice';
import { showResult } from '../in-view';
import { DocumentOffer } from './DocumentOffer';
import { RateLimitNotice } from '../RateLimitNotice';
import { ImportSources } from './ImportSources';
import { JobProgress } from './JobProgress';
import { PreviewSection } from './PreviewSection';
import { CheckStatus } from './CheckStatus';
import { SelectionForm } from './SelectionForm';
import { TargetPreview } from './TargetPreview';
import { type Intent, useImportCheck } from './use-import-check';
import { useImportJob } from './use-import-job';
import { progressOf } from '../../lib/import/job';
import './import.css';

/** The editor's section on screen; without one, every part is shown at once. */
export type ImportSection = 'slots' | 'import' | 'document' | 'backup';

/** A running job as the editor's job bar shows it. */
export interface RunningJob {
  kind: ImportJob['kind'];
  settled: number;
  total: number;
  /** Minutes left at the pace so far; null before the first slot settled or while paused. */
  minutesLeft: number | null;
  cancelling: boolean;
  cancel: () => void;
  /** The section whose result region shows the job. */
  section: ImportSection;
}

function minutesLeft(job: ImportJob, now: number): number | null {
  const { settled, total } = progressOf(job);
  if (job.state !== 'running' || settled === 0) return null;
  const perSlot = Math.max(now - job.createdAt, 0) / settled;
  return Math.max(1, Math.ceil((perSlot * (total - settled)) / 60_000));
}

/** The import format in a few words and an example, in place of a pointer to the README. */
function FormatHelp() {
  return (
    <details class="import__format">
      <summary>{t('import_formatSummary')}</summary>
      <p class="hint">{t('import_formatHelp')}</p>
      <pre class="import__example">
        <code>{FORMAT_EXAMPLE}</code>
      </pre>
    </details>
  );
}

const FORMAT_EXAMPLE = `{
  "target": { "kind": "building", "id": "b-1001" },
  "slots": [
    { "slot": 1, "title": "Opening hours", "data": "Mo–Fr 9–18" },
    { "slot": 2, "title": "Prices", "data": { "room": 120 } }
  ]
}`;

export interface ImportPanelProps {
  /** The editor's current target: what Export writes out and where a selection goes. */
  target: Target | null;
  targetName?: string;
  premium: boolean;
  /** What the page was opened for: a page's payload (#import) or selected text (#selection). */
  intent?: Intent;
  /** The account's buildings, to name a document's target and warn when it is not one of them. */
  buildings?: readonly BuildingListEntry[] | null;
  /** The account's factories, to name a factory target. */
  factories?: readonly { id: string; name: string }[];
  onFinished?: (job: ImportJob) => void;
  /** The page's worker and profile: jobs are the profile's. */
  send: Send;
  profileId: string;
  /** The target's slots as read (index 0 = slot 1) and its clearing text: the document view. */
  document?: { slots: readonly (PageOption | null)[]; placeholder: string } | null;
  /** The editor's section on screen (the panel shows its part of it); by default every part. */
  section?: ImportSection;
  /** Asks the editor to show another section (a document offered by an import goes to Document). */
  onSection?: (section: ImportSection) => void;
  /** The running job for the editor's job bar, or null once none runs. */
  onRunning?: (job: RunningJob | null) => void;
}

export function ImportPanel({
  target,
  targetName,
  premium,
  intent = null,
  buildings = null,
  factories = [],
  onFinished,
  send,
  profileId,
  document = null,
  section,
  onSection,
  onRunning,
}: ImportPanelProps) {
  const draft = useDocumentDraft(profileId, document ? target : null);
  const heading = useId();
  const {
    job,
    busy,
    actionError,
    start,
    startTargets,
    clearWithPlaceholder,
    undo,
    cancel,
    resume,
    resolve,
    exportTarget,
  } = useImportJob(send, profileId, onFinished);
  const {
    text,
    setText,
    source,
    selection,
    closeSelection,
    check,
    finalSlot,
    dismiss,
    preview,
    show,
    readCurrent,
    checkText,
    load,
    readFile,
    clear,
  } = useImportCheck(send, intent, premium);

  // The file control alone is named "Restore" (its heading names no region): one thing to find by it.
  const ids = { restore: useId(), restoreHint: useId() };
  /** Where the check on screen was started: its result shows there. */
  const [origin, setOrigin] = useState<ImportSection>('import');
  const results = useRef<HTMLDivElement>(null);
  const jobRegion = useRef<HTMLDivElement>(null);
  const shows = (part: ImportSection) => section === undefined || section === part;

  // A result that arrives is brought into view: the preview, the problems, the offer, an error.
  useEffect(() => {
    if (check.status !== 'idle' && check.status !== 'checking') showResult(results.current);
  }, [check]);
  // A job started here (not one found running when the page opened) takes the view and the focus.
  const jobId = job?.id ?? null;
  const startedHere = useRef(false);
  const starting =
    <A extends unknown[]>(run: (...args: A) => unknown) =>
    (...args: A) => {
      startedHere.current = true;
      void run(...args);
    };
  useEffect(() => {
    if (jobId && startedHere.current) {
      startedHere.current = false;
      showResult(jobRegion.current);
    }
  }, [jobId]);
  useEffect(() => {
    if (!onRunning) return;
    const active = job && (job.state === 'running' || job.state === 'paused');
    onRunning(
      active
        ? {
            kind: job.kind,
            ...progressOf(job),
            minutesLeft: minutesLeft(job, Date.now()),
            cancelling: busy === 'cancelling',
            cancel: () => void cancel(),
            section: origin,
          }
        : null,
    );
  }, [job, busy, origin]);
  useEffect(() => () => onRunning?.(null), []);

  const from = (part: ImportSection) => {
    if (section !== undefined) setOrigin(part);
  };

  return (
    <div class="import" id="import" hidden={section === 'slots'}>
      {shows('import') && (
        <section class="import__part" aria-labelledby={heading}>
          <h2 id={heading}>{t('import_heading')}</h2>
          <p class="hint">{t('import_intro')}</p>
          <FormatHelp />
          {section === undefined && (busy !== null || job?.state === 'running') && (
            <RateLimitNotice send={send} />
          )}
          {selection !== null && (
            <SelectionForm
              text={selection}
              target={target}
              targetName={targetName}
              premium={premium}
              send={send}
              onPreview={(value) => (from('import'), void preview(value))}
              onCancel={closeSelection}
            />
          )}
          <ImportSources
            text={text}
            onText={setText}
            onFile={(file) => (from('import'), void readFile(file))}
            onDropText={(dropped) => (from('import'), load(dropped, null))}
            onCheck={() => (from('import'), checkText(text))}
            exportDisabled={!target || busy === 'exporting'}
            onExport={() => void exportTarget(target)}
          />
        </section>
      )}

      {shows('document') && target && document && (
        <DocumentPanel
          target={target}
          slots={document.slots}
          placeholder={document.placeholder}
          draft={draft}
          job={job}
          onPreview={(ready, final) => (from('document'), show(ready, final))}
        />
      )}
      {section === 'document' && !(target && document) && <p class="empty">{t('slots_noTarget')}</p>}

      {section === 'backup' && (
        <div class="restore">
          <h3>{t('restore_heading')}</h3>
          <p class="hint" id={ids.restoreHint}>
            {t('restore_intro')}
          </p>
          <div class="field">
            <label for={ids.restore}>{t('restore_file')}</label>
            <input
              id={ids.restore}
              type="file"
              accept="application/json,.json"
              aria-describedby={ids.restoreHint}
              onChange={(event) => (from('backup'), void readFile(event.currentTarget.files?.[0]))}
            />
          </div>
        </div>
      )}

      <div
        class="import__results"
        ref={results}
        tabIndex={-1}
        hidden={section !== undefined && section !== origin}
      >
        {source && <p class="hint">{t('import_source', source)}</p>}
        <CheckStatus check={check} />
        {check.status === 'offerDocument' && (
          <DocumentOffer
            length={check.text.length}
            onAccept={
              target && document
                ? () => (
                    draft.setText(prettyJson(check.text) ?? check.text),
                    dismiss(),
                    onSection?.('document')
                  )
                : undefined
            }
          />
        )}
        {check.status === 'ready' && (
          <PreviewSection
            preview={check}
            buildings={buildings}
            factories={factories}
            starting={busy === 'starting'}
            onReadCurrent={readCurrent}
            onConfirm={starting(() => start(check, clear, finalSlot))}
            onCancel={dismiss}
          />
        )}
        {check.status === 'targets' && (
          <TargetPreview
            preview={check.preview}
            buildings={buildings}
            factories={factories}
            starting={busy === 'starting'}
            onReadCurrent={readCurrent}
            onConfirm={starting((chosen: Parameters<typeof startTargets>[0]) => startTargets(chosen, clear))}
            onCancel={dismiss}
          />
        )}
        {actionError && <ErrorNotice error={actionError} />}
        {job && (
          <div class="import__job" ref={jobRegion} tabIndex={-1}>
            <JobProgress
              job={job}
              undoing={busy === 'undoing'}
              onUndo={job.kind === 'import' ? starting(undo) : undefined}
              cancelling={busy === 'cancelling'}
              onCancel={() => void cancel()}
              resuming={busy === 'resuming'}
              onResume={() => void resume()}
              onResolve={(item, choice) => void resolve(item, choice)}
              onClearWithPlaceholder={starting(clearWithPlaceholder)}
              buildings={buildings}
              factories={factories}
            />
          </div>
        )}
      </div>
    </div>
  );
}
