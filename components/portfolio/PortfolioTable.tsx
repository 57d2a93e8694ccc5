/**
 * The portfolio as a real table: a header button per column sorts it (again: the other way), the
 * name opens the building, each row starts with its refresh and has its age, and the totals row sums
 * what is shown. Every cell names its column (data-label): narrow, the rows read as cards. The head,
 * body and totals each follow their own signal: a sort renders the head and body, a filter the body
 * and totals, a changed row itself and the totals.
 */
import type { ReadonlySignal } from '@preact/signals';
import { useMemo } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { Column, Sort, Totals } from '../../lib/portfolio/table';
import type { PortfolioRow as BuildingRow } from '../../lib/storage/portfolio';
import { columnLabels } from './column-labels';
import { PortfolioRow } from './PortfolioRow';
import { Foot, Head } from './PortfolioTableEnds';
import { tableColumns } from './table-columns';

export interface PortfolioTableProps {
  rows: ReadonlySignal<readonly BuildingRow[]>;
  totals: ReadonlySignal<Totals>;
  sort: ReadonlySignal<Sort>;
  now: number;
  premium: boolean;
  refreshing: ReadonlySignal<ReadonlySet<string>>;
  onSort: (column: Column) => void;
  onOpen: (buildingId: string) => void;
  onRefresh: (buildingId: string) => void;
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
        <PortfolioRow
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
