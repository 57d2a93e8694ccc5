/** How the portfolio's figures read: "–" for anything unknown, never NaN or "undefined". */
import type { ComponentChildren } from 'preact';
import { t } from '../../lib/i18n';
import { occupancy } from '../../lib/portfolio/table';
import type { Column } from '../../lib/portfolio/table';
import type { PortfolioResource, PortfolioRow } from '../../lib/storage/portfolio';
import { formatAmount, formatNumber, relativeTime } from '../display-format';
import { localDateTime } from '../date-format';

export const DASH = '–';

/** The answer each column is made of (the name and age are the row's own). */
const RESOURCE: Partial<Record<Column, PortfolioResource>> = {
  area: 'details',
  roomsTotal: 'rooms',
  roomsOccupied: 'rooms',
  roomsFree: 'rooms',
  occupancy: 'rooms',
  rentLet: 'rooms',
  rentEmpty: 'rooms',
  tenants: 'tenants',
  oldestPayment: 'tenants',
  late: 'tenants',
  balance: 'accounts',
};

/**
 * A cell whose answer was never tried yet (its read still queued) and that knows nothing: "not read
 * yet", not "–" (the mark for "none"). Once tried, a missing or failed answer reads "–" (a failure named).
 */
export function waiting(row: PortfolioRow, column: Column): boolean {
  const resource = RESOURCE[column];
  const value =
    column === 'area'
      ? row.area
      : column === 'occupancy'
        ? row.figures.roomsTotal
        : column in row.figures
          ? row.figures[column as keyof PortfolioRow['figures']]
          : null;
  return (
    value === null &&
    resource !== undefined &&
    row.checkedAt[resource] === undefined &&
    row.problems[resource] === undefined
  );
}

/** "…" in the cell (quiet across a table still filling), its words for screen readers and on hover. */
export const Waiting = () => (
  <span class="portfolio__note" title={t('portfolio_waiting')}>
    <span aria-hidden="true">…</span>
    <span class="visually-hidden">{t('portfolio_waiting')}</span>
  </span>
);

/** An odd number (NaN, Infinity) reads as unknown too. */
const known = (value: number | null): value is number => value !== null && Number.isFinite(value);
export const count = (value: number | null) => (known(value) ? formatNumber(value) : DASH);
export const amount = (value: number | null) => (known(value) ? formatAmount(value) : DASH);

export function Occupancy({ row }: { row: PortfolioRow }) {
  const share = occupancy(row.figures);
  if (share === null) return <>{DASH}</>;
  const percent = `${formatNumber(Math.round(share * 100))} %`;
  // A bar of two spans, not a <meter>: 500 meters' shadow trees weighed on every sort's layout.
  return (
    <span class="portfolio__occupancy">
      <span class="portfolio__bar" aria-hidden="true">
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
      {percent}
    </span>
  );
}

export function OldestPayment({ row }: { row: PortfolioRow }): ComponentChildren {
  if (row.figures.paymentsHidden) return <span class="portfolio__note">{t('portfolio_paymentsHidden')}</span>;
  return row.figures.oldestPayment ? localDateTime(row.figures.oldestPayment) : DASH;
}

export function Late({ row }: { row: PortfolioRow }): ComponentChildren {
  if (row.figures.paymentsHidden) return DASH;
  return count(row.figures.late);
}

export const age = (row: PortfolioRow, now: number) =>
  row.updatedAt === null ? t('portfolio_never') : relativeTime(row.updatedAt, now);
