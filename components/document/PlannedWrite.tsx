/**
 * A document's planned write: why it cannot be planned, or the plan (what each slot gets), the slots
 * changed since the edit began, and the button that hands the write to the import flow's preview.
 */
import type { PageOption, Target } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import { type DocumentPreviewItem, documentPreview } from '../../lib/jobs/document-job';
import { planCost } from '../../lib/jobs/write-plan';
import type { ImportPreview } from '../../lib/messaging/protocol';
import { sameContent } from '../../lib/slots/conflict';
import type { DocumentLayout } from '../../lib/slots/document-layout';
import { type DocumentPlan, slotList } from '../../lib/slots/document-plan';
import { PlanView } from './PlanView';

export type PlanState = DocumentPlan | { ok: 'notJson'; error: string };

interface PlannedWriteProps {
  plan: PlanState;
  target: Target;
  layout: DocumentLayout;
  /** What each slot held when the edit began. */
  base: readonly (PageOption | null)[];
  /** What each slot holds now, as shown. */
  shown: readonly (PageOption | null)[];
  overwrite: boolean;
  onOverwrite: (overwrite: boolean) => void;
  onPreview: (preview: Extract<ImportPreview, { status: 'ready' }>, finalSlot: number) => void;
}

/** The page's own preview of a document write: no request; the cost at the assumed budget. */
const readyPreview = (target: Target, items: DocumentPreviewItem[]) => ({
  status: 'ready' as const,
  target,
  items,
  cost: documentCost(items),
});

/** A document job reads every piece at write time, written or not (issue 33, finding 6). */
function documentCost(items: DocumentPreviewItem[]) {
  const cost = planCost(items, null);
  return { ...cost, reads: items.length, minutes: (items.length + cost.writes) / cost.perMinute };
}

const sameValue = (a: PageOption | null | undefined, b: PageOption | null | undefined) =>
  !!a && !!b && sameContent(a, b);

export function PlannedWrite(props: PlannedWriteProps) {
  const { plan, target, layout, base, shown, overwrite } = props;
  if (plan.ok === 'notJson') {
    return (
      <p class="field-error" role="alert">
        {t('doc_notJson', plan.error)}
      </p>
    );
  }
  const ready = plan.ok === true && (plan.foreign.length === 0 || overwrite);
  // Slots the write changes that hold something else now than when the edit began.
  const changedSince =
    plan.ok === true
      ? plan.writes
          .filter(
            ({ slot }) => base[slot - 1] && shown[slot - 1] && !sameValue(base[slot - 1], shown[slot - 1]),
          )
          .map((w) => w.slot)
      : [];
  return (
    <>
      <PlanView plan={plan} slotCount={shown.length} overwrite={overwrite} onOverwrite={props.onOverwrite} />
      {changedSince.length > 0 && <p class="notice">{t('doc_changedSince', slotList(changedSince))}</p>}
      {plan.ok === true && (
        <button
          type="button"
          class="button button--primary"
          aria-disabled={ready ? undefined : 'true'}
          onClick={() =>
            ready &&
            props.onPreview(
              readyPreview(target, documentPreview(plan.writes, base, shown, layout.manifestSlot)),
              layout.manifestSlot,
            )
          }
        >
          {t('doc_preview')}
        </button>
      )}
    </>
  );
}
