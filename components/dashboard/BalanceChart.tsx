/**
 * The balance of a bank account over the transactions shown, as an SVG line (hand-written: a line
 * and bars need no library, and ours stays a few hundred bytes), with income and spending per day as
 * bars, a legend and axes (their labels are HTML, so they keep their size at any width); the same
 * numbers as a table below. Colours come from CSS, so dark mode follows the theme.
 */
import { useId } from 'preact/hooks';
import type { LooseRecord } from '../../lib/api/schemas';
import { balanceSeries, dailyFlows } from '../../lib/export/balance';
import { t } from '../../lib/i18n';
import { formatAmount } from '../display-format';
import { localDate, localDateTime } from '../date-format';

const W = 600;
const H = 160;
const PAD = 8;

function scale(values: number[], size: number): (v: number) => number {
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  return (v) => PAD + (size - 2 * PAD) * (1 - (v - min) / span);
}

export function BalanceChart({ records, balance }: { records: LooseRecord[]; balance: number | null }) {
  const id = useId();
  if (balance === null) return null;
  const series = balanceSeries(records, balance);
  if (series.length < 2) return null;
  const first = series[0] as (typeof series)[number];
  const last = series[series.length - 1] as (typeof series)[number];
  const span = last.at - first.at || 1;
  const x = (at: number) => PAD + ((W - 2 * PAD) * (at - first.at)) / span;
  const y = scale(
    series.map((p) => p.balance),
    H,
  );
  const line = series.map((p) => `${x(p.at).toFixed(1)},${y(p.balance).toFixed(1)}`).join(' ');
  const flows = dailyFlows(series);
  const most = Math.max(1, ...flows.flatMap((f) => [f.income, f.spending]));
  const barWidth = Math.max(2, (W - 2 * PAD) / Math.max(1, flows.length) / 2 - 1);
  const desc = t('chart_balance_desc', [
    formatAmount(first.balance),
    formatAmount(last.balance),
    localDateTime(new Date(first.at).toISOString()),
    localDateTime(new Date(last.at).toISOString()),
  ]);
  const shortDate = (at: number) => localDate(new Date(at).toISOString());
  return (
    <figure class="chart">
      <figcaption class="chart__caption">
        <strong>{t('chart_balance')}</strong>
        <span class="hint">{desc}</span>
      </figcaption>
      <ul class="chart__legend">
        <li>
          <span class="chart__key chart__key--line" aria-hidden="true" />
          {t('chart_legend_balance')}
        </li>
        <li>
          <span class="chart__key chart__key--income" aria-hidden="true" />
          {t('chart_col_income')}
        </li>
        <li>
          <span class="chart__key chart__key--spending" aria-hidden="true" />
          {t('chart_col_spending')}
        </li>
      </ul>
      <div class="chart__plot">
        <div class="chart__y" aria-hidden="true">
          <span>{formatAmount(Math.max(...series.map((p) => p.balance)))}</span>
          <span>{formatAmount(Math.min(...series.map((p) => p.balance)))}</span>
        </div>
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`} class="chart__svg">
          <title id={`${id}-t`}>{t('chart_balance')}</title>
          <desc id={`${id}-d`}>{desc}</desc>
          <line class="chart__axis" x1={PAD} y1={H - 1} x2={W - PAD} y2={H - 1} />
          <line class="chart__axis" x1={1} y1={PAD} x2={1} y2={H - 1} />
          <polyline points={line} class="chart__line" fill="none" />
        </svg>
        <div class="chart__y" aria-hidden="true">
          <span>{formatAmount(most)}</span>
          <span>0</span>
        </div>
        <svg viewBox={`0 0 ${W} ${H / 2}`} role="img" aria-label={t('chart_flows')} class="chart__svg">
          <line class="chart__axis" x1={PAD} y1={H / 2 - 1} x2={W - PAD} y2={H / 2 - 1} />
          <line class="chart__axis" x1={1} y1={0} x2={1} y2={H / 2 - 1} />
          {flows.map((flow, i) => {
            const left = PAD + ((W - 2 * PAD) * i) / flows.length;
            const income = ((H / 2 - PAD) * flow.income) / most;
            const spending = ((H / 2 - PAD) * flow.spending) / most;
            return (
              <g key={flow.day}>
                <rect class="chart__income" x={left} y={H / 2 - income} width={barWidth} height={income} />
                <rect
                  class="chart__spending"
                  x={left + barWidth + 1}
                  y={H / 2 - spending}
                  width={barWidth}
                  height={spending}
                />
              </g>
            );
          })}
        </svg>
        <span />
        <div class="chart__x" aria-hidden="true">
          <span>{shortDate(first.at)}</span>
          <span>{shortDate(last.at)}</span>
        </div>
      </div>
      <details>
        <summary>{t('chart_table')}</summary>
        <table class="table">
          <caption>{t('chart_balance')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart_col_time')}</th>
              <th scope="col">{t('chart_col_amount')}</th>
              <th scope="col">{t('chart_col_balance')}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((p, i) => (
              <tr key={i}>
                <td>{localDateTime(new Date(p.at).toISOString())}</td>
                <td class="num">{formatAmount(p.amount)}</td>
                <td class="num">{formatAmount(p.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table class="table">
          <caption>{t('chart_flows')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart_col_day')}</th>
              <th scope="col">{t('chart_col_income')}</th>
              <th scope="col">{t('chart_col_spending')}</th>
            </tr>
          </thead>
          <tbody>
            {flows.map((f) => (
              <tr key={f.day}>
                <td>{f.day}</td>
                <td class="num">{formatAmount(f.income)}</td>
                <td class="num">{formatAmount(f.spending)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
