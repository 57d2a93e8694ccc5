/**
 * How the portfolio's refresh goes: "all 12 buildings refreshed about every 8 min" and why it
 * pauses; before the first list read, that it reads it or why it waits (and until when, if known).
 */
import { t } from '../../lib/i18n';
import type { PortfolioTable } from '../../lib/storage/portfolio';
import { clockTime, formatNumber } from '../format';

export interface PortfolioStatusProps {
  /** The table once its building list was read. */
  table: PortfolioTable | null;
  /** The empty table before that. */
  pending: PortfolioTable | null;
}

function waitingText(pending: PortfolioTable | null): string {
  if (pending?.paused === 'budget')
    return pending.resumesAt
      ? t('portfolio_waitingBudgetUntil', clockTime(pending.resumesAt))
      : t('portfolio_waitingBudget');
  if (pending?.paused === 'off') return t('portfolio_paused_off');
  return t('portfolio_loading');
}

export function PortfolioStatus({ table, pending }: PortfolioStatusProps) {
  if (!table) return <p role="status">{waitingText(pending)}</p>;
  const minutes = Math.max(1, Math.round(table.round.minutes));
  const paused = table.paused ? t(`portfolio_paused_${table.paused}`) : null;
  return (
    <p role="status" class="portfolio__status">
      {t('portfolio_round', [String(table.rows.length), formatNumber(minutes)])}
      {paused && ` · ${paused}`}
    </p>
  );
}
