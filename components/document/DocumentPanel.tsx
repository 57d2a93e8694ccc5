/**
 * A JSON document across the target's slots (lib/slots/document.ts): what the slots hold now, one
 * text to edit with pretty/minify, and a planned write that the import flow previews and writes
 * as one job, pieces first and the manifest last. Export downloads the joined document.
 *
 * The write is previewed against what each slot held when the user began editing (the draft's
 * baseline), without a request; the job checks every slot it writes against it before writing
 * any. Right after a document job, the slots show what it wrote while they are read again.
 */
import { useId, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { ImportPreview } from '../../lib/messaging/protocol';
import { layoutProblem } from '../../lib/slots/document-layout';
import { planDocument } from '../../lib/slots/document-plan';
import { exportProblem, minifiedDocument } from '../../lib/slots/document-read';
import { prettyJson } from '../../lib/slots/validate';
import { download } from '../shared/json-download';
import { describeDocumentProblem, describeLayoutProblem } from './document-text';
import type { DocumentView } from './document-panel-state';
import { DocumentText } from './DocumentText';
import { LayoutFields } from './LayoutFields';
import { type PlanState, PlannedWrite } from './PlannedWrite';
import { StoredDocumentView } from './StoredDocumentView';
import './document.css';

export interface DocumentPanelProps {
  /** The slots shown, the stored document and the draft (text, layout, baseline) being edited. */
  document: DocumentView;
  /** Hands the previewed write to the import flow (Confirm starts one job, the manifest last). */
  onPreview: (preview: Extract<ImportPreview, { status: 'ready' }>, finalSlot: number) => void;
}

export function DocumentPanel({ document, onPreview }: DocumentPanelProps) {
  const { draft } = document;
  const view = document.view.value;
  const text = draft.text.value;
  const layout = draft.layout.value;
  const heading = useId();
  const [plan, setPlan] = useState<PlanState | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  if (!view) return null;
  const { target, shown, placeholder } = view;
  const stored = document.stored.value;
  const layoutError = layoutProblem(layout, shown.length);
  const storedText = stored.status === 'found' ? stored.document.text : null;
  const base = draft.base.value?.slots ?? shown;

  const change = (next: string) => {
    draft.setText(next);
    setPlan(null);
  };
  const makePlan = async () => {
    // A cell still open in the Table view is kept first; refused, it stays open and says why.
    if (!draft.table.commitOpen()) return;
    const text = draft.text.peek();
    const minified = minifiedDocument(text);
    setOverwrite(false);
    if (!minified.ok) return setPlan({ ok: 'notJson', error: minified.error });
    const current = shown.map((s) => s ?? null);
    const input = { text: minified.text, layout, slotCount: shown.length, current, clearValue: placeholder };
    // The records table's edit keeps the stored pieces it did not touch (and the manifest when its
    // count and length stay): one record edited writes one piece. Loaded with the table, not before.
    const fromTable = draft.table.history.peek() !== null && draft.table.isWritten(text);
    if (!fromTable) return setPlan(planDocument(input));
    const { planDocumentEdit } = await import('../../lib/slots/document-pieces');
    setPlan(planDocumentEdit(input));
  };
  const exportStored = () => {
    if (stored.status !== 'found') return;
    const problem = exportProblem(stored.document);
    if (problem || storedText === null) {
      const reason =
        !problem || problem.kind === 'notJson'
          ? t('doc_json_invalid', problem?.error ?? '')
          : describeDocumentProblem(problem, layout);
      return setExportError(t('doc_exportRefused', reason));
    }
    setExportError(null);
    download(`${layout.prefix}.json`, `${prettyJson(storedText) ?? storedText}\n`);
  };
  return (
    <section class="document" aria-labelledby={heading}>
      <h3 id={heading}>{t('doc_heading')}</h3>
      <p class="hint">{t('doc_intro')}</p>
      <LayoutFields layout={layout} onChange={(next) => (draft.setLayout(next), setPlan(null))} />
      {layoutError && <p class="field-error">{describeLayoutProblem(layoutError)}</p>}
      {stored.status === 'loading' && <p class="hint">{t('doc_loading')}</p>}
      {stored.status !== 'loading' && (
        <StoredDocumentView document={stored.status === 'found' ? stored.document : null} layout={layout} />
      )}
      <DocumentText
        text={text}
        textSignal={draft.text}
        session={draft.table}
        storedText={storedText}
        onChange={change}
        onLoad={(loaded) => (draft.begin(shown, true), change(loaded))}
      />
      <div class="actions">
        <button
          type="button"
          class="button"
          aria-disabled={layoutError ? 'true' : undefined}
          onClick={() => !layoutError && void makePlan()}
        >
          {t('doc_plan')}
        </button>
        {storedText !== null && (
          <button type="button" class="button button--quiet" onClick={exportStored}>
            {t('doc_export')}
          </button>
        )}
      </div>
      {exportError && (
        <p class="field-error" role="alert">
          {exportError}
        </p>
      )}
      {plan && (
        <PlannedWrite
          plan={plan}
          target={target}
          layout={layout}
          base={base}
          shown={shown}
          overwrite={overwrite}
          onOverwrite={setOverwrite}
          onPreview={onPreview}
        />
      )}
    </section>
  );
}
