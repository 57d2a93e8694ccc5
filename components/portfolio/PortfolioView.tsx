/**
 * The portfolio tab of the dashboard: how the refresh goes ("all 12 buildings refreshed about every
 * 8 min"), a filter, the CSV export, the table and the refresh's settings.
 */
import { useEffect, useState } from 'preact/hooks';
import { csvFormat } from '../../lib/export/csv';
import { t } from '../../lib/i18n';
import { portfolioCsv } from '../../lib/portfolio/table';
import { download } from '../csv-download';
import { ErrorNotice } from '../ErrorNotice';
import { formatNumber, uiLanguage } from '../display-format';
import type { PageContext } from '../page/context';
import { columnLabels } from './column-labels';
import { PortfolioSettingsForm } from './PortfolioSettingsForm';
import { PortfolioStatus } from './PortfolioStatus';
import { PortfolioTable } from './PortfolioTable';
import { plural } from './progress';
import { createPortfolioStore } from './portfolio-store';
import './portfolio.css';

export interface PortfolioViewProps {
  page: PageContext;
  now: number;
  onOpen: (buildingId: string) => void;
}

export function PortfolioView({ page, now, onOpen }: PortfolioViewProps) {
  const [store] = useState(() => createPortfolioStore(page));
  useEffect(() => {
    void store.start();
    return store.dispose;
  }, [store]);
  const table = store.table.value;
  const rows = store.shown.value;
  const exportCsv = () => {
    const text = portfolioCsv(rows, columnLabels(), t('portfolio_totals'), csvFormat(uiLanguage()));
    download(`${t('portfolio_csv_filename')}-${new Date(now).toISOString().slice(0, 10)}.csv`, text);
  };
  return (
    <section class="portfolio" aria-labelledby="portfolio-heading">
      <h2 id="portfolio-heading">{t('portfolio_heading')}</h2>
      <PortfolioStatus table={store.table.value} pending={store.pending.value} now={now} />
      {store.error.value && <ErrorNotice error={store.error.value} />}
      <div class="portfolio__toolbar">
        <label>
          {t('portfolio_filter')}
          <input
            type="search"
            value={store.filter.value}
            onInput={(e) => (store.filter.value = e.currentTarget.value)}
          />
        </label>
        <button type="button" class="button" onClick={exportCsv} disabled={!table}>
          {t('portfolio_export')}
        </button>
      </div>
      {table && (
        <>
          <p class="portfolio__count" aria-live="polite">
            {rows.length === 0 && table.rows.length > 0
              ? t('portfolio_noMatch')
              : plural(table.rows.length, 'portfolio_count_one', 'portfolio_count', [
                  formatNumber(rows.length),
                  formatNumber(table.rows.length),
                ])}
          </p>
          <div class="portfolio__scroll">
            <PortfolioTable
              rows={rows}
              totals={store.totals.value}
              sort={store.sort.value}
              now={now}
              premium={table.premium}
              refreshing={store.refreshing.value}
              onSort={store.sortBy}
              onOpen={onOpen}
              onRefresh={(id) => void store.refreshRow(id)}
            />
          </div>
        </>
      )}
      {store.settings.value && (
        <PortfolioSettingsForm settings={store.settings.value} onSave={store.saveSettings} />
      )}
    </section>
  );
}
