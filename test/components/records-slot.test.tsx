/** The Table view in the slot editor: offered for a list of records, a view over the draft, saved by the slot's save. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PageContext } from '../../components/page/context';
import { DRAFT_DEBOUNCE_MS } from '../../components/slots/slot-drafts';
import { SlotWorkspace } from '../../components/slots/SlotWorkspace';
import type { PageOption } from '../../lib/api/schemas';
import type { Send } from '../../lib/messaging/page-client';
import type { MessageType, RequestOf } from '../../lib/messaging/protocol';
import { readDrafts } from '../../lib/storage/drafts';
import { settingsView } from './fixtures';
import { DEALER } from './records-fixtures';

const P = 'p-1';
const TARGET = { kind: 'building', id: 'b-1001' } as const;
const T0 = '2025-01-01T00:00:00.000Z';

function fakeWorker() {
  const slots = new Map<number, PageOption>();
  for (let n = 1; n <= 10; n++)
    slots.set(n, {
      title: `Titel ${n}`,
      data: n === 1 ? DEALER : n === 2 ? '{"a": 1}' : '',
      lastUpdated: T0,
    });
  const saves: RequestOf<'saveSlot'>[] = [];
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    switch (type) {
      case 'getSettings':
        return { ok: true, value: settingsView({ hasToken: true, hasSecret: true }) };
      case 'listBuildings':
        return { ok: true, value: [{ id: 'b-1001', label: 'Haus' }] };
      case 'readOption':
        return { ok: true, value: slots.get((payload as RequestOf<'readOption'>).option) };
      case 'saveSlot': {
        const p = payload as RequestOf<'saveSlot'>;
        saves.push(p);
        const saved = { title: p.title, data: p.data, lastUpdated: '2025-06-01T00:00:00.000Z' };
        slots.set(p.option, saved);
        return { ok: true, value: { status: 'saved', option: saved } };
      }
      default:
        return { ok: false, error: { kind: 'internal', message: type } };
    }
  }) as unknown as Send;
  return { send, saves };
}

async function setup() {
  const worker = fakeWorker();
  render(<SlotWorkspace layout="full" page={new PageContext({ send: worker.send, profileId: P })} />);
  await waitFor(() => expect(screen.getAllByLabelText('Title')).toHaveLength(10));
  return worker;
}

const slot = (n: number) => screen.getByRole('group', { name: new RegExp(`^Slot ${n}\\b`) });
const click = (n: number, name: string | RegExp) =>
  fireEvent.click(within(slot(n)).getByRole('button', { name }));
const data = (n: number) =>
  within(slot(n)).getByLabelText('Data', { selector: 'textarea' }) as HTMLTextAreaElement;
const openTable = async (n: number) => {
  click(n, 'Table');
  return within(slot(n)).findByRole('grid', { name: `Records of slot ${n}` });
};

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the Table view of a slot', () => {
  it('is offered beside a list of records; text that is none says why', async () => {
    await setup();
    expect(within(slot(3)).queryByRole('button', { name: 'Table' })).toBeNull();
    click(2, 'Table');
    expect(
      await within(slot(2)).findByText(
        'No table: it is neither a list of records nor an object holding one.',
      ),
    ).toBeTruthy();
    expect(within(slot(2)).getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('writes the draft on an edit, keeps undo across Text and Table, and saves once with the slot’s save', async () => {
    const worker = await setup();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let grid = await openTable(1);
      const cell = (g: HTMLElement, r: number, c: number) =>
        within(g).getAllByRole('row')[r + 1]?.querySelectorAll('td')[c] as HTMLElement;
      fireEvent.keyDown(cell(grid, 0, 2), { key: 'Enter' });
      fireEvent.input(within(grid).getByRole('textbox'), { target: { value: '11999' } });
      fireEvent.keyDown(within(grid).getByRole('textbox'), { key: 'Enter' });
      const edited = DEALER.replace('12500', '11999');
      expect(data(1).value).toBe(edited);
      await act(async () => void (await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS + 10)));
      await waitFor(async () => expect((await readDrafts(P, TARGET, [1])).get(1)?.data).toBe(edited));
      click(1, 'Table');
      expect(data(1).hidden).toBe(false);
      grid = await openTable(1);
      fireEvent.click(within(slot(1)).getByRole('button', { name: 'Undo' }));
      expect(data(1).value).toBe(DEALER);
      fireEvent.click(within(slot(1)).getByRole('button', { name: 'Redo' }));
      click(1, 'Save slot');
      await waitFor(() => expect(within(slot(1)).getByText('Saved.')).toBeTruthy());
      expect(worker.saves.map((s) => s.data)).toEqual([edited]);
      // The history ends with the save.
      expect(within(slot(1)).getByRole('button', { name: 'Undo' }).getAttribute('aria-disabled')).toBe(
        'true',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('a cell still open is written by Save slot: the POST holds what the cell shows', async () => {
    const worker = await setup();
    const grid = await openTable(1);
    const price = within(grid).getAllByRole('row')[1]?.querySelectorAll('td')[2] as HTMLElement;
    fireEvent.keyDown(price, { key: 'Enter' });
    fireEvent.input(within(grid).getByRole('textbox'), { target: { value: '700000' } });
    expect(within(slot(1)).getByText('Unsaved')).toBeTruthy();
    click(1, 'Save slot');
    await waitFor(() => expect(within(slot(1)).getByText('Saved.')).toBeTruthy());
    expect(worker.saves.map((s) => s.data)).toEqual([DEALER.replace('12500', '700000')]);
    expect(within(grid).queryByRole('textbox')).toBeNull();
  });

  it('a cell still open with a refused value blocks the save and says why', async () => {
    const worker = await setup();
    const grid = await openTable(1);
    const price = within(grid).getAllByRole('row')[1]?.querySelectorAll('td')[2] as HTMLElement;
    fireEvent.keyDown(price, { key: 'Enter' });
    fireEvent.input(within(grid).getByRole('textbox'), { target: { value: 'zwölf' } });
    click(1, 'Save slot');
    expect(within(grid).getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
    expect(within(slot(1)).queryByText('Saved.')).toBeNull();
    expect(worker.saves).toEqual([]);
  });

  it('a cell’s typing is in the draft before Enter (the page closing keeps it); Escape takes it out', async () => {
    await setup();
    const grid = await openTable(1);
    const name = within(grid).getAllByRole('row')[1]?.querySelectorAll('td')[1] as HTMLElement;
    fireEvent.keyDown(name, { key: 'Enter' });
    fireEvent.input(within(grid).getByRole('textbox'), { target: { value: 'Audi A6 Kombi' } });
    const typed = DEALER.replace('Audi A4 Avant', 'Audi A6 Kombi');
    expect(data(1).value).toBe(typed);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(async () => expect((await readDrafts(P, TARGET, [1])).get(1)?.data).toBe(typed));
    fireEvent.keyDown(within(grid).getByRole('textbox'), { key: 'Escape' });
    expect(data(1).value).toBe(DEALER);
    expect(within(grid).getAllByRole('row')[1]?.textContent).toContain('Audi A4 Avant');
  });

  it('opening the table changes no draft: a save writes the text as it was', async () => {
    const worker = await setup();
    await openTable(1);
    expect(within(slot(1)).queryByText('Unsaved')).toBeNull();
    expect(data(1).value).toBe(DEALER);
    expect((await readDrafts(P, TARGET, [1])).size).toBe(0);
    expect(worker.saves).toEqual([]);
  });

  it('a save with nothing changed sends nothing and says so', async () => {
    const worker = await setup();
    await openTable(1);
    click(1, 'Save slot');
    expect(await within(slot(1)).findByText('Nothing to save: the slot already holds this.')).toBeTruthy();
    expect(worker.saves).toEqual([]);
  });
});
