/** The portfolio table's head (a sort button per column) and its totals row. */
import type { ReadonlySignal } from '@preact/signals';
import { t } from '../../lib/i18n';
import type { Column, Sort, Totals } from '../../lib/portfolio/table';
import { numClass, totalCell } from './table-columns';

export function Head(props: {
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

export function Foot(props: {
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
