/**
 * A bank account's balance over its transactions, and income against spending per day: the numbers
 * behind the chart (and its table). Pure; the balance after the newest transaction is the account's.
 */
import type { LooseRecord } from '../api/schemas';
import { transactionPoint } from './building';

export interface BalancePoint {
  at: number;
  amount: number;
  /** The balance right after this transaction. */
  balance: number;
}

/** Oldest first; readable transactions only. Walks back from the current balance. */
export function balanceSeries(records: readonly LooseRecord[], currentBalance: number): BalancePoint[] {
  const points = records
    .map(transactionPoint)
    .filter((p): p is { at: number; amount: number } => p !== null)
    .sort((a, b) => a.at - b.at);
  const series: BalancePoint[] = [];
  let balance = currentBalance;
  for (let i = points.length - 1; i >= 0; i--) {
    const point = points[i] as { at: number; amount: number };
    series.unshift({ ...point, balance: Math.round(balance * 100) / 100 });
    balance -= point.amount;
  }
  return series;
}

export interface DayFlow {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  income: number;
  spending: number;
}

export function dailyFlows(points: readonly { at: number; amount: number }[]): DayFlow[] {
  const days = new Map<string, DayFlow>();
  for (const { at, amount } of points) {
    const day = new Date(at).toISOString().slice(0, 10);
    const flow = days.get(day) ?? { day, income: 0, spending: 0 };
    if (amount >= 0) flow.income += amount;
    else flow.spending -= amount;
    days.set(day, flow);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}
