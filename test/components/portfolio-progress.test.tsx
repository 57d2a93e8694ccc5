/**
 * The portfolio while it fills and once it is read: the status and the popup's line say how many
 * buildings were read and when the next comes, and count in the language's plural forms.
 */
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { PortfolioStatus } from '../../components/portfolio/PortfolioStatus';
import { summaryText } from '../../components/portfolio/progress';
import { offerText } from '../../components/portfolio/summary-line';
import type { PortfolioTable } from '../../lib/storage/portfolio';
import { row } from '../unit/portfolio-fixtures';

const NOW = new Date(2026, 10, 24, 14, 0, 0).getTime();
const clock = (at: number) => new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(at);

function table(read: number, total: number, over: Partial<PortfolioTable> = {}): PortfolioTable {
  return {
    rows: Array.from({ length: total }, (_, i) =>
      row(`b-${i}`, `House ${i}`, null, i < read ? [[500, true]] : null),
    ),
    premium: false,
    round: { requests: total * 4, minutes: total },
    paused: null,
    listedAt: NOW - 60_000,
    ...over,
  };
}

describe('the portfolio while rows are unread', () => {
  it('the status says "4 of 12 buildings read" and when the next is read', () => {
    render(<PortfolioStatus table={table(4, 12)} pending={null} now={NOW} />);
    // A round of 12 min for 12 buildings: one a minute after the last try (the list, a minute ago).
    expect(screen.getByRole('status').textContent).toContain(
      `4 of 12 buildings read · next about ${clock(NOW)}`,
    );
  });

  it('the popup’s line counts what was read so far and says so', () => {
    expect(summaryText(table(4, 12), NOW)).toBe(
      `4 of 12 buildings read · next about ${clock(NOW)} · 4 of 4 rooms let`,
    );
  });

  it('says when the refresh goes on while it waits for the budget, and nothing of a next read when off', () => {
    const at = NOW + 5 * 60_000;
    expect(summaryText(table(1, 3, { paused: 'budget', resumesAt: at }), NOW)).toContain(
      `1 of 3 buildings read · next about ${clock(at)}`,
    );
    expect(summaryText(table(1, 3, { paused: 'off' }), NOW)).toMatch(
      /^1 of 3 buildings read · 1 of 1 room let$/,
    );
  });

  it('once all are read, the line counts buildings and rooms in the singular where one', () => {
    const one = table(1, 1);
    expect(summaryText(one, NOW)).toBe('1 building · 1 of 1 room let');
    render(<PortfolioStatus table={one} pending={null} now={NOW} />);
    expect(screen.getByRole('status').textContent).toBe('The 1 building is refreshed about every 1 min');
  });

  it('before its first fill the portfolio is offered by the number of buildings', () => {
    expect(offerText(12)).toBe('12 buildings · open the portfolio');
    expect(offerText(1)).toBe('1 building · open the portfolio');
  });
});
