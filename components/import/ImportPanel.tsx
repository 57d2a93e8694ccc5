/**
 * Import and export in the full editor: a document from a file, a drop or a paste (or handed over
 * by the popup or the context menu) is checked and previewed by the worker; one Confirm starts the
 * job there. Progress follows the job as stored, so it survives closing and reopening this page.
 */
import { useId } from 'preact/hooks';
import type { BuildingListEntry, PageOption, Target } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import type { ImportJob } from '../../lib/storage/import-jobs';
import type { Send } from '../../lib/messaging/client';
import { prettyJson } from '../../lib/slots/validate';
import { DocumentPanel } from '../document/DocumentPanel';
import { useDocumentDraft } from '../document/use-document-draft';
import { ErrorNotice } from '../ErrorNotice';
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
  /** The account's factories, to name a factory target. */
  factories?: readonly { id: string; name: string }[];
  onFinished?: (job: ImportJob) => void;
  /** The page's worker and profile: jobs are the profile's. */
  send: Send;
  profileId: string;
  /** The target's slots as read (index 0 = slot 1) and its clearing text: the document view. */
  document?: { slots: readonly (PageOption | null)[]; placeholder: string } | null;
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
    readCurrent,
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

      {target && document && (
        <DocumentPanel
          target={target}
          slots={document.slots}
          placeholder={document.placeholder}
          text={draft.text}
          onText={draft.setText}
          layout={draft.layout}
          onLayout={draft.setLayout}
          onPreview={(value, final) => void preview(value, final)}
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
      <CheckStatus check={check} />
      {check.status === 'offerDocument' && (
        <DocumentOffer
          length={check.text.length}
          onAccept={
            target && document
              ? () => (draft.setText(prettyJson(check.text) ?? check.text), dismiss())
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
          onConfirm={() => void start(check, clear, finalSlot)}
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
          onConfirm={(chosen) => void startTargets(chosen, clear)}
          onCancel={dismiss}
        />
      )}
      {actionError && <ErrorNotice error={actionError} />}
      {job && (
        <JobProgress
          job={job}
          undoing={busy === 'undoing'}
          onUndo={job.kind === 'import' ? () => void undo() : undefined}
          cancelling={busy === 'cancelling'}
          onCancel={() => void cancel()}
          resuming={busy === 'resuming'}
          onResume={() => void resume()}
          onResolve={(item, choice) => void resolve(item, choice)}
          onClearWithPlaceholder={() => void clearWithPlaceholder()}
          buildings={buildings}
          factories={factories}
        />
      )}
    </section>
  );
}
