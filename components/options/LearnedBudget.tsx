/**
 * Under "Requests per minute": what the worker learned of the key's limit and when (or that the
 * server announced it, or that it is set here), with "Learn again" (issue 35).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Budget } from '../../lib/api/budget';
import { t } from '../../lib/i18n';
import { type Send, send as realSend } from '../../lib/messaging/page-client';
import { budgetText } from '../budget-text';

export interface LearnedBudgetProps {
  send?: Send;
  /** The clock, for tests; Date.now by default. */
  now?: () => number;
}

export function LearnedBudget({ send = realSend, now = Date.now }: LearnedBudgetProps) {
  const [budget, setBudget] = useState<Budget | null | undefined>(undefined);
  const [forgotten, setForgotten] = useState(false);
  const read = async () => {
    const answer = await send('getRequestQueue', {});
    setBudget(answer.ok ? (answer.value.queue?.budget ?? null) : null);
  };
  useEffect(() => {
    void read();
  }, [send]);
  if (budget === undefined) return null;
  const learnAgain = async () => {
    const answer = await send('relearnBudget', {});
    setForgotten(answer.ok && answer.value.forgotten);
    await read();
  };
  return (
    <div class="field" role="group" aria-label={t('budget_heading')}>
      <p class="hint" aria-live="polite">
        {forgotten ? t('budget_forgotten') : budgetText(budget, now())}
      </p>
      {(budget?.source === 'learned' || budget?.source === 'headers') && (
        <div class="actions">
          <button type="button" class="button" onClick={() => void learnAgain()}>
            {t('budget_learnAgain')}
          </button>
        </div>
      )}
    </div>
  );
}
