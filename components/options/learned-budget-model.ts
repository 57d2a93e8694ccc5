/** What the worker learned of the key's request budget, read when shown, and "Learn again". */
import { createModel, signal } from '@preact/signals';
import type { Budget } from '../../lib/api/budget';
import type { Send } from '../../lib/messaging/page-client';

export const LearnedBudgetModel = createModel((send: Send) => {
  /** undefined until the worker answered; null when it knows no budget. */
  const budget = signal<Budget | null | undefined>(undefined);
  /** "Learn again" made the worker forget what it had learned. */
  const forgotten = signal(false);
  const read = async () => {
    const answer = await send('getRequestQueue', {});
    budget.value = answer.ok ? (answer.value.queue?.budget ?? null) : null;
  };
  // Read once, when the view that makes the model is shown.
  void read();
  return {
    budget,
    forgotten,
    async learnAgain(): Promise<void> {
      const answer = await send('relearnBudget', {});
      forgotten.value = answer.ok && answer.value.forgotten;
      await read();
    },
  };
});
