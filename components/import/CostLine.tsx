/**
 * Before Confirm, what a job will cost: its reads and its writes apart (every slot it may write is
 * read once; only those shown differing or not known may be written), minutes at the budget, what
 * is skipped; and, when some slots are not known, what showing their current values first costs.
 */
import { t } from '../../lib/i18n';
import type { PlanCost } from '../../lib/jobs/write-plan';
import { rateSourceText } from '../budget-text';

/** Minutes as said: "about 4", at least 1 once anything is sent. */
const minutesText = (minutes: number) => String(Math.max(1, Math.ceil(minutes)));
const perMinuteText = (perMinute: number) => String(Math.round(perMinute * 10) / 10);

/** "Reads 80 slots, writes at most 6 (those that differ): about 9 min at 10 requests per minute." */
function requestsText(cost: PlanCost): string {
  const pace = [minutesText(cost.minutes), perMinuteText(cost.perMinute)];
  if (cost.writes === 0) return t('targets_costReadOnly', [String(cost.reads), ...pace]);
  return t('targets_cost', [String(cost.reads), String(cost.writes), ...pace]);
}

export function CostLine({ cost }: { cost: PlanCost }) {
  return (
    <p class="hint" aria-live="polite">
      {cost.reads + cost.writes > 0 && requestsText(cost)}{' '}
      {cost.reads + cost.writes > 0 && rateSourceText(cost.budget, Date.now())}{' '}
      {cost.skipped > 0 && t('targets_skipped', String(cost.skipped))}
    </p>
  );
}

/** "Show current values: 12 requests, about 1 min": reads the slots not known for the preview. */
export function ReadCurrentButton({
  reads,
  minutes,
  onRead,
}: {
  reads: number;
  minutes: number;
  onRead?: (() => void) | undefined;
}) {
  if (reads === 0 || !onRead) return null;
  return (
    <button type="button" class="button" onClick={onRead}>
      {t('import_readCurrent', [String(reads), minutesText(minutes)])}
    </button>
  );
}
