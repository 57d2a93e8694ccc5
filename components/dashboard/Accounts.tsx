/** The bank accounts of a building, and the transactions of the chosen one, 25 per page. */
import type { LooseRecord } from '../../lib/api/schemas';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { TRANSACTIONS_LIMIT_MAX, TRANSACTIONS_SKIP_MAX } from '../../lib/api/limits';
import type { TransactionsState } from './transactions';
import { BalanceChart } from './BalanceChart';
import { ExportButton } from './ExportButton';
import { RecordTable } from './RecordTable';
import { Section } from './Section';

const ID_FIELDS = ['id', 'bankId', 'accountId', 'number', 'accountNumber', 'iban'];

/** The identifier the transactions endpoint takes, as far as a record shows one. */
export function accountId(record: LooseRecord): string | null {
  for (const field of ID_FIELDS) {
    const value = record[field];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  }
  return null;
}

const accountName = (record: LooseRecord) => {
  const name = record.label ?? record.name ?? record.note ?? record.vban;
  return typeof name === 'string' && name ? name : (accountId(record) ?? '?');
};

export interface AccountsTableProps {
  accounts: LooseRecord[];
  chosen: string | null;
  onChoose: (bankId: string) => void;
  now?: number;
}

export function AccountsTable({ accounts, chosen, onChoose, now }: AccountsTableProps) {
  if (accounts.length === 0) return <p class="empty">{t('accounts_empty')}</p>;
  return (
    <RecordTable
      caption={t('accounts_caption', String(accounts.length))}
      records={accounts}
      now={now}
      rowKey={(r, i) => accountId(r) ?? String(i)}
      rowAction={{
        onRow: (record) => {
          const id = accountId(record);
          if (id !== null) onChoose(id);
        },
        render: (record, content) => {
          const id = accountId(record);
          if (id === null) return content;
          return (
            <button
              type="button"
              class="row-link"
              aria-pressed={chosen === id ? 'true' : 'false'}
              aria-label={t('accounts_show', accountName(record))}
              onClick={(event) => {
                event.stopPropagation();
                onChoose(id);
              }}
            >
              {content}
            </button>
          );
        },
      }}
    />
  );
}

export interface TransactionsProps {
  state: TransactionsState;
  accountLabel: string;
  /** The account's current balance: the newest page draws the balance chart from it. */
  balance?: number | null;
  now: number;
  onPage: (skip: number) => void;
  onExport?: (bankId: string, label: string) => Promise<{ name: string; text: string; note?: string }>;
  onRetry: () => void;
  onOpenSettings: () => void;
}

export function Transactions({
  state,
  accountLabel,
  balance = null,
  now,
  onPage,
  onExport,
  onRetry,
  onOpenSettings,
}: TransactionsProps) {
  const { skip } = state;
  const anchor = useRef<HTMLDivElement>(null);
  const shown = state.page.status !== 'loading';
  // Opened by a click on an account: its transactions come into view (the popup is one column),
  // again once they are shown (sections above may have grown meanwhile).
  useEffect(() => {
    anchor.current?.scrollIntoView({ block: 'start' });
  }, [state.bankId, shown]);
  return (
    <div ref={anchor} class="transactions">
      <Section
        title={t('section_transactions', accountLabel)}
        headingLevel={3}
        state={state.page}
        now={now}
        onRetry={onRetry}
        onOpenSettings={onOpenSettings}
        skeletonRows={6}
      >
        {({ transactions: records, total }) => {
          const from = skip + 1;
          const to = skip + records.length;
          const full = total === null ? records.length >= TRANSACTIONS_LIMIT_MAX : to < total;
          const atCeiling = skip >= TRANSACTIONS_SKIP_MAX;
          const hasOlder = full && !atCeiling;
          const range = [String(from), String(Math.max(from, to))];
          return (
            <>
              {records.length > 0 && <BalanceChart records={records} balance={skip === 0 ? balance : null} />}
              {records.length === 0 ? (
                <p class="empty">{skip === 0 ? t('tx_empty') : t('tx_end')}</p>
              ) : (
                <RecordTable
                  caption={t('tx_caption', [String(from), String(to)])}
                  records={records}
                  now={now}
                  rowKey={(r, i) => (typeof r.id === 'string' ? r.id : String(skip + i))}
                />
              )}
              <nav class="pager" aria-label={t('tx_pager')}>
                <button
                  type="button"
                  class="button"
                  disabled={skip === 0}
                  onClick={() => onPage(skip - TRANSACTIONS_LIMIT_MAX)}
                >
                  {t('tx_newer')}
                </button>
                <span class="pager__where">
                  {total === null ? t('tx_range', range) : t('tx_range_total', [...range, String(total)])}
                </span>
                <button
                  type="button"
                  class="button"
                  disabled={!hasOlder}
                  onClick={() => onPage(skip + TRANSACTIONS_LIMIT_MAX)}
                >
                  {t('tx_older')}
                </button>
              </nav>
              {full && atCeiling && (
                <p class="note">{t('tx_ceiling', String(TRANSACTIONS_SKIP_MAX + TRANSACTIONS_LIMIT_MAX))}</p>
              )}
              {!full && records.length > 0 && <p class="hint">{t('tx_end')}</p>}
              {onExport && records.length > 0 && (
                <ExportButton
                  label={t('export_transactions')}
                  build={() => onExport(state.bankId, accountLabel.replace(/[^\p{L}\p{N}-]+/gu, '-'))}
                />
              )}
            </>
          );
        }}
      </Section>
    </div>
  );
}
