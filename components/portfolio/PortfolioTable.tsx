/**
 * The portfolio as a real table: a header button per column sorts it (again: the other way), the
 * name opens the building, each row starts with its refresh and has its age, and the totals row sums
 * what is shown. Every cell names its column (data-label): narrow, the rows read as cards.
 */
import { Component } from 'preact';
import { t } from '../../lib/i18n';
import { COLUMNS, type Column, type Sort, totalsOf } from '../../lib/portfolio/table';
import type { PortfolioRow } from '../../lib/storage/portfolio';
import { DASH, Late, OldestPayment, Occupancy, age, amount, count } from './cells';
import { columnLabels } from './column-labels';

export interface PortfolioTableProps {
  rows: readonly PortfolioRow[];
  totals: ReturnType<typeof totalsOf>;
  sort: Sort;
  now: number;
  premium: boolean;
  refreshing: ReadonlySet<string>;
  onSort: (column: Column) => void;
  onOpen: (buildingId: string) => void;
  onRefresh: (buildingId: string) => void;
}

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

function Cell({ row, column, now }: { row: PortfolioRow; column: Column; now: number }) {
  const f = row.figures;
  switch (column) {
    case 'area':
      return <>{row.area ?? DASH}</>;
    case 'occupancy':
      return <Occupancy row={row} />;
    case 'rentLet':
    case 'rentEmpty':
    case 'balance':
      return <>{amount(f[column])}</>;
    case 'oldestPayment':
      return <>{OldestPayment({ row })}</>;
    case 'late':
      return <>{Late({ row })}</>;
    case 'updatedAt':
      return <>{age(row, now)}</>;
    default:
      return <>{column === 'name' ? row.name : count(f[column])}</>;
  }
}

function Problems({ row }: { row: PortfolioRow }) {
  const entries = Object.entries(row.problems);
  if (entries.length === 0) return null;
  return (
    <span class="portfolio__problem">
      {entries.map(([resource, kind]) => t('portfolio_problem', [resource, kind])).join('; ')}
    </span>
  );
}

interface RowProps {
  row: PortfolioRow;
  columns: readonly Column[];
  now: number;
  refreshing: boolean;
  onOpen: (buildingId: string) => void;
  onRefresh: (buildingId: string) => void;
}

/**
 * One building's row. A sort keeps the rows it shows as they are (only moved): a row renders again
 * only when its data, the clock or its refresh changed. The handlers are left out of the
 * comparison: they only pass the row's id on to the same store.
 */
class Row extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    const current = this.props;
    return (
      current.row !== next.row ||
      current.now !== next.now ||
      current.refreshing !== next.refreshing ||
      current.columns !== next.columns
    );
  }

  override render({ row, columns, now, refreshing, onOpen, onRefresh }: RowProps) {
    const labels = columnLabels();
    return (
      <tr onClick={() => onOpen(row.id)}>
        <td class="portfolio__action">
          <button
            type="button"
            class="button button--icon"
            disabled={refreshing}
            aria-label={t('portfolio_refreshRow', row.name)}
            title={t('portfolio_refreshRow', row.name)}
            onClick={(e) => (e.stopPropagation(), onRefresh(row.id))}
          >
            ↻
          </button>
        </td>
        {columns.map((column) =>
          column === 'name' ? (
            <th key={column} scope="row">
              <button
                type="button"
                class="portfolio__link"
                onClick={(e) => (e.stopPropagation(), onOpen(row.id))}
              >
                {row.name}
              </button>
              <Problems row={row} />
            </th>
          ) : (
            <td key={column} class={NUMERIC.has(column) ? 'num' : ''} data-label={labels[column]}>
              <Cell row={row} column={column} now={now} />
            </td>
          ),
        )}
      </tr>
    );
  }
}

export function PortfolioTable(props: PortfolioTableProps) {
  const labels = columnLabels();
  const columns = props.premium ? COLUMNS : BASIC_COLUMNS;
  const totalCell = (column: Column) => {
    if (column === 'name') return t('portfolio_totals');
    if (!(column in props.totals)) return '';
    const value = props.totals[column as keyof typeof props.totals];
    return column === 'rentLet' || column === 'rentEmpty' || column === 'balance'
      ? amount(value)
      : count(value);
  };
  return (
    <table class="portfolio__table">
      <caption class="visually-hidden">{t('portfolio_heading')}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span class="visually-hidden">{t('portfolio_col_actions')}</span>
          </th>
          {columns.map((column) => {
            const sorted = props.sort.column === column ? props.sort.direction : undefined;
            return (
              <th
                key={column}
                scope="col"
                aria-sort={sorted ?? 'none'}
                class={NUMERIC.has(column) ? 'num' : ''}
              >
                <button type="button" class="portfolio__sort" onClick={() => props.onSort(column)}>
                  {labels[column]}
                  <span aria-hidden="true">
                    {sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ''}
                  </span>
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <Row
            key={row.id}
            row={row}
            columns={columns}
            now={props.now}
            refreshing={props.refreshing.has(row.id)}
            onOpen={props.onOpen}
            onRefresh={props.onRefresh}
          />
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td />
          {columns.map((column) =>
            column === 'name' ? (
              <th key={column} scope="row">
                {totalCell(column)}
              </th>
            ) : (
              <td key={column} class={NUMERIC.has(column) ? 'num' : ''} data-label={labels[column]}>
                {totalCell(column)}
              </td>
            ),
          )}
        </tr>
      </tfoot>
    </table>
  );
}
