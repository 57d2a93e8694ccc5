/**
 * A JSON document across the target's slots (lib/slots/document.ts): what the slots hold now, one
 * text to edit with pretty/minify, and a planned write that the import flow previews and writes
 * as one job, pieces first and the manifest last. Export downloads the joined document.
 */
import { useId, useMemo, useState } from 'preact/hooks';
import type { PageOption, Target } from '../../lib/api/schemas';
import type { ImportDocument } from '../../lib/import/format-schema';
import { t } from '../../lib/i18n';
import {
  type DocumentLayout,
  type DocumentPlan,
  assembleDocument,
  isManifestSlot,
  layoutProblem,
  minifiedDocument,
  planDocument,
} from '../../lib/slots/document';
import { prettyJson } from '../../lib/slots/validate';
import { download } from '../import/download';
import { describeLayoutProblem } from './document-text';
import { DocumentText } from './DocumentText';
import { LayoutFields } from './LayoutFields';
import { PlanView } from './PlanView';
import { StoredDocumentView } from './StoredDocumentView';
import './document.css';

export interface DocumentPanelProps {
  target: Target;
  /** What each slot holds now (index 0 = slot 1); null while it is read. */
  slots: readonly (PageOption | null)[];
  /** What a cleared slot gets: '' or the account's placeholder. */
  placeholder: string;
  text: string;
  onText: (text: string) => void;
  layout: DocumentLayout;
  onLayout: (layout: DocumentLayout) => void;
  /** Hands the planned slots to the import flow (preview, confirm, one job). */
  onPreview: (document: ImportDocument, finalSlot: number) => void;
}

function useStoredDocument(slots: DocumentPanelProps['slots'], layout: DocumentLayout) {
  return useMemo(() => {
    const manifest = slots[layout.manifestSlot - 1];
    if (manifest === undefined) return { status: 'none' as const };
    if (manifest === null) return { status: 'loading' as const };
    if (!isManifestSlot(manifest, layout)) return { status: 'none' as const };
    const pieces = slots.slice(layout.manifestSlot);
    return { status: 'found' as const, document: assembleDocument(manifest, pieces, layout, slots.length) };
  }, [slots, layout]);
}

export function DocumentPanel(props: DocumentPanelProps) {
  const { target, slots, placeholder, text, onText, layout, onPreview } = props;
  const heading = useId();
  const [plan, setPlan] = useState<DocumentPlan | { ok: 'notJson'; error: string } | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const stored = useStoredDocument(slots, layout);
  const layoutError = layoutProblem(layout, slots.length);
  const storedText = stored.status === 'found' ? stored.document.text : null;

  const change = (next: string) => {
    onText(next);
    setPlan(null);
  };
  const makePlan = () => {
    const minified = minifiedDocument(text);
    setOverwrite(false);
    if (!minified.ok) return setPlan({ ok: 'notJson', error: minified.error });
    const current = slots.map((s) => s ?? null);
    setPlan(
      planDocument({
        text: minified.text,
        layout,
        slotCount: slots.length,
        current,
        clearValue: placeholder,
      }),
    );
  };
  const ready = plan?.ok === true && (plan.foreign.length === 0 || overwrite);

  return (
    <section class="document" aria-labelledby={heading}>
      <h3 id={heading}>{t('doc_heading')}</h3>
      <p class="hint">{t('doc_intro')}</p>
      <LayoutFields layout={layout} onChange={(next) => (props.onLayout(next), setPlan(null))} />
      {layoutError && <p class="field-error">{describeLayoutProblem(layoutError)}</p>}
      {stored.status === 'loading' && <p class="hint">{t('doc_loading')}</p>}
      {stored.status !== 'loading' && (
        <StoredDocumentView document={stored.status === 'found' ? stored.document : null} layout={layout} />
      )}
      <DocumentText text={text} storedText={storedText} onChange={change} />
      <div class="actions">
        <button
          type="button"
          class="button"
          aria-disabled={layoutError ? 'true' : undefined}
          onClick={() => !layoutError && makePlan()}
        >
          {t('doc_plan')}
        </button>
        {storedText !== null && (
          <button
            type="button"
            class="button button--quiet"
            onClick={() => download(`${layout.prefix}.json`, `${prettyJson(storedText) ?? storedText}\n`)}
          >
            {t('doc_export')}
          </button>
        )}
      </div>
      {plan?.ok === 'notJson' && (
        <p class="field-error" role="alert">
          {t('doc_notJson', plan.error)}
        </p>
      )}
      {plan && plan.ok !== 'notJson' && (
        <PlanView plan={plan} slotCount={slots.length} overwrite={overwrite} onOverwrite={setOverwrite} />
      )}
      {plan?.ok === true && (
        <button
          type="button"
          class="button button--primary"
          aria-disabled={ready ? undefined : 'true'}
          onClick={() => ready && onPreview({ target, slots: plan.writes }, layout.manifestSlot)}
        >
          {t('doc_preview')}
        </button>
      )}
    </section>
  );
}
