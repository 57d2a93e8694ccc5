/** The balance chart: an image with a name and a description, and its numbers as tables. */
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { BalanceChart } from '../../components/dashboard/BalanceChart';

const records = [
  { amount: 500, timestamp: '2025-02-03T10:00:00.000Z', reference: 'Miete' },
  { amount: -120, timestamp: '2025-02-02T10:00:00.000Z', reference: 'Hausmeister' },
  { amount: 'odd', timestamp: 'not a time', reference: null },
];

describe('BalanceChart', () => {
  it('draws the balance as a named image and offers the same numbers as tables', () => {
    render(<BalanceChart records={records} balance={1000} />);
    const chart = screen.getByRole('img', { name: /Balance over the transactions shown/ });
    expect(chart.querySelector('polyline')?.getAttribute('points')).toMatch(/^[\d.]+,[\d.]+ [\d.]+,[\d.]+$/);
    expect(screen.getByRole('img', { name: 'Income and spending per day' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Balance over the transactions shown' });
    expect(table.textContent).toContain('500.00');
    expect(table.textContent).toContain('1,000.00');
    expect(table.textContent).toContain('500.00');
    expect(document.body.textContent).not.toMatch(/NaN|undefined/);
  });

  it('draws nothing without a known balance or with fewer than two transactions', () => {
    const { container } = render(<BalanceChart records={records} balance={null} />);
    expect(container.childElementCount).toBe(0);
    const one = render(<BalanceChart records={records.slice(0, 1)} balance={10} />);
    expect(one.container.childElementCount).toBe(0);
  });
});
