/** The portfolio table's columns as shown: which need premium, which hold figures. */
import { COLUMNS, type Column } from '../../lib/portfolio/table';

const PREMIUM_ONLY: ReadonlySet<Column> = new Set(['tenants', 'oldestPayment', 'late', 'balance']);
/** The columns without premium, one array for every render (rows compare it by identity). */
const BASIC_COLUMNS: readonly Column[] = COLUMNS.filter((c) => !PREMIUM_ONLY.has(c));
const NUMERIC: ReadonlySet<Column> = new Set([
  'roomsTotal',
  'roomsOccupied',
  'roomsFree',
  'occupancy',
  'rentLet',
  'rentEmpty',
  'tenants',
  'late',
  'balance',
]);

/** A cell's class: figures align at their end. */
export const numClass = (column: Column) => (NUMERIC.has(column) ? 'num' : '');
/** The columns shown: one array per premium state, so rows compare them by identity. */
export const tableColumns = (premium: boolean) => (premium ? COLUMNS : BASIC_COLUMNS);
