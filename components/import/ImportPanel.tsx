/**
 * Import and export in the full editor: a document from a file, a drop or a paste (or handed over
 * by the popup or the context menu) is checked and previewed by the worker; one Confirm starts the
 * job there. Progress follows the job as stored, so it survives closing and reopening this page.
 */
import { useId } from 'preact/hooks';
import type { BuildingListEntry, Target } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import type { ImportJob } from '../../lib/import/job';
import type { Send } from '../../lib/messaging/client';
import { ErrorNotice } from '../ErrorNotice';
import { RateLimitNotice } from '../RateLimitNotice';
import { ImportSources } from './ImportSources';
import { JobProgress } from './JobProgress';
import { PreviewSection } from './PreviewSection';
import { ProblemList } from './ProblemList';
import { SelectionForm } from './SelectionForm';
import { type Intent, useImportCheck } from './use-import-check';
import { useImportJob } from './use-import-job';
import './import.css';

export interface ImportPanelProps {
  /** The editor's current target: what Export writes out and where a selection goes. */
  target: Target | null;
  targetName?: string;
  premium: boolean;
  /** What the page was opened for: a page's payload (#import) or selected text (#selection). */
  intent?: Intent;
  /** The account's buildings, to name a document's target and warn when it is not one of them. */
  buildings?: readonly BuildingListEntry[] | null;
  onFinished?: (job: ImportJob) => void;
  /** The page's worker and profile: jobs are the profile's. */
  send: Send;
  profileId: string;
}

export function ImportPanel({
  target,
  targetName,
  premium,
  intent = null,
  buildings = null,
  onFinished,
  send,
  profileId,
}: ImportPanelProps) {
  const heading = useId();
  const { job, busy, resolved, newer, actionError, start, undo, cancel, resolve, exportTarget } =
    useImportJob(send, profileId, onFinished);
  const {
    text,
    setText,
    source,
    selection,
    closeSelection,
    check,
    dismiss,
    preview,
    checkText,
    load,
    readFile,
    clear,
  } = useImportCheck(send, intent);

  return (
    <section class="import" aria-labelledby={heading} id="import">
      <h2 id={heading}>{t('import_heading')}</h2>
      <p class="hint">{t('import_intro')}</p>
      {(busy !== null || job?.state === 'running') && <RateLimitNotice send={send} />}

      {selection !== null && (
        <SelectionForm
          text={selection}
          target={target}
          targetName={targetName}
          premium={premium}
          send={send}
          onPreview={(value) => void preview(value)}
          onCancel={closeSelection}
        />
      )}

      <ImportSources
        text={text}
        onText={setText}
        onFile={(file) => void readFile(file)}
        onDropText={(dropped) => load(dropped, null)}
        onCheck={() => checkText(text)}
        exportDisabled={!target || busy === 'exporting'}
        onExport={() => void exportTarget(target)}
      />

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
        <PreviewSection
          preview={check}
          buildings={buildings}
          starting={busy === 'starting'}
          onConfirm={() => void start(check, clear)}
          onCancel={dismiss}
        />
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
