/** The portfolio's status line, above all before the first list read while the budget is spent. */
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { PortfolioStatus } from '../../components/portfolio/PortfolioStatus';
import type { PortfolioTable } from '../../lib/storage/portfolio';

const empty = (over: Partial<PortfolioTable>): PortfolioTable => ({
  rows: [],
  premium: false,
  round: { requests: 0, minutes: 0 },
  paused: null,
  listedAt: 0,
  ...over,
});

describe('PortfolioStatus', () => {
  it('says the list is being read while nothing holds the refresh', () => {
    render(<PortfolioStatus table={null} pending={empty({})} />);
    expect(screen.getByRole('status').textContent).toBe('Reading the building list…');
  });

  it('says it waits for the request budget, and until when when the worker knows', () => {
    const at = new Date(2026, 10, 24, 14, 3, 12).getTime();
    const { unmount } = render(
      <PortfolioStatus table={null} pending={empty({ paused: 'budget', resumesAt: at })} />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      `Waiting for the request budget: the building list is read at about ${new Intl.DateTimeFormat('en', { timeStyle: 'medium' }).format(at)}.`,
    );
    unmount();
    render(<PortfolioStatus table={null} pending={empty({ paused: 'budget', resumesAt: null })} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Waiting for the request budget to read the building list.',
    );
  });

  it('says the refresh is off rather than reading', () => {
    render(<PortfolioStatus table={null} pending={empty({ paused: 'off' })} />);
    expect(screen.getByRole('status').textContent).toBe('Background refresh is off.');
  });
});
