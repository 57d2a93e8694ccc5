/**
 * A slot whose stored data holds the account's token arrives with it removed ("[token removed]",
 * lib/api/redact.ts): the editor says the text shown is not the stored text, and a save of it asks
 * first; nothing is sent until the user confirms.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PageContext } from '../../components/page/context';
import { SlotWorkspace } from '../../components/slots/SlotWorkspace';
import type { PageOption } from '../../lib/api/schemas';
import type { Send } from '../../lib/messaging/page-client';
import type { MessageType, RequestOf } from '../../lib/messaging/protocol';
import { settingsView } from './fixtures';

const SHOWN = 'sync: {"key": "[token removed]"}';
const STORED_NOTE = /the text shown is not the stored text/;

function fakeWorker() {
  const slots = new Map<number, PageOption>();
  for (let n = 1; n <= 10; n++)
    slots.set(n, {
      title: `Titel ${n}`,
      data: n === 4 ? SHOWN : '',
      lastUpdated: '2025-01-01T00:00:00.000Z',
    });
  const saves: RequestOf<'saveSlot'>[] = [];
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    switch (type) {
      case 'getSettings':
        return { ok: true, value: settingsView({ premium: false, hasToken: true, hasSecret: true }) };
      case 'listBuildings':
        return { ok: true, value: [{ id: 'b-1001', label: 'Haus Müllerstraße' }] };
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

const slot = (n: number) => screen.getByRole('group', { name: new RegExp(`^Slot ${n}\\b`) });
const click = (n: number, name: string | RegExp) =>
  fireEvent.click(within(slot(n)).getByRole('button', { name }));

beforeEach(() => {
  fakeBrowser.reset();
});

describe('a slot shown with the token removed', () => {
  it('says the text shown is not the stored text, and asks before a save writes it', async () => {
    const worker = fakeWorker();
    render(<SlotWorkspace layout="full" page={new PageContext({ send: worker.send, profileId: 'p-1' })} />);
    await waitFor(() => expect(screen.getAllByLabelText('Title')).toHaveLength(10));
    expect(within(slot(4)).getByText(STORED_NOTE)).toBeTruthy();
    expect(within(slot(5)).queryByText(STORED_NOTE)).toBeNull();

    fireEvent.input(within(slot(4)).getByLabelText('Title'), { target: { value: 'Neuer Titel' } });
    click(4, 'Save slot');
    const ask = await within(slot(4)).findByRole('alert');
    expect(ask.textContent).toMatch(/Save the text as shown\?/);
    expect(worker.saves).toEqual([]);

    // Keep editing: nothing sent, the question goes.
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(within(slot(4)).queryByRole('alert')).toBeNull();
    expect(worker.saves).toEqual([]);

    // Asked again, then confirmed: the text is saved as shown.
    click(4, 'Save slot');
    fireEvent.click(await within(slot(4)).findByRole('button', { name: 'Save as shown' }));
    await waitFor(() => expect(worker.saves).toHaveLength(1));
    expect(worker.saves[0]).toMatchObject({ option: 4, title: 'Neuer Titel', data: SHOWN });

    // A slot without a removed credential saves at once.
    fireEvent.input(within(slot(5)).getByLabelText('Title'), { target: { value: 'Anders' } });
    click(5, 'Save slot');
    await waitFor(() => expect(worker.saves).toHaveLength(2));
  });
});
