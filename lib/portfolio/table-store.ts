/**
 * The portfolio table of each profile in storage, written one change at a time: the refresh and a
 * row refreshed by the user never undo each other, and an account change takes it in its turn.
 */
import { serialQueue } from '../serial';
import { type PortfolioTable, alertBaselineFamily, portfolioFamily } from '../storage/portfolio';
import type { Profile } from '../storage/profiles';
import { emptyTable } from './row';

const TABLE_PART = 'table';
export const loadTable = (profileId: string) => portfolioFamily.get(profileId, TABLE_PART);

const tableWrites = serialQueue();

/** Changes the table in its turn; `change` answering null leaves it as it is. */
export function updateTable(
  profileId: string,
  change: (table: PortfolioTable | null) => PortfolioTable | null | Promise<PortfolioTable | null>,
): Promise<PortfolioTable | null> {
  return tableWrites(async () => {
    const next = await change(await loadTable(profileId));
    if (next) await portfolioFamily.set(next, profileId, TABLE_PART);
    return next;
  });
}

/** The profile's table, made empty (its list due) when it has none. */
export const ensureTable = (profile: Profile) =>
  updateTable(profile.id, (current) => current ?? emptyTable(profile));

/**
 * What the portfolio kept of the profile's account (its table and what the alerts saw) goes when
 * the account changes, as at a sign-out: nothing of one account is shown under another. In the
 * table's turn, so no write under way puts the old rows back.
 */
export function dropPortfolio(profileId: string): Promise<void> {
  return tableWrites(async () => {
    await portfolioFamily.removeAll(profileId);
    await alertBaselineFamily.removeAll(profileId);
  });
}
