/** The portfolio table's columns as shown: which need premium, which hold figures. */
import { t } from '../../lib/i18n';
import { COLUMNS, type Column, type Totals } from '../../lib/portfolio/table';
import { amount, count } from './cells';

const PREMIUM_ONLY: ReadonlySet<Column> = new Set(['tenants', 'oldestPayment', 'late', 'balance']);
/** The columns without premium, one array for every render (rows compare it by identity). */
const BASIC_COLUMNS: readonly Column[] = COLUMNS.filter((c) => !PREMIUM_ONLY.has(c));
/** The columns of text and dates; every other holds a figure. */
const TEXTUAL: ReadonlySet<Column> = new Set(['name', 'area', 'oldestPayment', 'updatedAt']);

/** A cell's class: figures align at their end. */
export const numClass = (column: Column) => (TEXTUAL.has(column) ? '' : 'num');
/** The columns shown: one array per premium state, so rows compare them by identity. */
export const tableColumns = (premium: boolean) => (premium ? COLUMNS : BASIC_COLUMNS);

/** A column's cell in the totals row: its label under the name, a sum or nothing elsewhere. */
export function totalCell(totals: Totals, column: Column): string {
  if (column === 'name') return t('portfolio_totals');
  if (!(column in totals)) return '';
  const value = totals[column as keyof Totals];
  return column === 'rentLet' || column === 'rentEmpty' || column === 'balance'
    ? amount(value)
    : count(value);
}
