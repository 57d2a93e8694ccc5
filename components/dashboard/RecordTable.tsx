/**
 * A table for records whose shape the spec does not show (bank accounts, transactions): well-known
 * fields first under translated headers, then every other field under its own name. Values are
 * rendered as text; amounts and timestamps are formatted (a time relative, on one line, the exact
 * time in its title). Below about 480 px each row reads as a card: every cell names its column
 * (data-label), the table stays a table for screen readers.
 */
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import type { LooseRecord } from '../../lib/api/schemas';
import { type MessageKey, t } from '../../lib/i18n';
import { formatAmount, relativeTime } from '../display-format';
import { exactUtc, localDateTime, looksLikeTimestamp } from '../date-format';

export interface Column {
  field: string;
  label: string;
  /** 'flag': a boolean shown as a mark when true (the main account). */
  kind: 'amount' | 'text' | 'flag';
}

const KNOWN: Record<string, { key: MessageKey; kind: Column['kind'] }> = {
  label: { key: 'col_label', kind: 'text' },
  name: { key: 'col_label', kind: 'text' },
  note: { key: 'col_note', kind: 'text' },
  main: { key: 'col_main', kind: 'flag' },
  date: { key: 'col_date', kind: 'text' },
  timestamp: { key: 'col_date', kind: 'text' },
  iban: { key: 'col_iban', kind: 'text' },
  vban: { key: 'col_vban', kind: 'text' },
  number: { key: 'col_number', kind: 'text' },
  accountNumber: { key: 'col_number', kind: 'text' },
  counterparty: { key: 'col_counterparty', kind: 'text' },
  reference: { key: 'col_reference', kind: 'text' },
  senderVban: { key: 'col_sender', kind: 'text' },
  receiverVban: { key: 'col_receiver', kind: 'text' },
  purpose: { key: 'col_purpose', kind: 'text' },
  amount: { key: 'col_amount', kind: 'amount' },
  balance: { key: 'col_balance', kind: 'amount' },
  id: { key: 'col_id', kind: 'text' },
};
const ORDER = Object.keys(KNOWN);

/** Columns for the fields present in any record, known ones in a reading order. */
export function columnsOf(records: LooseRecord[]): Column[] {
  const fields = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const rank = (f: string) => (ORDER.includes(f) ? ORDER.indexOf(f) : ORDER.length);
  return fields
    .sort((a, b) => rank(a) - rank(b))
    .map((field) => {
      const known = KNOWN[field];
      return known ? { field, label: t(known.key), kind: known.kind } : { field, label: field, kind: 'text' };
    });
}

export function Cell({ value, kind, now }: { value: unknown; kind: Column['kind']; now: number }) {
  if (value === undefined || value === null || value === '') return <>–</>;
  if (kind === 'flag' && typeof value === 'boolean') {
    return value ? <strong class="flag">{t('accounts_main')}</strong> : <>–</>;
  }
  if (kind === 'amount' && typeof value === 'number') {
    return <span class={value < 0 ? 'amount amount--negative' : 'amount'}>{formatAmount(value)}</span>;
  }
  if (looksLikeTimestamp(value)) {
    const at = Date.parse(value);
    return (
      <time dateTime={value} title={`${localDateTime(value)} (${exactUtc(value)})`}>
        {Number.isNaN(at) ? value : relativeTime(at, now)}
      </time>
    );
  }
  if (typeof value === 'object') return <code>{JSON.stringify(value)}</code>;
  return <>{String(value)}</>;
}

export interface RecordTableProps {
  caption: string;
  records: LooseRecord[];
  /** For relative times ("3 days ago"). */
  now?: number;
  /**
   * The row's action, at its start: the first cell's content becomes this (e.g. a button named by
   * the record), and a click anywhere on the row does `onRow`.
   */
  rowAction?: {
    render: (record: LooseRecord, content: ComponentChildren) => ComponentChildren;
    onRow: (record: LooseRecord) => void;
  };
  rowKey: (record: LooseRecord, index: number) => string;
}

const cellClass = (c: Column) => (c.kind === 'amount' ? 'num' : undefined);

export function RecordTable({ caption, records, now = Date.now(), rowAction, rowKey }: RecordTableProps) {
  const captionId = useId();
  const columns = columnsOf(records);
  const [first, ...rest] = columns;
  return (
    <div class="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table class="table table--cards">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.field} scope="col" class={cellClass(c)}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.map((record, i) => {
            const content = first && <Cell value={record[first.field]} kind={first.kind} now={now} />;
            return (
              <tr
                key={rowKey(record, i)}
                class={rowAction ? 'table__row--action' : undefined}
                onClick={rowAction && (() => rowAction.onRow(record))}
              >
                {first && (
                  <th scope="row" class={cellClass(first)}>
                    {rowAction ? rowAction.render(record, content) : content}
                  </th>
                )}
                {rest.map((c) => (
                  <td key={c.field} class={cellClass(c)} data-label={c.label}>
                    <Cell value={record[c.field]} kind={c.kind} now={now} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
