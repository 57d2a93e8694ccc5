/**
 * The portfolio's words that count: plural forms by the UI language's rules, and how far the table
 * is read ("4 of 12 buildings read", when the next row comes) while rows are still unread.
 */
import { t } from '../../lib/i18n';
import type { PortfolioTable } from '../../lib/storage/portfolio';
import { totalsOf } from '../../lib/portfolio/table';
import { formatNumber, uiLanguage } from '../display-format';
import { plural } from './summary-line';

export interface ReadProgress {
  read: number;
  total: number;
  /** When the next unread row is expected (null: not known, or the refresh is off). */
  nextAt: number | null;
}

/** How many rows were read at least once, and when the background refresh reads the next one. */
export function readProgress(table: PortfolioTable): ReadProgress {
  const total = table.rows.length;
  const read = table.rows.filter((row) => row.updatedAt !== null).length;
  let nextAt: number | null = null;
  if (read < total && table.paused !== 'off' && table.paused !== 'signedOut') {
    if (table.paused === 'budget') nextAt = table.resumesAt ?? null;
    else {
      const tried = table.rows.flatMap((row) => Object.values(row.checkedAt));
      const last = Math.max(table.listedAt, ...tried);
      const perRow = (table.round.minutes * 60_000) / Math.max(1, total);
      if (last > 0 && perRow > 0) nextAt = last + perRow;
    }
  }
  return { read, total, nextAt };
}

/** "4 of 12 buildings read · next about 14:05"; null once every row was read. */
export function progressText(table: PortfolioTable, now: number): string | null {
  const { read, total, nextAt } = readProgress(table);
  if (read >= total) return null;
  const text = plural(total, 'portfolio_read_one', 'portfolio_read_other', [
    formatNumber(read),
    formatNumber(total),
  ]);
  if (nextAt === null) return text;
  const at = new Intl.DateTimeFormat(uiLanguage(), { timeStyle: 'short' }).format(Math.max(nextAt, now));
  return `${text} · ${t('portfolio_nextRead', at)}`;
}

/** "12 buildings · 61 of 72 rooms let · 3 tenants late", with how far it is read while rows are unread. */
export function summaryText(table: PortfolioTable, now = Date.now()): string {
  const totals = totalsOf(table.rows);
  const n = (value: number | null) => (value === null ? '–' : formatNumber(value));
  const parts = [
    progressText(table, now) ??
      plural(table.rows.length, 'portfolio_buildings_one', 'portfolio_buildings_other', [
        n(table.rows.length),
      ]),
    plural(totals.roomsTotal ?? 0, 'portfolio_let_one', 'portfolio_let_other', [
      n(totals.roomsOccupied),
      n(totals.roomsTotal),
    ]),
  ];
  if (table.premium)
    parts.push(plural(totals.late ?? 0, 'portfolio_late_one', 'portfolio_late_other', [n(totals.late)]));
  return parts.join(' · ');
}
