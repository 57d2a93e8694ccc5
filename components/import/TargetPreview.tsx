/**
 * The preview of a write across targets (a restore, a copy): per target its name and counts
 * (changed, unchanged, read before writing, needs premium, not yours) with its slots, each target
 * included or left out by the user (a restore of a few targets out of a backup), then the cost at
 * the budget, whether it fits its storage, and one Confirm for the included targets.
 */
import { useState } from 'preact/hooks';
import type { BuildingListEntry } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import { type TargetPlan, keepTargets, undoGoes, writeCount } from '../../lib/jobs/multi-plan';
import { budgetOfCost, readCost } from '../../lib/jobs/write-plan';
import { Time } from '../shared/time';
import { CostLine, ReadCurrentButton } from './CostLine';
import { TargetSection } from './TargetSection';
import { nameTarget } from './target-name';

import type { ReadyTargets } from '../jobs/job-model';

export type { ReadyTargets };

interface TargetPreviewProps {
  preview: ReadyTargets;
  buildings: readonly BuildingListEntry[] | null;
  factories?: readonly { id: string; name: string }[];
  /** The heading: a restore names its targets, a copy its slot. */
  heading?: string;
  starting: boolean;
  /** Previews again with the slots not known read now (the user asked to see their values). */
  onReadCurrent?: () => void;
  /** Called with the preview of the included targets. */
  onConfirm: (chosen: ReadyTargets) => void;
  onCancel: () => void;
}

/**
 * Said when some slots held their value only in cached answers: "Judged from answers of 3 min ago".
 * Each is read before it is written; "Show current values" reads them now.
 */
function JudgedFrom({ plans }: { plans: readonly TargetPlan[] }) {
  const held = plans.flatMap((plan) => plan.slots).filter((slot) => slot.status === 'heldWhenSeen');
  if (held.length === 0) return null;
  const oldest = Math.min(...held.map((slot) => slot.seenAt ?? Date.now()));
  return (
    <p class="hint" role="status">
      <Time ms={oldest} label={(relative) => t('targets_judgedFrom', [String(held.length), relative])} />
    </p>
  );
}

const keyOf = (plan: TargetPlan) => `${plan.target.kind}:${plan.target.id}`;

function ConfirmButton({
  chosen,
  starting,
  fits,
  onConfirm,
}: {
  chosen: ReadyTargets;
  starting: boolean;
  fits: boolean;
  onConfirm: (chosen: ReadyTargets) => void;
}) {
  if (writeCount(chosen.targets) === 0) return <p class="hint">{t('import_nothing')}</p>;
  const targets = String(chosen.targets.filter((plan) => writeCount([plan]) > 0).length);
  const { reads, writes } = chosen.cost;
  // Slots a cached answer showed holding their value are checked, not written unasked: said apart.
  const label =
    reads === writes
      ? t('targets_confirm', [String(writes), targets])
      : writes === 0
        ? t('targets_confirmCheckOnly', [String(reads), targets])
        : t('targets_confirmCheck', [String(reads), targets, String(writes)]);
  return (
    <button
      type="button"
      class="button button--primary"
      aria-disabled={starting || !fits ? 'true' : undefined}
      onClick={() => {
        if (!starting && fits) onConfirm(chosen);
      }}
    >
      {label}
    </button>
  );
}

export function TargetPreview(props: TargetPreviewProps) {
  const { preview, buildings, factories, starting, onConfirm, onCancel } = props;
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const chosen = left.size === 0 ? preview : keepTargets(preview, (plan) => !left.has(keyOf(plan)));
  const fits = chosen.storage.bytes <= chosen.storage.max;
  const undoLost = fits ? undoGoes(chosen.storage) : 0;
  const toRead = readCost(
    chosen.targets.flatMap((plan) => plan.slots),
    budgetOfCost(chosen.cost),
  );
  const choice = preview.targets.length > 1;
  const include = (plan: TargetPlan, included: boolean) => {
    const next = new Set(left);
    if (included) next.delete(keyOf(plan));
    else next.add(keyOf(plan));
    setLeft(next);
  };
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
        <TargetSection
          key={keyOf(plan)}
          plan={plan}
          label={label(plan)}
          {...(choice
            ? { included: !left.has(keyOf(plan)), onInclude: (on: boolean) => include(plan, on) }
            : {})}
        />
      ))}
      <CostLine cost={chosen.cost} />
      <JudgedFrom plans={chosen.targets} />
      <ReadCurrentButton {...toRead} onRead={props.onReadCurrent} />
      {!fits && (
        <p class="notice" role="alert">
          {t('targets_storage', [
            String(Math.ceil(chosen.storage.bytes / 1024)),
            String(Math.floor(chosen.storage.max / 1024)),
          ])}
        </p>
      )}
      {undoLost > 0 && (
        <p class="notice" role="status">
          {t('targets_undoGoes', String(undoLost))}
        </p>
      )}
      <div class="actions">
        {chosen.targets.length === 0 ? (
          <p class="field-error" role="alert">
            {t('targets_chooseOne')}
          </p>
        ) : (
          <ConfirmButton chosen={chosen} starting={starting} fits={fits} onConfirm={onConfirm} />
        )}
        <button type="button" class="button button--quiet" onClick={onCancel}>
          {t('import_cancel')}
        </button>
      </div>
    </section>
  );
}
