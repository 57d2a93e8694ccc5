/** The portfolio as pages see it: the table, a row refreshed now, and the refresh's settings. */
import { ok } from '../api/errors';
import type { Handlers } from '../messaging/router';
import { type PortfolioDeps, loadTable, refreshRow } from '../portfolio/refresh';
import { portfolioSettingsItem } from '../storage/portfolio';
import { profileOf } from './context';

export interface PortfolioHandlerDeps extends PortfolioDeps {
  /** Wakes the background refresh (lib/portfolio/runner.ts). */
  kickPortfolio?: () => void;
}

type PortfolioHandlers = Pick<
  Handlers,
  'getPortfolio' | 'refreshPortfolioRow' | 'getPortfolioSettings' | 'savePortfolioSettings'
>;

export function portfolioHandlers(deps: PortfolioHandlerDeps): PortfolioHandlers {
  return {
    async getPortfolio(_payload, context) {
      const profile = await profileOf(context);
      deps.kickPortfolio?.();
      return ok(profile ? await loadTable(profile.id) : null);
    },
    refreshPortfolioRow: ({ buildingId }, context) =>
      refreshRow(deps, context?.profile ?? undefined, buildingId),
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
