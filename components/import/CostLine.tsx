/**
 * Before Confirm, what a job will cost: requests (reads + writes), minutes at the budget, what is
 * skipped; and, when some slots are not known, what showing their current values first costs.
 */
import { t } from '../../lib/i18n';
import type { PlanCost } from '../../lib/jobs/write-plan';
import { rateSourceText } from '../budget-text';

/** Minutes as said: "about 4", at least 1 once anything is sent. */
const minutesText = (minutes: number) => String(Math.max(1, Math.ceil(minutes)));
const perMinuteText = (perMinute: number) => String(Math.round(perMinute * 10) / 10);

export function CostLine({ cost }: { cost: PlanCost }) {
  return (
    <p class="hint" aria-live="polite">
      {cost.reads + cost.writes > 0 &&
        t('targets_cost', [
          String(cost.reads + cost.writes),
          String(cost.reads),
          String(cost.writes),
          minutesText(cost.minutes),
          perMinuteText(cost.perMinute),
        ])}{' '}
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
