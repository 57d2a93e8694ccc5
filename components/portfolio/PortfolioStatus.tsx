/**
 * How the portfolio's refresh goes: "all 12 buildings refreshed about every 8 min", why it pauses
 * and, while rows are unread, "4 of 12 buildings read · next about 14:05"; before the first list
 * read, that it reads it or why it waits (and until when, if known).
 */
import { t } from '../../lib/i18n';
import type { PortfolioTable } from '../../lib/storage/portfolio';
import { formatNumber } from '../display-format';
import { clockTime } from '../date-format';
import { progressText } from './progress';
import { plural } from './summary-line';

export interface PortfolioStatusProps {
  /** The table once its building list was read. */
  table: PortfolioTable | null;
  /** The empty table before that. */
  pending: PortfolioTable | null;
  now?: number;
}

function waitingText(pending: PortfolioTable | null): string {
  if (pending?.paused === 'budget')
    return pending.resumesAt
      ? t('portfolio_waitingBudgetUntil', clockTime(pending.resumesAt))
      : t('portfolio_waitingBudget');
  if (pending?.paused === 'off') return t('portfolio_paused_off');
  return t('portfolio_loading');
}

export function PortfolioStatus({ table, pending, now = Date.now() }: PortfolioStatusProps) {
  if (!table) return <p role="status">{waitingText(pending)}</p>;
  const minutes = Math.max(1, Math.round(table.round.minutes));
  const paused = table.paused ? t(`portfolio_paused_${table.paused}`) : null;
  const progress = progressText(table, now);
  return (
    <p role="status" class="portfolio__status">
      {plural(table.rows.length, 'portfolio_round_one', 'portfolio_round', [
        formatNumber(table.rows.length),
        formatNumber(minutes),
      ])}
      {paused && ` · ${paused}`}
      {progress && (
        <>
          <br />
          <strong>{progress}</strong>
        </>
      )}
    </p>
  );
}
