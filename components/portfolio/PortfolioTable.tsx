/**
 * The portfolio as a real table: a header button per column sorts it (again: the other way), the
 * name opens the building, each row starts with its refresh and has its age, and the totals row sums
 * what is shown. Every cell names its column (data-label): narrow, the rows read as cards. The head,
 * body and totals each follow their own signal: a sort renders the head and body, a filter the body
 * and totals, a changed row itself and the totals.
 */
import type { ReadonlySignal } from '@preact/signals';
import { Component } from 'preact';
import { useMemo } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { COLUMNS, type Column, type Sort, totalsOf } from '../../lib/portfolio/table';
import type { ComponentChildren } from 'preact';
import type { PortfolioRow } from '../../lib/storage/portfolio';
import { DASH, Late, OldestPayment, Occupancy, Waiting, age, amount, count, waiting } from './cells';
import { columnLabels } from './column-labels';

type Totals = ReturnType<typeof totalsOf>;

export interface PortfolioTableProps {
  rows: ReadonlySignal<readonly PortfolioRow[]>;
  totals: ReadonlySignal<Totals>;
  sort: ReadonlySignal<Sort>;
  now: number;
  premium: boolean;
  refreshing: ReadonlySignal<ReadonlySet<string>>;
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

/** A cell's class: figures align at their end. */
export const numClass = (column: Column) => (NUMERIC.has(column) ? 'num' : '');
/** The columns shown: one array per premium state, so rows compare them by identity. */
export const tableColumns = (premium: boolean) => (premium ? COLUMNS : BASIC_COLUMNS);

/** A cell's content, called rather than rendered as a component: fewer nodes for Preact to diff. */
function cellContent(row: PortfolioRow, column: Column, now: number): ComponentChildren {
  const f = row.figures;
  if (waiting(row, column)) return Waiting();
  switch (column) {
    case 'area':
      return row.area ?? DASH;
    case 'occupancy':
      return Occupancy({ row });
    case 'rentLet':
    case 'rentEmpty':
    case 'balance':
      return amount(f[column]);
    case 'oldestPayment':
      return OldestPayment({ row });
    case 'late':
      return Late({ row });
    case 'updatedAt':
      return age(row, now);
    default:
      return column === 'name' ? row.name : count(f[column]);
  }
}

function problems(row: PortfolioRow) {
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
  /** The column labels, looked up once per table rather than once per row. */
  labels: Record<Column, string>;
  now: number;
  refreshing: boolean;
  onOpen: (buildingId: string) => void;
  onRefresh: (buildingId: string) => void;
}

/**
 * One building's row. A sort keeps the rows it shows as they are (only moved): a row renders again
 * only when its data, the clock or its refresh changed. The handlers and labels are left out of the
 * comparison: the handlers only pass the row's id on to the same store, the labels stay the same
 * for the page's life (its language).
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

  override render({ row, columns, labels, now, refreshing, onOpen, onRefresh }: RowProps) {
    const refreshLabel = t('portfolio_refreshRow', row.name);
    return (
      <tr onClick={() => onOpen(row.id)}>
        <td class="portfolio__action">
          <button
            type="button"
            class="button button--icon"
            disabled={refreshing}
            aria-label={refreshLabel}
            title={refreshLabel}
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
              {problems(row)}
            </th>
          ) : (
            <td key={column} class={numClass(column)} data-label={labels[column]}>
              {cellContent(row, column, now)}
            </td>
          ),
        )}
      </tr>
    );
  }
}

function Head(props: {
  sort: ReadonlySignal<Sort>;
  columns: readonly Column[];
  labels: Record<Column, string>;
  onSort: (column: Column) => void;
}) {
  const { labels } = props;
  const sort = props.sort.value;
  return (
    <thead>
      <tr>
        <th scope="col">
          <span class="visually-hidden">{t('portfolio_col_actions')}</span>
        </th>
        {props.columns.map((column) => {
          const sorted = sort.column === column ? sort.direction : undefined;
          return (
            <th key={column} scope="col" aria-sort={sorted ?? 'none'} class={numClass(column)}>
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
  );
}

type BodyProps = Pick<PortfolioTableProps, 'rows' | 'refreshing' | 'now' | 'onOpen' | 'onRefresh'> & {
  columns: readonly Column[];
  labels: Record<Column, string>;
};

function Body(props: BodyProps) {
  const refreshing = props.refreshing.value;
  return (
    <tbody>
      {props.rows.value.map((row) => (
        <Row
          key={row.id}
          row={row}
          columns={props.columns}
          labels={props.labels}
          now={props.now}
          refreshing={refreshing.has(row.id)}
          onOpen={props.onOpen}
          onRefresh={props.onRefresh}
        />
      ))}
    </tbody>
  );
}

function totalCell(totals: Totals, column: Column): string {
  if (column === 'name') return t('portfolio_totals');
  if (!(column in totals)) return '';
  const value = totals[column as keyof Totals];
  return column === 'rentLet' || column === 'rentEmpty' || column === 'balance'
    ? amount(value)
    : count(value);
}

function Foot(props: {
  totals: ReadonlySignal<Totals>;
  columns: readonly Column[];
  labels: Record<Column, string>;
}) {
  const { labels } = props;
  const totals = props.totals.value;
  return (
    <tfoot>
      <tr>
        <td />
        {props.columns.map((column) =>
          column === 'name' ? (
            <th key={column} scope="row">
              {totalCell(totals, column)}
            </th>
          ) : (
            <td key={column} class={numClass(column)} data-label={labels[column]}>
              {totalCell(totals, column)}
            </td>
          ),
        )}
      </tr>
    </tfoot>
  );
}

export function PortfolioTable(props: PortfolioTableProps) {
  const columns = tableColumns(props.premium);
  // The labels stay the same for the page's life (its language): looked up once, not per render.
  const labels = useMemo(columnLabels, []);
  return (
    <table class="portfolio__table">
      <caption class="visually-hidden">{t('portfolio_heading')}</caption>
      <Head sort={props.sort} columns={columns} labels={labels} onSort={props.onSort} />
      <Body {...props} columns={columns} labels={labels} />
      <Foot totals={props.totals} columns={columns} labels={labels} />
    </table>
  );
}
