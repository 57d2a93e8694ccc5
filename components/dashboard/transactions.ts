/** The transactions of one bank account, a page at a time, within the API's bounds. */
import { createModel, signal } from '@preact/signals';
import { TRANSACTIONS_LIMIT_MAX, TRANSACTIONS_SKIP_MAX } from '../../lib/api/limits';
import type { TransactionsPage } from '../../lib/api/schemas';
import { LOADING, type Loadable, settled } from '../../lib/loadable';
import type { PageContext } from '../page/context';

export interface TransactionsState {
  bankId: string;
  skip: number;
  page: Loadable<TransactionsPage>;
}

export const Transactions = createModel((page: PageContext) => {
  const transactions = signal<TransactionsState | null>(null);

  async function load(bankId: string, skip: number): Promise<void> {
    const shown = transactions.value;
    const before = shown?.bankId === bankId && shown.skip === skip ? shown.page : null;
    transactions.value = {
      bankId,
      skip,
      page: before?.status === 'ready' ? { ...before, refreshing: true, refreshError: null } : LOADING,
    };
    const answer = await page.send('listTransactions', { bankId, limit: TRANSACTIONS_LIMIT_MAX, skip });
    const now = transactions.value;
    if (now?.bankId !== bankId || now.skip !== skip) return;
    transactions.value = { bankId, skip, page: settled(now.page, answer, page.now()) };
  }

  return {
    transactions,
    open: (bankId: string) => void load(bankId, 0),
    close: () => {
      transactions.value = null;
    },
    turn(skip: number): void {
      const shown = transactions.value;
      if (!shown) return;
      void load(shown.bankId, Math.max(0, Math.min(TRANSACTIONS_SKIP_MAX, skip)));
    },
  };
});

export type Transactions = InstanceType<typeof Transactions>;
