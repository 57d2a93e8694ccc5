/**
 * The portfolio tab as a user meets it: a filter narrows the rows, their count and the totals; a
 * sort orders the rows; a row the worker changed in storage shows its new figures.
 */
import { fireEvent, render, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PortfolioView } from '../../components/portfolio/PortfolioView';
import { PageContext } from '../../components/page/context';
import { type PortfolioTable, portfolioFamily } from '../../lib/storage/portfolio';
import { row } from '../unit/portfolio-fixtures';
import { recordingWorker } from './fixtures';

const table: PortfolioTable = {
  rows: [
    row('b-1', 'Lindenallee 1', 'Nordstadt', [[500, true]]),
    row('b-2', 'Ahornweg 2', 'Südviertel', [[700, true]]),
    row('b-3', 'Lindenhof', null, [[300, true]]),
  ],
  premium: false,
  round: { requests: 2, minutes: 5 },
  paused: null,
  listedAt: 1_000,
};

beforeEach(() => fakeBrowser.reset());

async function renderView() {
  await portfolioFamily.set(table, 'p1', 'table');
  const worker = recordingWorker(async (type) =>
    type === 'getPortfolio' ? { ok: true, value: await portfolioFamily.get('p1', 'table') } : undefined,
  );
  render(
    <PortfolioView
      page={new PageContext({ send: worker.send, profileId: 'p1' })}
      now={2_000}
      onOpen={() => undefined}
    />,
  );
  await screen.findByRole('table');
}

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
/** The totals row's rent of the let rooms (after the refresh, name, area, rooms, occupied, free, occupancy). */
const rentTotal = () => screen.getByRole('table').querySelector('tfoot tr')?.children[7]?.textContent;

describe('PortfolioView', () => {
  it('filters the rows, their count and totals as the user types, and sorts by a header', async () => {
    await renderView();
    expect(names()).toEqual(['Ahornweg 2', 'Lindenallee 1', 'Lindenhof', 'Total']);
    expect(screen.getByText('3 of 3 buildings shown')).toBeTruthy();
    expect(rentTotal()).toBe('1,500.00');
    fireEvent.input(screen.getByLabelText('Filter buildings'), { target: { value: 'linden' } });
    expect(names()).toEqual(['Lindenallee 1', 'Lindenhof', 'Total']);
    expect(screen.getByText('2 of 3 buildings shown')).toBeTruthy();
    expect(rentTotal()).toBe('800.00');
    fireEvent.click(screen.getByRole('button', { name: /Rent of let rooms/ }));
    expect(names()).toEqual(['Lindenhof', 'Lindenallee 1', 'Total']);
    fireEvent.input(screen.getByLabelText('Filter buildings'), { target: { value: 'nothing' } });
    expect(screen.getByText('No building matches the filter.')).toBeTruthy();
  });

  it('shows a row the worker changed in storage with its new figures and totals', async () => {
    await renderView();
    const changed = structuredClone(table);
    changed.rows[1]!.figures.rentLet = 900;
    await portfolioFamily.set(changed, 'p1', 'table');
    await expect.poll(rentTotal).toBe('1,700.00');
    const ahorn = screen.getByRole('button', { name: 'Ahornweg 2' }).closest('tr') as HTMLElement;
    expect(ahorn.textContent).toContain('900.00');
  });
});
