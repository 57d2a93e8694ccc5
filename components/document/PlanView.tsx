/**
 * A planned document write: the slots it needs, the leftover pieces it clears, and the slots in
 * its range that hold something else (overwritten only once the user ticks the box), or why it
 * does not fit (refused before anything is written).
 */
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { type DocumentPlan, slotList, slotRange } from '../../lib/slots/document-plan';

export function PlanView({
  plan,
  slotCount,
  overwrite,
  onOverwrite,
}: {
  plan: DocumentPlan;
  slotCount: number;
  overwrite: boolean;
  onOverwrite: (on: boolean) => void;
}) {
  const box = useId();
  if (!plan.ok) {
    return (
      <p class="field-error" role="alert">
        {t('doc_tooLarge', [String(plan.needed), String(plan.first), String(plan.available)])}
      </p>
    );
  }
  return (
    <div class="document-plan" role="status">
      <p>
        {t('doc_needs', [String(plan.needed), String(slotCount), slotRange(plan.first, plan.last)])}
        {plan.cleared.length > 0 && ` ${t('doc_clears', slotList(plan.cleared))}`}
      </p>
      {plan.foreign.length > 0 && (
        <div class="notice notice--error">
          <ul>
            {plan.foreign.map((f) => (
              <li key={f.slot}>{t('doc_foreign', [String(f.slot), f.title, String(f.length)])}</li>
            ))}
          </ul>
          <input
            id={box}
            type="checkbox"
            checked={overwrite}
            onChange={(event) => onOverwrite(event.currentTarget.checked)}
          />{' '}
          <label for={box}>{t('doc_overwrite')}</label>
        </div>
      )}
    </div>
  );
}
