/**
 * The portfolio in one line for the popup and the side panel ("12 buildings · 61 of 72 rooms let ·
 * 3 tenants late"); a click opens the portfolio tab of the dashboard.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n';
import { totalsOf } from '../../lib/portfolio/table';
import type { PortfolioTable } from '../../lib/storage/portfolio';
import { formatNumber } from '../format';
import type { PageContext } from '../page/context';

export function summaryText(table: PortfolioTable): string {
  const totals = totalsOf(table.rows);
  const n = (value: number | null) => (value === null ? '–' : formatNumber(value));
  return t('portfolio_summary', [
    n(table.rows.length),
    n(totals.roomsOccupied),
    n(totals.roomsTotal),
    n(totals.late),
  ]);
}

export function PortfolioSummary({
  page,
  closeAfterOpening,
}: {
  page: PageContext;
  closeAfterOpening: boolean;
}) {
  const [table, setTable] = useState<PortfolioTable | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    // Only what the worker keeps: the summary never starts the portfolio's refresh (its tab does).
    void import('../../lib/storage/portfolio').then(async ({ portfolioFamily }) => {
      if (!live) return;
      stop = portfolioFamily.watch(page.profileId, (_parts, value) => value && setTable(value));
      const stored = await portfolioFamily.get(page.profileId, 'table');
      if (live && stored) setTable(stored);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [page]);
  if (!table || table.rows.length === 0) return null;
  const open = () =>
    void browser.tabs.create({ url: browser.runtime.getURL('/dashboard.html#portfolio') }).then(() => {
      if (closeAfterOpening) window.close();
    });
  return (
    <p class="portfolio-summary">
      <button
        type="button"
        class="portfolio__link"
        onClick={open}
        aria-label={`${t('portfolio_open')}: ${summaryText(table)}`}
      >
        {summaryText(table)}
      </button>
    </p>
  );
}
