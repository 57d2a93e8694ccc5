/**
 * A key's request budget in words (issue 35): where the rate of an estimate came from, what the
 * options page says was learned, and what the wait notice says when the pace is learned or shared.
 */
import type { Budget } from '../lib/api/budget';
import { perMinuteOf } from '../lib/api/limits';
import { t } from '../lib/i18n';
import { relativeTime } from './display-format';

const seconds = (budget: Budget) => String(Math.round(budget.windowMs / 1000));
const ago = (budget: Budget, now: number) => relativeTime(budget.learnedAt ?? now, now);

/** "The rate was learned from the server's answers 2 minutes ago." */
export function rateSourceText(budget: Budget | undefined, now: number): string {
  switch (budget?.source) {
    case 'learned':
      return t('cost_rateLearned', ago(budget, now));
    case 'headers':
      return t('cost_rateAnnounced');
    case 'override':
      return t('cost_rateSet');
    default:
      return t('cost_rateAssumed');
  }
}

/** The options page's line: what was learned or announced, and when; or that it is set there. */
export function budgetText(budget: Budget | null, now: number): string {
  const perMinute = String(perMinuteOf(budget));
  switch (budget?.source) {
    case 'learned':
    case 'headers': {
      const key = budget.source === 'learned' ? 'budget_learned' : 'budget_announced';
      const line = t(key, [String(budget.limit), seconds(budget), perMinute, ago(budget, now)]);
      return budget.shared ? `${line} ${t('budget_shared', String(budget.peak ?? budget.limit))}` : line;
    }
    case 'override':
      return t('budget_override', perMinute);
    default:
      return t('budget_none');
  }
}

/** The wait notice's word on a learned pace (shared, or learned and perhaps low); null otherwise. */
export function paceText(budget: Budget | null, now: number): string | null {
  if (budget?.source !== 'learned') return null;
  if (budget.shared)
    return t('rateLimit_shared', [
      String(budget.limit),
      String(budget.peak ?? budget.limit),
      seconds(budget),
    ]);
  return t('rateLimit_learned', [String(budget.limit), seconds(budget), ago(budget, now)]);
}
