/**
 * The preview of a write across targets (a restore, a copy): per target its name and counts
 * (changed, unchanged, read before writing, needs premium, not yours) with its slots, then the
 * cost at the budget, whether it fits its storage, and one Confirm.
 */
import type { BuildingListEntry } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import {
  type PlannedSlot,
  type TargetPlan,
  countsOf,
  jobSlotsOf,
  writeCount,
} from '../../lib/import/multi-plan';
import type { TargetsPreview } from '../../lib/messaging/protocol';
import { CostLine } from './CostLine';
import { PreviewSlot } from './Preview';
import { nameTarget } from './target-name';

export type ReadyTargets = Extract<TargetsPreview, { status: 'ready' }>;

interface TargetPreviewProps {
  preview: ReadyTargets;
  buildings: readonly BuildingListEntry[] | null;
  factories?: readonly { id: string; name: string }[];
  /** The heading: a restore names its targets, a copy its slot. */
  heading?: string;
  starting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

function countsText(slots: readonly PlannedSlot[]): string {
  const counts = countsOf(slots);
  if (counts.notYours > 0) return t('targets_notYours', String(counts.notYours));
  const parts: [number, Parameters<typeof t>[0]][] = [
    [counts.changed, 'targets_changed'],
    [counts.unchanged, 'targets_unchanged'],
    [counts.unknown, 'targets_unknown'],
    [counts.needsPremium, 'targets_needsPremium'],
  ];
  return parts
    .filter(([count]) => count > 0)
    .map(([count, key]) => t(key, String(count)))
    .join(', ');
}

function PlannedSlotRow({ slot }: { slot: PlannedSlot }) {
  if (slot.status === 'changed' || slot.status === 'unchanged')
    return <PreviewSlot item={{ ...slot, unchanged: slot.status === 'unchanged' }} />;
  const note =
    slot.status === 'unknown'
      ? t('targets_slotUnknown')
      : slot.status === 'needsPremium'
        ? t('targets_slotNeedsPremium')
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

function TargetSection({ plan, label }: { plan: TargetPlan; label: string }) {
  return (
    <section class="preview__target" role="group" aria-label={label}>
      <h4>{label}</h4>
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

export function TargetPreview(props: TargetPreviewProps) {
  const { preview, buildings, factories, starting, onConfirm, onCancel } = props;
  const checks = jobSlotsOf(preview.targets);
  const writes = writeCount(preview.targets);
  const targets = preview.targets.filter((plan) =>
    writes > 0 ? writeCount([plan]) > 0 : plan.slots.some((slot) => slot.status === 'unchanged'),
  ).length;
  const fits = preview.storage.bytes <= preview.storage.max;
  const label = (plan: TargetPlan) => {
    const named = nameTarget(plan.target, buildings, factories);
    return plan.name && named.label.endsWith(plan.target.id)
      ? `${plan.name} (${plan.target.id})`
      : named.label;
  };
  return (
    <section class="preview" aria-label={t('import_preview')}>
      <h3>{props.heading ?? t('targets_heading', String(preview.targets.length))}</h3>
      {preview.targets.map((plan) => (
        <TargetSection key={`${plan.target.kind}:${plan.target.id}`} plan={plan} label={label(plan)} />
      ))}
      <CostLine cost={preview.cost} />
      {!fits && (
        <p class="notice" role="alert">
          {t('targets_storage', [
            String(Math.ceil(preview.storage.bytes / 1024)),
            String(Math.floor(preview.storage.max / 1024)),
          ])}
        </p>
      )}
      <div class="actions">
        {checks.length > 0 ? (
          <button
            type="button"
            class="button button--primary"
            aria-disabled={starting || !fits ? 'true' : undefined}
            onClick={() => {
              if (!starting && fits) onConfirm();
            }}
          >
            {writes > 0
              ? t('targets_confirm', [String(writes), String(targets)])
              : t('targets_confirmCheck', [String(checks.length), String(targets)])}
          </button>
        ) : (
          <p class="hint">{t('import_nothing')}</p>
        )}
        <button type="button" class="button button--quiet" onClick={onCancel}>
          {t('import_cancel')}
        </button>
      </div>
    </section>
  );
}
