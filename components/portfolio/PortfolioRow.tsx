/** One building's row of the portfolio table, and what its cells show. */
import { Component, type ComponentChildren } from 'preact';
import { t } from '../../lib/i18n';
import type { Column } from '../../lib/portfolio/table';
import type { PortfolioRow as BuildingRow } from '../../lib/storage/portfolio';
import { DASH, Late, OldestPayment, Occupancy, Waiting, age, amount, count, waiting } from './cells';
import { numClass } from './table-columns';

/** A cell's content, called rather than rendered as a component: fewer nodes for Preact to diff. */
function cellContent(row: BuildingRow, column: Column, now: number): ComponentChildren {
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

function problems(row: BuildingRow) {
  const entries = Object.entries(row.problems);
  if (entries.length === 0) return null;
  return (
    <span class="portfolio__problem">
      {entries.map(([resource, kind]) => t('portfolio_problem', [resource, kind])).join('; ')}
    </span>
  );
}

interface RowProps {
  row: BuildingRow;
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
export class PortfolioRow extends Component<RowProps> {
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
