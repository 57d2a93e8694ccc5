/** The portfolio as pages see it: the table, a row refreshed now, and the refresh's settings. */
import { ok } from '../api/errors';
import type { Handlers } from '../messaging/router';
import { type PortfolioDeps, createPortfolioService } from '../portfolio/refresh';
import { loadTable } from '../portfolio/table-store';
import { portfolioSettingsItem } from '../storage/portfolio';
import { connect } from '../connection';

export interface PortfolioHandlerDeps extends PortfolioDeps {
  /** Wakes the background refresh (lib/portfolio/refresh-timer.ts). */
  kickPortfolio?: () => void;
}

type PortfolioHandlers = Pick<
  Handlers,
  'getPortfolio' | 'refreshPortfolioRow' | 'getPortfolioSettings' | 'savePortfolioSettings'
>;

export function portfolioHandlers(deps: PortfolioHandlerDeps): PortfolioHandlers {
  const portfolio = createPortfolioService(deps);
  return {
    async getPortfolio(_payload, context) {
      // A signed-out account has no portfolio (and showing it starts none).
      const connection = await connect(deps, context);
      if (!connection.ok) return ok(null);
      const { profile } = connection.value;
      // Showing the portfolio starts its refresh (nothing is read for it before).
      const table = await portfolio.open(profile);
      deps.kickPortfolio?.();
      // Before its list was read the table is empty: pages show why it waits (paused, resumesAt).
      return ok(table.listedAt > 0 ? table : ((await loadTable(profile.id)) ?? table));
    },
    refreshPortfolioRow: ({ buildingId }, context) =>
      portfolio.refreshRow(context?.profile ?? undefined, buildingId),
    async getPortfolioSettings() {
      return ok(await portfolioSettingsItem.get());
    },
    async savePortfolioSettings(settings) {
      await portfolioSettingsItem.set(settings);
      deps.kickPortfolio?.();
      return ok(settings);
    },
  };
}
