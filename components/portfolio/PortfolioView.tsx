/**
 * The portfolio tab of the dashboard: how the refresh goes ("all 12 buildings refreshed about every
 * 8 min"), a filter, the CSV export, the table and the refresh's settings.
 */
import { useModel } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { csvFormat } from '../../lib/export/csv';
import { t } from '../../lib/i18n';
import { portfolioCsv } from '../../lib/portfolio/table';
import { download } from '../shared/csv-download';
import { ErrorNotice } from '../ErrorNotice';
import { formatNumber, uiLanguage } from '../display-format';
import type { PageContext } from '../page/context';
import { columnLabels } from './column-labels';
import { PortfolioSettingsForm } from './PortfolioSettingsForm';
import { PortfolioStatus } from './PortfolioStatus';
import { PortfolioTable } from './PortfolioTable';
import { plural } from './summary-line';
import { PortfolioStore } from './portfolio-store';
import './portfolio.css';

export interface PortfolioViewProps {
  page: PageContext;
  now: number;
  onOpen: (buildingId: string) => void;
}

/** How many rows the filter leaves, or that none does. */
function RowCount({ store }: { store: PortfolioStore }) {
  const all = store.table.value?.rows.length ?? 0;
  const shown = store.shown.value.length;
  return (
    <p class="portfolio__count" aria-live="polite">
      {shown === 0 && all > 0
        ? t('portfolio_noMatch')
        : plural(all, 'portfolio_count_one', 'portfolio_count', [formatNumber(shown), formatNumber(all)])}
    </p>
  );
}

function Status({ store, now }: { store: PortfolioStore; now: number }) {
  return <PortfolioStatus table={store.table.value} pending={store.pending.value} now={now} />;
}

/**
 * The view reads only whether there is a table: the filter, the sort and the rows are followed by
 * the parts that show them, so a keystroke or a changed row never renders the view again.
 */
export function PortfolioView({ page, now, onOpen }: PortfolioViewProps) {
  const store = useModel(() => new PortfolioStore(page));
  useEffect(() => void store.start(), [store]);
  const present = store.present.value;
  const exportCsv = () => {
    const text = portfolioCsv(
      store.shown.value,
      columnLabels(),
      t('portfolio_totals'),
      csvFormat(uiLanguage()),
    );
    download(`${t('portfolio_csv_filename')}-${new Date(now).toISOString().slice(0, 10)}.csv`, text);
  };
  return (
    <section class="portfolio" aria-labelledby="portfolio-heading">
      <h2 id="portfolio-heading">{t('portfolio_heading')}</h2>
      <Status store={store} now={now} />
      {store.error.value && <ErrorNotice error={store.error.value} />}
      <div class="portfolio__toolbar">
        <label>
          {t('portfolio_filter')}
          <input
            type="search"
            value={store.filter}
            onInput={(e) => (store.filter.value = e.currentTarget.value)}
          />
        </label>
        <button type="button" class="button" onClick={exportCsv} disabled={!present}>
          {t('portfolio_export')}
        </button>
      </div>
      {present && (
        <>
          <RowCount store={store} />
          <div class="portfolio__scroll">
            <PortfolioTable
              rows={store.shown}
              totals={store.totals}
              sort={store.sort}
              now={now}
              premium={store.premium.value}
              refreshing={store.refreshing}
              onSort={store.sortBy}
              onOpen={onOpen}
              onRefresh={(id) => void store.refreshRow(id)}
            />
          </div>
        </>
      )}
      {store.settings.value && <PortfolioSettingsForm store={store} settings={store.settings.value} />}
    </section>
  );
}
