/**
 * Under "Requests per minute": what the worker learned of the key's limit and when (or that the
 * server announced it, or that it is set here), with "Learn again" (issue 35).
 */
import { useModel } from '@preact/signals';
import { t } from '../../lib/i18n';
import { type Send, send as realSend } from '../../lib/messaging/page-client';
import { budgetText } from '../budget-text';
import { LearnedBudgetModel } from './learned-budget-model';

export interface LearnedBudgetProps {
  send?: Send;
  /** The clock, for tests; Date.now by default. */
  now?: () => number;
}

export function LearnedBudget({ send = realSend, now = Date.now }: LearnedBudgetProps) {
  const model = useModel(() => new LearnedBudgetModel(send));
  const budget = model.budget.value;
  if (budget === undefined) return null;
  return (
    <div class="field" role="group" aria-label={t('budget_heading')}>
      <p class="hint" aria-live="polite">
        {model.forgotten.value ? t('budget_forgotten') : budgetText(budget, now())}
      </p>
      {(budget?.source === 'learned' || budget?.source === 'headers') && (
        <div class="actions">
          <button type="button" class="button" onClick={() => void model.learnAgain()}>
            {t('budget_learnAgain')}
          </button>
        </div>
      )}
    </div>
  );
}
