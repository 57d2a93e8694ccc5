/** The dashboard with its Slots tab and a fake worker: one current target, a remembered tab. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DashboardApp } from '../../components/dashboard/DashboardApp';
import { DashboardStore } from '../../components/dashboard/dashboard-store';
import { PageContext } from '../../components/page/context';
import type { MessageType, RequestOf } from '../../lib/messaging/protocol';
import { currentTargetItem } from '../../lib/storage/current-target';
import { recordingWorker, signedInAnswers } from './fixtures';

const BUILDINGS = [
  { id: 'b-1', label: 'Haus Müllerstraße' },
  { id: 'b-2', label: 'Königshof' },
];

function fakeWorker() {
  const worker = recordingWorker(
    (type, payload) => {
      if (type !== 'readOption') return signedInAnswers(BUILDINGS)(type, payload);
      const { target, option } = payload as RequestOf<'readOption'>;
      return { ok: true, value: { title: `${target.id} ${option}`, data: '', lastUpdated: null } };
    },
    () => ({ kind: 'network', message: 'offline' }),
  );
  const count = (type: MessageType) => worker.sent(type).length;
  const reads = () => worker.sent('readOption').map((c) => (c.payload as RequestOf<'readOption'>).target.id);
  return { send: worker.send, count, reads };
}

async function openPopup(worker: ReturnType<typeof fakeWorker>) {
  const page = new PageContext({ send: worker.send, profileId: 'p-1' });
  const store = new DashboardStore({ page, view: 'popup' });
  const view = render(
    <DashboardApp
      page={page}
      store={store}
      layout="compact"
      slotsLayout="compact"
      onOpenSettings={() => undefined}
      closeAfterOpening
    />,
  );
  await store.start();
  return { store, view };
}

/** The Slots tab's code is a chunk of its own; its first load (and transform) may take a moment. */
const LAZY_LOAD = { timeout: 10_000 };

const building = (name: string) =>
  within(screen.getByRole('list', { name: 'Your buildings' })).getByRole('button', {
    name: new RegExp(name),
  });
const targetChoice = (name: string) =>
  within(screen.getByRole('group', { name: 'Buildings' })).getByRole('button', { name });

beforeEach(() => fakeBrowser.reset());

describe('dashboard with the Slots tab', () => {
  it('the Slots tab follows the building chosen above it and asks nothing twice', async () => {
    const worker = fakeWorker();
    const { store } = await openPopup(worker);
    fireEvent.click(screen.getByRole('tab', { name: 'Slots' }));
    await waitFor(() => expect(screen.getByText('b-1 1')).toBeTruthy(), LAZY_LOAD);
    expect(targetChoice('Haus Müllerstraße').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(building('Königshof'));
    await waitFor(() => expect(screen.getByText('b-2 1')).toBeTruthy());
    expect(targetChoice('Königshof').getAttribute('aria-pressed')).toBe('true');
    expect(building('Königshof').getAttribute('aria-current')).toBe('true');
    await expect.poll(() => currentTargetItem('p-1').get()).toEqual({ kind: 'building', id: 'b-2' });
    // Settings and buildings come from the dashboard, not from a second round of requests.
    expect(worker.count('getSettings')).toBe(1);
    expect(worker.count('listBuildings')).toBe(1);
    expect(new Set(worker.reads())).toEqual(new Set(['b-1', 'b-2']));

    // Chosen on the Slots tab, the building is the dashboard's too.
    fireEvent.click(targetChoice('Haus Müllerstraße'));
    await waitFor(() => expect(store.shownId.value).toBe('b-1'));
    store[Symbol.dispose]();
  });

  it('reopens on the tab chosen last, with the building chosen last', async () => {
    const first = await openPopup(fakeWorker());
    fireEvent.click(building('Königshof'));
    fireEvent.click(screen.getByRole('tab', { name: 'Slots' }));
    await waitFor(() => expect(screen.getByText('b-2 1')).toBeTruthy(), LAZY_LOAD);
    first.store[Symbol.dispose]();
    first.view.unmount();

    await openPopup(fakeWorker());
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Slots' }).getAttribute('aria-selected')).toBe('true'),
    );
    await waitFor(() => expect(screen.getByText('b-2 1')).toBeTruthy());
  });
});
