/** Behaviour inside the sections: picker, sorting and filtering, tenants' dates, paging, tabs. */
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { BuildingListEntry, LooseRecord } from '../../lib/api/schemas';
import { labelMismatches } from './label-in-name';
import { NOW, ROOMS, TENANTS, ready, renderDashboard, transactionsPage } from './dashboard-fixtures';

const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('building picker', () => {
  it('lists the buildings, marks the chosen one and reports a choice', () => {
    const { props } = renderDashboard();
    const list = screen.getByRole('list', { name: 'Your buildings' });
    const choices = within(list).getAllByRole('button');
    expect(choices.map((b) => b.textContent)).toEqual([
      'Haus MüllerstraßeMüllerstraße 7 · Südviertel',
      'KönigshofKönigsallee 12 · Altstadt',
    ]);
    expect(choices[0]?.getAttribute('aria-current')).toBe('true');
    expect(screen.queryByLabelText('Search buildings')).toBeNull();
    fireEvent.click(choices[1] as HTMLElement);
    expect(props.onSelect).toHaveBeenCalledWith('b-2');
  });

  it('is searchable when there are more than five buildings', () => {
    const many: BuildingListEntry[] = Array.from({ length: 7 }, (_, i) => ({
      id: `b-${i}`,
      label: i === 4 ? 'Gärtnerhaus' : `Haus ${i}`,
      area: i === 4 ? 'Grünau' : 'Mitte',
    }));
    renderDashboard({ buildings: ready(many) });
    const list = screen.getByRole('list', { name: 'Your buildings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    fireEvent.input(screen.getByLabelText('Search buildings'), { target: { value: 'grünau' } });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['GärtnerhausGrünau']);
    fireEvent.input(screen.getByLabelText('Search buildings'), { target: { value: 'xyz' } });
    expect(screen.getByText('No building matches “xyz”.')).toBeTruthy();
  });

  it('not set up: the setup message instead of sections', () => {
    const { props } = renderDashboard({
      buildings: { status: 'error', error: { kind: 'notConfigured', missing: ['token'] } },
      selectedId: null,
    });
    expect(screen.getByText('Set up your access token in the settings.')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Open settings' })[0] as HTMLElement);
    expect(props.onOpenSettings).toHaveBeenCalled();
  });

  it('renders hostile server text literally', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { container } = renderDashboard({
      buildings: ready([{ id: 'x', label: hostile }]),
      selectedId: 'x',
    });
    expect(screen.getByText(hostile)).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});

describe('details', () => {
  it('shows occupancy as a bar with numbers', () => {
    renderDashboard();
    const bar = screen.getByRole('img', { name: '2 of 3 rooms occupied, 1 free' });
    expect((bar.firstElementChild as HTMLElement).style.width).toMatch(/^66\.6+\d*%$/);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details.textContent).toContain('67 %');
    expect(details.textContent).toContain('Price1,250,000');
    expect(details.textContent).not.toContain('1,250,000.00');
    expect(details.textContent).toContain('Garage slots4');
  });
});

describe('rooms table', () => {
  const table = () => screen.getByRole('table', { name: /^Rooms:/ });

  it('has column and row headers, a caption, a picture or a placeholder', () => {
    renderDashboard();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕ ]+$/, '')),
    ).toEqual(['Room', 'Rent', 'Status', 'Interior']);
    expect(table().querySelectorAll('img.thumb')).toHaveLength(1);
    expect(within(table()).getAllByRole('img', { name: 'No picture' })).toHaveLength(2);
  });

  it('folds the three capacities under the interior, each with its label', () => {
    renderDashboard();
    const row = within(table()).getByRole('row', { name: /^Wohnung 1/ });
    const capacities = within(row)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    const { inventoryCapacity, kitchenCapacity, wardrobeCapacity } = ROOMS[0]!.interiorDetails;
    expect(capacities).toEqual([
      `Inventory ${inventoryCapacity}`,
      `Kitchen ${kitchenCapacity}`,
      `Wardrobe ${wardrobeCapacity}`,
    ]);
  });

  it('a picture that fails to load gives way to the placeholder', () => {
    renderDashboard();
    const picture = table().querySelector('img.thumb') as HTMLImageElement;
    fireEvent.error(picture);
    expect(table().querySelector('img.thumb')).toBeNull();
    expect(within(table()).getAllByRole('img', { name: 'No picture' })).toHaveLength(3);
  });

  it('sorts by rent and by occupancy, both ways', () => {
    renderDashboard();
    fireEvent.click(screen.getByRole('button', { name: /^Rent/ }));
    expect(rowNames(table())).toEqual(['Wohnung 2', 'Wohnung 1', 'Wohnung 3']);
    expect(screen.getByRole('columnheader', { name: /^Rent/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /^Rent/ }));
    expect(rowNames(table())).toEqual(['Wohnung 3', 'Wohnung 1', 'Wohnung 2']);
    fireEvent.click(screen.getByRole('button', { name: /^Status/ }));
    expect(rowNames(table())).toEqual(['Wohnung 2', 'Wohnung 1', 'Wohnung 3']);
  });

  it('filters free and occupied rooms', () => {
    renderDashboard();
    fireEvent.click(screen.getByLabelText('Free'));
    expect(rowNames(table())).toEqual(['Wohnung 2']);
    fireEvent.click(screen.getByLabelText('Occupied'));
    expect(rowNames(table())).toEqual(['Wohnung 1', 'Wohnung 3']);
    expect(table().textContent).toContain('Rooms: 2 of 3 shown');
  });

  it('without premium: placeholders and a hint about pictures', () => {
    renderDashboard({ premium: false, rooms: ready(ROOMS.map((r) => ({ ...r, interiorImage: null }))) });
    expect(screen.getByText('Interior pictures are shown with premium access.')).toBeTruthy();
    expect(table().querySelector('img.thumb')).toBeNull();
  });
});

