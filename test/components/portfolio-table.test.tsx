/** The portfolio table as a user meets it: headers that sort, a filter, totals, "–" for the unknown. */
import { fireEvent, render, screen, within } from '@testing-library/preact';
import { signal, useComputed, useSignal } from '@preact/signals';
import { describe, expect, it, vi } from 'vitest';
import { PortfolioTable } from '../../components/portfolio/PortfolioTable';
import { type Column, type Sort, sortRows, totalsOf } from '../../lib/portfolio/table';
import { row } from '../unit/portfolio-fixtures';

const rows = [
  row('a', 'Ulmenring 6', 'Nordstadt', [
    [500, true],
    [400, false],
  ]),
  row('b', 'Ahornweg 2', 'Südviertel', [[700, true]]),
  // Read (each answer tried), none of its figures known.
  { ...row('c', 'Königshof', null, null), checkedAt: { details: 1, rooms: 1, tenants: 1, accounts: 1 } },
];

function Harness({ onOpen }: { onOpen: (id: string) => void }) {
  const sort = useSignal<Sort>({ column: 'name', direction: 'ascending' });
  const sorted = useComputed(() => sortRows(rows, sort.value));
  const sortBy = (column: Column) => {
    const s = sort.value;
    sort.value = {
      column,
      direction: s.column === column && s.direction === 'ascending' ? 'descending' : 'ascending',
    };
  };
  return (
    <PortfolioTable
      rows={sorted}
      totals={signal(totalsOf(rows))}
      sort={sort}
      now={2_000}
      premium={false}
      refreshing={signal(new Set())}
      onSort={sortBy}
      onOpen={onOpen}
      onRefresh={() => undefined}
    />
  );
}

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('PortfolioTable', () => {
  it('sorts by a column header, and the other way on the second press; aria-sort follows', () => {
    render(<Harness onOpen={() => undefined} />);
    expect(names().slice(0, 3)).toEqual(['Ahornweg 2', 'Königshof', 'Ulmenring 6']);
    const rent = screen.getByRole('button', { name: /Rent of let rooms/ });
    fireEvent.click(rent);
    expect(names().slice(0, 3)).toEqual(['Ulmenring 6', 'Ahornweg 2', 'Königshof']);
    expect(rent.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(rent);
    expect(names().slice(0, 3)).toEqual(['Ahornweg 2', 'Ulmenring 6', 'Königshof']);
    expect(rent.closest('th')?.getAttribute('aria-sort')).toBe('descending');
  });

  it('shows "–" for what is unknown, totals what is known, and opens a building by its name', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    const table = screen.getByRole('table');
    expect(table.textContent).not.toMatch(/NaN|undefined/);
    const koenigshof = screen.getByRole('button', { name: 'Königshof' }).closest('tr') as HTMLElement;
    // The row's first cell holds its refresh; the figures follow the name.
    expect(within(koenigshof).getAllByRole('cell')[1]?.textContent).toBe('–');
    const totals = table.querySelector('tfoot tr') as HTMLElement;
    expect(within(totals).getAllByRole('cell')[2]?.textContent).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Königshof' }));
    expect(onOpen).toHaveBeenCalledWith('c');
  });

  it('shows a cell whose answer was never tried as not read yet, never as "–"', () => {
    const waiting = [row('w', 'Lindenhof 1', null, null)];
    render(
      <PortfolioTable
        rows={signal(waiting)}
        totals={signal(totalsOf(waiting))}
        sort={signal<Sort>({ column: 'name', direction: 'ascending' })}
        now={2_000}
        premium={false}
        refreshing={signal(new Set())}
        onSort={() => undefined}
        onOpen={() => undefined}
        onRefresh={() => undefined}
      />,
    );
    const cells = within(screen.getByRole('button', { name: 'Lindenhof 1' }).closest('tr') as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 3)).toEqual(['…not read yet', '…not read yet']);
    expect(cells).not.toContain('–');
  });

  it('shows "–" for a total past the largest number, never Infinity, ∞ or NaN', () => {
    const huge = [
      row('x', 'Birkenhof 3', null, [[1e308, true]]),
      row('y', 'Erlenstieg 8', null, [[1e308, true]]),
    ];
    render(
      <PortfolioTable
        rows={signal(huge)}
        totals={signal(totalsOf(huge))}
        sort={signal<Sort>({ column: 'name', direction: 'ascending' })}
        now={2_000}
        premium={false}
        refreshing={signal(new Set())}
        onSort={() => undefined}
        onOpen={() => undefined}
        onRefresh={() => undefined}
      />,
    );
    const table = screen.getByRole('table');
    expect(table.textContent).not.toMatch(/Infinity|NaN|∞/);
    const totals = table.querySelector('tfoot tr') as HTMLElement;
    // The refresh, area, rooms, occupied, free, occupancy, then the rent of the let rooms.
    expect(within(totals).getAllByRole('cell')[6]?.textContent).toBe('–');
  });
});
