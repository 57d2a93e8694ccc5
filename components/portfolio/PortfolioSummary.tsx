/**
 * The portfolio in one line for the popup and the side panel ("12 buildings · 61 of 72 rooms let ·
 * 3 tenants late", "4 of 12 buildings read · next about 14:05" while rows are unread); before its
 * first fill, for an account with buildings, "12 buildings · open the portfolio". A click opens the
 * portfolio tab of the dashboard.
 */
import { action, createModel, effect, signal, useModel } from '@preact/signals';
import { browser } from 'wxt/browser';
import { valueOf } from '../../lib/loadable';
import type { PortfolioTable } from '../../lib/storage/portfolio';
import type { PageContext } from '../page/context';
import { summaryText } from './progress';
import { SummaryLine, offerText } from './summary-line';

/**
 * The portfolio table the worker keeps, followed in storage. Only what the worker keeps: the summary
 * never starts the portfolio's refresh (its tab does).
 */
const StoredPortfolioModel = createModel((profileId: string) => {
  const table = signal<PortfolioTable | null>(null);
  const show = action((value: PortfolioTable | null) => value && (table.value = value));
  let stop: (() => void) | undefined;
  let live = true;
  void import('../../lib/storage/portfolio').then(async ({ portfolioFamily }) => {
    if (!live) return;
    stop = portfolioFamily.watch(profileId, (_parts, value) => show(value));
    const stored = await portfolioFamily.get(profileId, 'table');
    if (live) show(stored);
  });
  // Disposed with the model: the stored table is no longer followed.
  effect(() => () => {
    live = false;
    stop?.();
  });
  return { table };
});

export function PortfolioSummary({
  page,
  closeAfterOpening,
}: {
  page: PageContext;
  closeAfterOpening: boolean;
}) {
  const table = useModel(() => new StoredPortfolioModel(page.profileId)).table.value;
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