describe('tenants', () => {
  it('shows last payments relative, with the exact UTC time on hover', () => {
    renderDashboard();
    const time = screen.getByText('3 hours ago');
    expect(time.getAttribute('title')).toBe('2025-03-01 09:00:00.123 UTC');
    expect(time.getAttribute('datetime')).toBe('2025-03-01T09:00:00.123Z');
    expect(screen.getByText('9 days ago')).toBeTruthy();
  });

  it('without the activity scope: names the scope, no date column', () => {
    renderDashboard({ tenants: ready(TENANTS.map(({ lastPayDate: _, ...t }) => t)) });
    const section = screen.getByRole('region', { name: 'Tenants' });
    expect(section.textContent).toContain('Last payment dates need the scope building.tenants.activity');
    expect(within(section).queryByRole('columnheader', { name: 'Last payment' })).toBeNull();
  });
});

describe('bank accounts and transactions', () => {
  it('shows the known fields under readable headers and any others by name', () => {
    const { props } = renderDashboard();
    const table = screen.getByRole('table', { name: 'Bank accounts: 1' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'IBAN', 'Balance', 'ID', 'currency']);
    expect(table.textContent).toContain('12,345.50');
    fireEvent.click(within(table).getByRole('button', { name: 'Show transactions of Mietkonto' }));
    expect(props.onOpenAccount).toHaveBeenCalledWith('acc-1');
    expect(labelMismatches(document.body)).toEqual([]);
  });

  it('pages by 25: newer disabled on the first page, older pages onwards', () => {
    const { props } = renderDashboard({
      transactions: { bankId: 'acc-1', skip: 0, page: ready(transactionsPage(0, 25), NOW) },
    });
    const table = screen.getByRole('table', { name: 'Transactions 1 to 25, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByRole('button', { name: 'Newer' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(props.onPageTransactions).toHaveBeenCalledWith(25);
    expect(screen.queryByText(/beyond its reach/)).toBeNull();
  });

  it('at skip 200 says plainly that older transactions are out of reach', () => {
    const { props } = renderDashboard({
      transactions: { bankId: 'acc-1', skip: 200, page: ready(transactionsPage(200, 25), NOW) },
    });
    expect(screen.getByRole('table', { name: 'Transactions 201 to 225, newest first' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Older' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/only the newest 225 transactions .* beyond its reach/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(props.onPageTransactions).toHaveBeenCalledWith(175);
  });

  it('a short last page ends the list', () => {
    renderDashboard({ transactions: { bankId: 'acc-1', skip: 0, page: ready(transactionsPage(0, 3), NOW) } });
    expect(screen.getByText('No older transactions.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Older' }).hasAttribute('disabled')).toBe(true);
  });

  it('a failed page offers Retry of that page, the accounts stay', () => {
    const { props } = renderDashboard({
      transactions: {
        bankId: 'acc-1',
        skip: 50,
        page: { status: 'error', error: { kind: 'timeout', timeoutMs: 15_000 } },
      },
    });
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(props.onPageTransactions).toHaveBeenCalledWith(50);
    expect(screen.getByRole('table', { name: 'Bank accounts: 1' })).toBeTruthy();
  });
});

describe('bank accounts and transactions as the live service sends them', () => {
  const LIVE_ACCOUNTS: LooseRecord[] = [
    { id: '66b7c8d9e0f1a2000000271b', vban: '4711001', balance: 9870.25, note: 'Mietkonto', main: true },
    { id: '66b7c8d9e0f1a2000000271c', vban: '4711002', balance: -12.5, note: 'Rücklagen', main: false },
  ];

  it('shows note, vban and balance, and marks the main account', () => {
    renderDashboard({ accounts: ready(LIVE_ACCOUNTS) });
    const table = screen.getByRole('table', { name: 'Bank accounts: 2' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Note', 'Main account', 'Account number', 'Balance', 'ID']);
    const [, main, other] = within(table).getAllByRole('row');
    expect(main?.textContent).toContain('Mietkonto');
    expect(main?.textContent).toContain('4711001');
    expect(within(main!).getByText('Main account')).toBeTruthy();
    expect(within(other!).queryByText('Main account')).toBeNull();
    expect(within(table).getByRole('button', { name: 'Show transactions of Rücklagen' })).toBeTruthy();
  });

  it('the pager names the total the server sent', () => {
    const { props } = renderDashboard({
      transactions: { bankId: 'acc-1', skip: 25, page: ready(transactionsPage(25, 25, 230), NOW) },
    });
    expect(screen.getByRole('navigation', { name: 'Transaction pages' }).textContent).toContain(
      '26–50 of 230',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(props.onPageTransactions).toHaveBeenCalledWith(50);
  });

  it('a full page that reaches the total has no older page', () => {
    renderDashboard({
      transactions: { bankId: 'acc-1', skip: 25, page: ready(transactionsPage(25, 25, 50), NOW) },
    });
    expect(screen.getByText('26–50 of 50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Older' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('No older transactions.')).toBeTruthy();
  });

  it('an empty account reads as empty, not as an error', () => {
    renderDashboard({
      transactions: { bankId: 'acc-1', skip: 0, page: ready(transactionsPage(0, 0, 0), NOW) },
    });
    expect(screen.getByText('No transactions on this account.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('tabs', () => {
  it('switch with the keyboard between Building and Slots', () => {
    renderDashboard();
    const building = screen.getByRole('tab', { name: 'Building' });
    expect(building.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(building, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Slots' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('slot workspace');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Slots' }), { key: 'Home' });
    expect(screen.getByRole('region', { name: 'Details' })).toBeTruthy();
  });

  it('open on the tab the page remembered and report each choice', () => {
    const { props } = renderDashboard({ tab: 'slots' });
    expect(screen.getByRole('tab', { name: 'Slots' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('slot workspace');
    fireEvent.click(screen.getByRole('tab', { name: 'Building' }));
    expect(props.onTabChange).toHaveBeenCalledWith('building');
  });
});
