/**
 * The portfolio in one line for the popup and the side panel ("12 buildings · 61 of 72 rooms let ·
 * 3 tenants late", "4 of 12 buildings read · next about 14:05" while rows are unread); before its
 * first fill, for an account with buildings, "12 buildings · open the portfolio". A click opens the
 * portfolio tab of the dashboard.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { valueOf } from '../../lib/loadable';
import type { PortfolioTable } from '../../lib/storage/portfolio';
import type { PageContext } from '../page/context';
import { summaryText } from './progress';
import { SummaryLine, offerText } from './summary-line';

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
  const buildings = valueOf(page.buildings.list.value);
  const text =
    table && table.rows.length > 0
      ? summaryText(table)
      : buildings && buildings.length > 0
        ? offerText(buildings.length)
        : null;
  if (text === null) return null;
  return <SummaryLine text={text} onOpen={() => openPortfolio(closeAfterOpening)} />;
}

/** The dashboard's Portfolio tab in a new tab (the popup closes itself after). */
export function openPortfolio(closeAfterOpening: boolean): void {
  void browser.tabs.create({ url: browser.runtime.getURL('/dashboard.html#portfolio') }).then(() => {
    if (closeAfterOpening) window.close();
  });
}
