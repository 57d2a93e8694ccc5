/**
 * The slot views with a fake worker: factories listed beside the buildings and merged with those
 * added by hand, the fallback said once per profile, "N of M slots used" with a placeholder-only
 * slot counted empty, and the offer to clear with the placeholder after the server refused "".
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { nameTarget } from '../../components/import/target-name';
import { SlotWorkspace } from '../../components/slots/SlotWorkspace';
import type { PageOption } from '../../lib/api/schemas';
import type { FactoryDiscovery } from '../../lib/factories/discovery';
import type { Send } from '../../lib/messaging/page-client';
import { PageContext } from '../../components/page/context';
import type { MessageType, RequestOf } from '../../lib/messaging/protocol';
import { readPlaceholder } from '../../lib/storage/placeholder';
import { rememberFactory } from '../../lib/storage/added-factories';
import { settingsView } from './fixtures';

/** Every slot read: its group "Slot N" shown (an empty one folded into a line), none loading. */
const allRead = (count: number) =>
  waitFor(() => {
    expect(screen.getAllByRole('group', { name: /^Slot \d+$/ })).toHaveLength(count);
    expect(screen.queryByText('Loading slot…')).toBeNull();
  });

const P = 'p-1';
const T0 = '2025-01-01T00:00:00.000Z';

function fakeWorker(discovery: FactoryDiscovery, options: { refuseEmpty?: boolean } = {}) {
  const slots = new Map<number, PageOption>();
  for (let n = 1; n <= 10; n++)
    slots.set(n, {
      title: n <= 3 ? `Titel ${n}` : n === 4 ? '.' : '',
      data: n === 4 ? '.' : '',
      lastUpdated: T0,
    });
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    switch (type) {
      case 'getSettings':
        return { ok: true, value: settingsView({ premium: false, hasToken: true, hasSecret: true }) };
      case 'listBuildings':
        return { ok: true, value: [{ id: 'b-1001', label: 'Haus Müllerstraße' }] };
      case 'listFactories':
        return { ok: true, value: discovery };
      case 'readOption':
        return { ok: true, value: slots.get((payload as RequestOf<'readOption'>).option) };
      case 'saveSlot': {
        const p = payload as RequestOf<'saveSlot'>;
        if (options.refuseEmpty && (p.title === '' || p.data === ''))
          return {
            ok: false,
            error: { kind: 'validation', status: 422, message: 'The title field is required.' },
          };
        const saved = { title: p.title, data: p.data, lastUpdated: '2025-06-01T00:00:00.000Z' };
        slots.set(p.option, saved);
        return { ok: true, value: { status: 'saved', option: saved } };
      }
      default:
        return { ok: false, error: { kind: 'internal', message: type } };
    }
  }) as unknown as Send;
  return { send, slots };
}

const listed: FactoryDiscovery = {
  factories: [
    { id: '65f0e1d2c3b4a50000000501', name: 'Bäckerei Groß' },
    { id: '65f0e1d2c3b4a50000000777', name: 'Mühle' },
  ],
  unavailable: null,
};
const notFound: FactoryDiscovery = {
  factories: [],
  unavailable: { reason: 'notFound', detail: 'No such endpoint' },
};

const factories = () => screen.getByRole('group', { name: 'Factories' });

beforeEach(() => {
  fakeBrowser.reset();
});

describe('factories in the picker', () => {
  it('lists the account’s factories by name, merged by id with one added by hand', async () => {
    await rememberFactory(P, { id: '65f0e1d2c3b4a50000000777', name: 'Meine Mühle' });
    await rememberFactory(P, { id: 'f-hand', name: 'Handarbeit' });
    render(
      <SlotWorkspace layout="full" page={new PageContext({ send: fakeWorker(listed).send, profileId: P })} />,
    );
    const names = () =>
      within(factories())
        .getAllByRole('button', { pressed: false })
        .map((b) => b.textContent);
    await waitFor(() => expect(names()).toEqual(['Bäckerei Groß', 'Meine Mühle', 'Handarbeit']));
    // Only the one the list lacks can be removed.
    expect(within(factories()).getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);
    expect(screen.queryByText(/factory list/i)).toBeNull();
  });

  it('says once per profile why only hand entry is offered when the list answers 404', async () => {
    const first = render(
      <SlotWorkspace
        layout="full"
        page={new PageContext({ send: fakeWorker(notFound).send, profileId: P })}
      />,
    );
    expect(await screen.findByText(/The service has no factory list/)).toBeTruthy();
    expect(screen.getByText('Add a factory')).toBeTruthy();
    first.unmount();
    render(
      <SlotWorkspace
        layout="full"
        page={new PageContext({ send: fakeWorker(notFound).send, profileId: P })}
      />,
    );
    await allRead(10);
    expect(screen.queryByText(/The service has no factory list/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('factory names elsewhere', () => {
  it('the import preview names a factory by the account’s list, and never flags one as unlisted', () => {
    const mill = { kind: 'factory' as const, id: '65f0e1d2c3b4a50000000777' };
    expect(nameTarget(mill, null, [{ id: mill.id, name: 'Mühle' }])).toEqual({
      label: 'Mühle',
      listed: true,
    });
    expect(nameTarget({ kind: 'factory', id: 'f-9' }, [], [])).toMatchObject({ listed: true });
  });
});

describe('slot usage and clearing', () => {
  it('shows "N of M slots used" and each slot’s length in the list; a placeholder-only slot is empty', async () => {
    const { send } = fakeWorker(listed);
    const { rememberPlaceholder } = await import('../../lib/storage/placeholder');
    await rememberPlaceholder(P, '.');
    render(<SlotWorkspace layout="compact" page={new PageContext({ send: send, profileId: P })} />);
    const list = await screen.findByRole('list');
    await waitFor(() => expect(within(list).getAllByText('(empty)')).toHaveLength(7));
    expect(screen.getByText('3 of 10 slots used')).toBeTruthy();
    expect(within(list).getAllByText('0/2400')).toHaveLength(10);
  });

  it('offers the placeholder after the server refused an empty field, remembers it and saves', async () => {
    const worker = fakeWorker(listed, { refuseEmpty: true });
    render(<SlotWorkspace layout="full" page={new PageContext({ send: worker.send, profileId: P })} />);
    await allRead(10);
    const slot1 = screen.getByRole('group', { name: /^Slot 1\b/ });
    fireEvent.input(within(slot1).getByLabelText('Title'), { target: { value: '' } });
    fireEvent.click(within(slot1).getByRole('button', { name: 'Save slot' }));
    const offer = await within(slot1).findByRole('button', { name: 'Clear with “.”' });
    expect(within(slot1).getByText(/The server refuses an empty title or data/)).toBeTruthy();
    fireEvent.click(offer);
    await waitFor(() => expect(worker.slots.get(1)).toMatchObject({ title: '.', data: '.' }));
    expect(await readPlaceholder(P)).toBe('.');
    await waitFor(() => expect((within(slot1).getByLabelText('Title') as HTMLInputElement).value).toBe(''));
    expect(within(slot1).getByText('Empty (holds this account’s placeholder “.”)')).toBeTruthy();
    // Typing into the slot shown empty: the other field stays empty and is saved as the placeholder.
    fireEvent.input(within(slot1).getByLabelText('Title'), { target: { value: 'Neu' } });
    expect((within(slot1).getByLabelText('Data') as HTMLTextAreaElement).value).toBe('');
    fireEvent.click(within(slot1).getByRole('button', { name: 'Save slot' }));
    await waitFor(() => expect(worker.slots.get(1)).toMatchObject({ title: 'Neu', data: '.' }));
  });
});
