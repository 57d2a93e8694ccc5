/** The records table (issue 32): every edit, undo/redo, the keyboard path, paste, the meter, axe. */
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { countCharacters } from '../../lib/api/slot-limits';
import { DEALER, button, cell, grid, renderTable, seriousFindings } from './records-fixtures';

const parsed = (text: string | undefined) => JSON.parse(text ?? 'null') as Record<string, unknown>[];
/** A select's choice as the browser reports it (happy-dom drops testing-library's change on these). */
const choose = (select: HTMLElement, value: string) => {
  (select as HTMLSelectElement).value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
};
const key = (target: Element, k: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(target, { key: k, ...init });
const typeInCell = (value: string) => {
  const input = within(grid()).getByRole('textbox');
  fireEvent.input(input, { target: { value } });
  return input;
};

describe('records table: what it shows', () => {
  it('shows the union of keys as columns, absent, null and "" each their own way', () => {
    renderTable();
    const headers = within(grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Row', 'idnumber', 'nametext', 'pricenumber', 'soldyes/no', 'notemixed types']);
    expect(cell(0, 4).textContent).toBe('absent');
    expect(cell(1, 4).textContent).toContain('null');
    expect(cell(2, 4).textContent).toContain('""');
    // A mixed column names each value's type.
    expect(cell(1, 4).querySelector('.cell__type')?.textContent).toBe('null');
    expect(cell(2, 4).querySelector('.cell__type')?.textContent).toBe('text');
    expect(cell(1, 1).textContent).toBe('BMW 320d é 🚗');
    // Numbers grouped as the interface's language writes them, digits as written; yes/no in words.
    expect(cell(1, 2).textContent).toBe('80,000.50');
    expect(cell(2, 2).textContent).toBe('9,007,199,254,740,993');
    expect(cell(1, 3).textContent).toBe('yes');
  });

  it('writes nothing when opened, and the meter counts what a save would write', () => {
    const { writes } = renderTable();
    expect(writes).toEqual([]);
    // DEALER is minified already: the meter counts it as the slot counter would.
    expect(screen.getByText(new RegExp(`^${countCharacters(DEALER)} of 2,400 characters`))).toBeTruthy();
  });

  it('says that a pretty-printed list is written compact, and nothing of the kind for a minified one', () => {
    const pretty = renderTable('[\n  {"id": 1, "name": "Audi"}\n]');
    expect(screen.getByText(/^The table writes the list compact \(minified\)/)).toBeTruthy();
    pretty.view.unmount();
    renderTable();
    expect(screen.queryByText(/^The table writes the list compact/)).toBeNull();
  });

  it('says why a text is no table', async () => {
    const { TableSession } = await import('../../components/records/table-session');
    const session = new TableSession();
    session.show('table');
    renderTable('[1,{"a":1}]', { session });
    expect(session.view.value).toBe('text');
    expect(session.notATable.value).toEqual({ code: 'itemNotRecord', item: 1, kind: 'number' });
  });

  it('has no serious axe findings', async () => {
    const { view } = renderTable();
    key(cell(0, 2), 'Enter');
    expect(await seriousFindings(view.container)).toEqual([]);
  });
});

describe('records table: keyboard', () => {
  it('moves with the arrows, edits with Enter, keeps the number as typed and the rest exactly', () => {
    const { last, writes } = renderTable();
    fireEvent.click(cell(0, 0));
    key(cell(0, 0), 'ArrowRight');
    key(cell(0, 1), 'ArrowRight');
    expect(document.activeElement).toBe(cell(0, 2));
    expect(cell(0, 2).getAttribute('tabindex')).toBe('0');
    const described = document.getElementById(cell(0, 2).getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Column price, number, row 1 of 3');
    key(cell(0, 2), 'Enter');
    key(typeInCell('13000.0'), 'Enter');
    expect(writes).toHaveLength(1);
    expect(last()).toBe(DEALER.replace('12500', '13000.0'));
    expect(document.activeElement).toBe(cell(0, 2));
  });

  it('refuses text in a number cell with a message, Escape cancels without a write', () => {
    const { writes } = renderTable();
    key(cell(0, 2), 'F2');
    const input = typeInCell('abc');
    key(input, 'Enter');
    expect(screen.getByRole('alert').textContent).toMatch(/Not a number/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    key(input, 'Escape');
    expect(within(grid()).queryByRole('textbox')).toBeNull();
    expect(writes).toEqual([]);
  });

  it('keeps "007" typed in a text cell a string, and Tab moves to the next cell', () => {
    const { last } = renderTable();
    key(cell(0, 1), 'Enter');
    key(typeInCell('007'), 'Tab');
    expect(parsed(last())[0]?.name).toBe('007');
    expect(document.activeElement).toBe(cell(0, 2));
  });

  it('Delete makes a value absent, Alt+↓ moves the row, Ctrl+D fills down, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y', () => {
    const { last } = renderTable();
    key(cell(1, 4), 'Delete');
    expect(parsed(last())[1]).not.toHaveProperty('note');
    key(cell(1, 4), 'ArrowDown', { altKey: true });
    expect(parsed(last()).map((r) => r.id)).toEqual([12, 14, 13]);
    // Fill down: the name of the row above (VW Golf) into row 3's, as in a spreadsheet.
    key(cell(2, 1), 'd', { ctrlKey: true });
    expect(parsed(last()).map((r) => r.name)).toEqual(['Audi A4 Avant', 'VW Golf', 'VW Golf']);
    key(cell(2, 0), 'z', { ctrlKey: true });
    expect(parsed(last()).map((r) => r.id)).toEqual([12, 14, 13]);
    key(cell(2, 0), 'z', { ctrlKey: true });
    key(cell(2, 0), 'z', { ctrlKey: true });
    expect(last()).toBe(DEALER);
    key(cell(0, 0), 'z', { ctrlKey: true, shiftKey: true });
    expect(parsed(last())[1]).not.toHaveProperty('note');
    key(cell(0, 0), 'y', { ctrlKey: true });
    expect(parsed(last()).map((r) => r.id)).toEqual([12, 14, 13]);
  });

  it('typing on a cell starts its edit with that character; Escape does not leave the table', () => {
    renderTable();
    key(cell(2, 1), 'X');
    expect((within(grid()).getByRole('textbox') as HTMLInputElement).value).toBe('X');
  });
});

describe('records table: the buttons', () => {
  it('adds rows (id max + 1), duplicates, deletes several, moves', () => {
    const { last } = renderTable();
    fireEvent.click(button('Add row at end'));
    expect(parsed(last()).at(-1)?.id).toBe(15);
    fireEvent.click(cell(0, 0));
    fireEvent.click(button('Add row below'));
    expect(parsed(last())[1]?.id).toBe(16);
    fireEvent.click(button('Duplicate'));
    expect(parsed(last())).toHaveLength(6);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    fireEvent.click(button('Delete 2 rows'));
    expect(parsed(last())).toHaveLength(4);
    fireEvent.click(cell(1, 0));
    fireEvent.click(button('Move up'));
    expect(parsed(last())[0]?.id).toBe(13);
    fireEvent.click(button('Move down'));
    expect(parsed(last())[1]?.id).toBe(13);
  });

  it('moves the checked rows, not the one focused last; a click on a row’s number makes it current', () => {
    const { last } = renderTable();
    fireEvent.click(cell(0, 1));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    fireEvent.click(button('Move up'));
    expect(parsed(last()).map((r) => r.id)).toEqual([12, 14, 13]);
    // Row 2 (id 14) stays checked; row 3 (id 13) joins it: both move together.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    fireEvent.click(button('Move up'));
    expect(parsed(last()).map((r) => r.id)).toEqual([14, 13, 12]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    // Nothing checked: the row whose number was clicked is the one that moves.
    fireEvent.click(within(grid()).getAllByRole('rowheader')[2] as HTMLElement);
    fireEvent.click(button('Move up'));
    expect(parsed(last()).map((r) => r.id)).toEqual([14, 12, 13]);
  });

  it('adds, renames, moves and removes a column; sorts; changes a cell’s type; undo and redo', () => {
    const { last } = renderTable();
    fireEvent.click(cell(0, 3));
    fireEvent.click(button('Add column'));
    fireEvent.input(screen.getByLabelText('Column name'), { target: { value: 'km' } });
    choose(screen.getByLabelText('Type'), 'number');
    fireEvent.submit(screen.getByLabelText('Column name').closest('form') as HTMLFormElement);
    expect(Object.keys(parsed(last())[0] ?? {})).toEqual(['id', 'name', 'price', 'sold', 'km']);
    fireEvent.click(cell(0, 1));
    fireEvent.click(button('Rename column'));
    fireEvent.input(screen.getByLabelText('Column name'), { target: { value: 'model' } });
    fireEvent.submit(screen.getByLabelText('Column name').closest('form') as HTMLFormElement);
    expect(Object.keys(parsed(last())[0] ?? {})).toEqual(['id', 'model', 'price', 'sold', 'km']);
    fireEvent.click(button('Move left'));
    expect(Object.keys(parsed(last())[0] ?? {})[0]).toBe('model');
    fireEvent.click(button('Move right'));
    fireEvent.click(cell(0, 2));
    fireEvent.click(button('Sort descending'));
    expect(parsed(last()).map((r) => r.id)).toEqual([14, 13, 12]);
    fireEvent.click(button('Remove column'));
    expect(parsed(last())[0]).not.toHaveProperty('price');
    fireEvent.click(button('Undo'));
    expect(parsed(last())[0]).toHaveProperty('price');
    fireEvent.click(button('Redo'));
    expect(parsed(last())[0]).not.toHaveProperty('price');
    fireEvent.click(cell(0, 0));
    choose(screen.getByLabelText('Cell type'), 'text');
    expect(last()).toMatch(/^\[\{"id":"14"/);
    fireEvent.click(button('Make absent'));
    expect(parsed(last())[0]).not.toHaveProperty('id');
  });

  it('refuses a column that exists, with its name', () => {
    renderTable();
    fireEvent.click(button('Add column'));
    fireEvent.input(screen.getByLabelText('Column name'), { target: { value: 'price' } });
    fireEvent.submit(screen.getByLabelText('Column name').closest('form') as HTMLFormElement);
    expect(screen.getByRole('alert').textContent).toBe('A column named “price” exists already.');
  });
});

describe('records table: find', () => {
  it('Ctrl+F in the grid goes to Find; Enter goes to the next cell holding the text, round again; none says so', () => {
    renderTable();
    key(cell(0, 1), 'f', { ctrlKey: true });
    const find = screen.getByLabelText('Find in the table');
    expect(document.activeElement).toBe(find);
    fireEvent.input(find, { target: { value: 'golf' } });
    key(find, 'Enter');
    expect(document.activeElement).toBe(cell(2, 1));
    find.focus();
    // From the cell found on: the next 'false' in its row, then round to the first row's.
    fireEvent.input(find, { target: { value: 'false' } });
    key(find, 'Enter');
    expect(document.activeElement).toBe(cell(2, 3));
    find.focus();
    key(find, 'Enter');
    expect(document.activeElement).toBe(cell(0, 3));
    find.focus();
    // As shown, too: "yes" finds the first sold car (stored true).
    fireEvent.input(find, { target: { value: 'yes' } });
    key(find, 'Enter');
    expect(document.activeElement).toBe(cell(1, 3));
    find.focus();
    fireEvent.input(find, { target: { value: 'Trabant' } });
    key(find, 'Enter');
    expect(screen.getByText('Not found in the table.')).toBeTruthy();
  });
});

describe('records table: text of several lines', () => {
  it('opens a two-line cell with its line break, shows ↵ in the grid, Alt+Enter breaks a line, Enter keeps it', () => {
    const { last } = renderTable('[{"id":1,"note":"Zeile eins\\nZeile zwei"}]');
    expect(cell(0, 1).textContent).toBe('Zeile eins↵line breakZeile zwei');
    key(cell(0, 1), 'Enter');
    const box = within(grid()).getByRole('textbox') as HTMLTextAreaElement;
    expect(box.value).toBe('Zeile eins\nZeile zwei');
    box.setSelectionRange(box.value.length, box.value.length);
    key(box, 'Enter', { altKey: true });
    fireEvent.input(box, { target: { value: `${box.value}Zeile drei` } });
    key(box, 'Enter');
    expect(parsed(last())[0]?.note).toBe('Zeile eins\nZeile zwei\nZeile drei');
  });
});

describe('records table: history, paste and the limit', () => {
  it('keeps the undo history when the view goes and comes back (text and table)', () => {
    const first = renderTable();
    fireEvent.click(button('Add row at end'));
    first.view.unmount();
    const again = renderTable(first.last(), { session: first.session });
    fireEvent.click(button('Undo'));
    expect(again.last()).toBe(DEALER);
  });

  it('pastes one row into the cells at once, and previews a paste that adds two rows', () => {
    const { last } = renderTable();
    const paste = (target: Element, text: string) =>
      fireEvent.paste(target, {
        clipboardData: { getData: (type: string) => (type === 'text/plain' ? text : '') },
      });
    paste(cell(2, 1), 'Opel Astra\t7000');
    expect(parsed(last())[2]).toMatchObject({ name: 'Opel Astra', price: 7000 });
    paste(cell(2, 1), 'Seat Leon\t8000\nSkoda Octavia\t9000\nKia Ceed\t6000');
    const preview = screen.getByRole('group', { name: 'Paste preview' });
    expect(preview.textContent).toMatch(/changes 6 cells and adds 2 rows/);
    expect(parsed(last())).toHaveLength(3);
    fireEvent.click(within(preview).getByRole('button', { name: 'Keep the paste' }));
    expect(parsed(last()).map((r) => r.name)).toEqual([
      'Audi A4 Avant',
      'BMW 320d é 🚗',
      'Seat Leon',
      'Skoda Octavia',
      'Kia Ceed',
    ]);
  });

  it('a paste with a refused cell keeps the other cells and names the refused one, which keeps its value', () => {
    const { last } = renderTable();
    fireEvent.paste(cell(0, 1), {
      clipboardData: {
        getData: (type: string) => (type === 'text/plain' ? 'Audi A6\tzwölf\nBMW 330i\t81000' : ''),
      },
    });
    const preview = screen.getByRole('group', { name: 'Paste preview' });
    expect(preview.textContent).toContain('Not pasted (these cells keep their value):');
    // The rows as the paste keeps them: the refused price stays 12,500.
    const shown = within(preview).getByRole('table');
    expect(
      within(shown)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['idnamepricesoldnote', '12Audi A612,500noabsent', '13BMW 330i81,000yesnull']);
    expect(preview.textContent).toContain('Row 1, column “price”');
    expect(preview.textContent).toMatch(/of 2,400 characters\./);
    fireEvent.click(within(preview).getByRole('button', { name: 'Keep the other cells' }));
    expect(parsed(last()).slice(0, 2)).toMatchObject([
      { name: 'Audi A6', price: 12500 },
      { name: 'BMW 330i', price: 81000 },
    ]);
  });

  it('counts the cell being typed, and past 2400 refuses with the number over and offers a document', () => {
    const long = JSON.stringify(Array.from({ length: 21 }, (_, i) => ({ id: i + 1, name: 'x'.repeat(90) })));
    const { offered } = renderTable(long);
    expect(screen.getByText(new RegExp(`^${long.length.toLocaleString('en')} of 2,400`))).toBeTruthy();
    key(cell(0, 1), 'Enter');
    typeInCell('x'.repeat(90 + 2400 - long.length + 5));
    expect(screen.getByRole('alert').textContent).toMatch(/^5 characters over the limit of 2,400/);
    fireEvent.click(button('Keep as a document across slots'));
    expect(offered).toHaveLength(1);
  });
});
