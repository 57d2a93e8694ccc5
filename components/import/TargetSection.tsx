/** One target of a preview across targets: its name, counts and slots, and whether it is included. */
import { t } from '../../lib/i18n';
import { type TargetPlan, countsOf } from '../../lib/jobs/multi-plan';
import type { PlannedSlot } from '../../lib/jobs/write-plan';
import { PreviewSlot } from './Preview';

function countsText(slots: readonly PlannedSlot[]): string {
  const counts = countsOf(slots);
  if (counts.notYours > 0) return t('targets_notYours', String(counts.notYours));
  const parts: [number, Parameters<typeof t>[0]][] = [
    [counts.changed, 'targets_changed'],
    [counts.unchanged, 'targets_unchanged'],
    [counts.heldWhenSeen, 'targets_heldWhenSeen'],
    [counts.unknown, 'targets_unknown'],
    [counts.needsPremium, 'targets_needsPremium'],
    [counts.overLimit, 'targets_overLimit'],
  ];
  return parts
    .filter(([count]) => count > 0)
    .map(([count, key]) => t(key, String(count)))
    .join(', ');
}

function PlannedSlotRow({ slot }: { slot: PlannedSlot }) {
  if (
    slot.status === 'changed' ||
    slot.status === 'unchanged' ||
    slot.status === 'unknown' ||
    slot.status === 'heldWhenSeen'
  )
    return <PreviewSlot item={{ ...slot, unchanged: slot.status === 'unchanged' }} />;
  const note =
    slot.status === 'needsPremium'
      ? t('targets_slotNeedsPremium')
      : slot.status === 'overLimit'
        ? t('targets_slotOverLimit')
        : t('targets_slotNotYours');
  return (
    <li class="preview__slot">
      <h4 class="preview__heading">
        {t('import_slot', String(slot.slot))} <span class="badge">{note}</span>
      </h4>
      <p class="hint">
        <span class="preview__title">{slot.title || t('slot_emptyValue')}</span>
      </p>
    </li>
  );
}

interface TargetSectionProps {
  plan: TargetPlan;
  label: string;
  /** Whether the job includes it; absent when there is no choice (a single target). */
  included?: boolean;
  onInclude?: (included: boolean) => void;
}

export function TargetSection({ plan, label, included, onInclude }: TargetSectionProps) {
  return (
    <section class="preview__target" role="group" aria-label={label}>
      <h4>{label}</h4>
      {included !== undefined && (
        <label class="check">
          <input
            type="checkbox"
            checked={included}
            onChange={(event) => onInclude?.(event.currentTarget.checked)}
          />{' '}
          {t('targets_include', label)}
        </label>
      )}
      <p class="hint">{countsText(plan.slots)}</p>
      <details>
        <summary>{t('targets_details', label)}</summary>
        <ol class="preview__slots">
          {plan.slots.map((slot) => (
            <PlannedSlotRow key={slot.slot} slot={slot} />
          ))}
        </ol>
      </details>
    </section>
  );
}
