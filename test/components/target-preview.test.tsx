/** The restore preview across targets in the import panel, with a fake worker: groups, counts, cost, storage, Confirm. */
import { fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { planCost, planStorage, planTargets } from '../../lib/jobs/multi-plan';
import type { Send } from '../../lib/messaging/page-client';
import type { MessageType, TargetsPreview } from '../../lib/messaging/protocol';
import { renderImportPanel } from './import-fixtures';

const P = 'p-1';
const b1 = { kind: 'building' as const, id: 'b-1001' };
const b2 = { kind: 'building' as const, id: 'b-1002' };
const foreign = { kind: 'building' as const, id: 'b-2001' };
const HTML = '<img src=x onerror=alert(1)>';

const plans = planTargets(
  [
    {
      target: b1,
      slots: [
        { slot: 1, title: 'same', data: 'x' },
        { slot: 2, title: HTML, data: 'new' },
        { slot: 3, title: 'unknown', data: 'u' },
        { slot: 12, title: 'premium', data: 'p' },
      ],
    },
    { target: b2, name: 'Lager', slots: [{ slot: 1, title: 'b2', data: 'y' }] },
    { target: foreign, slots: [{ slot: 1, title: 'f', data: 'z' }] },
  ],
  {
    premium: false,
    placeholder: '',
    owned: (t) => t.id !== foreign.id,
    current: (t, slot) =>
      t.id === b1.id && slot === 1
        ? { title: 'same', data: 'x', lastUpdated: null }
        : t.id === b1.id && slot === 2
          ? { title: 'old', data: 'old', lastUpdated: null }
          : null,
    // Read for the preview (the user asked): a slot holding its value already is skipped.
    readNow: () => true,
  },
);
const READY: TargetsPreview = {
  status: 'ready',
  targets: plans,
  cost: planCost(plans, { limit: 10, windowMs: 60_000, source: 'learned' as const }),
  storage: planStorage(plans),
};

function fakeWorker(preview: TargetsPreview) {
  const calls: { type: MessageType; payload: unknown }[] = [];
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    calls.push({ type, payload });
    if (type === 'previewTargets') return { ok: true, value: preview };
    if (type === 'startTargets') return { ok: true, value: { id: 'job-1' } };
    return { ok: false, error: { kind: 'internal', message: type } };
  }) as unknown as Send;
  return { send, sent: (type: MessageType) => calls.filter((c) => c.type === type) };
}

function paste(text: string) {
  fireEvent.input(screen.getByLabelText('…or paste the JSON here'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Check and preview' }));
}

const DOC = JSON.stringify({ targets: [{ target: b1, slots: [{ slot: 1, title: 'same', data: 'x' }] }] });

beforeEach(() => {
  fakeBrowser.reset();
});

describe('restore preview across targets', () => {
  it('shows each target as a group with its counts, the cost and one Confirm', async () => {
    const worker = fakeWorker(READY);
    renderImportPanel({ target: b1, premium: false, send: worker.send, profileId: P, buildings: null });
    paste(DOC);
    const first = await screen.findByRole('group', { name: 'Building b-1001' });
    expect(
      within(first).getByText(
        '1 change, 1 already hold this value (skipped, no request), 1 read before writing, 1 need premium (not written)',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Lager (b-1002)' })).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Building b-2001' })).getByText(
        'Not yours: none of its 1 slots is written',
      ),
    ).toBeTruthy();
    // Untrusted text stays text.
    expect(within(first).getAllByText(HTML, { exact: false }).length).toBeGreaterThan(0);
    expect(document.querySelector('img')).toBeNull();
    // Slots 2 and 3 of b-1001 and slot 1 of b-1002 to write, each read once right before: reads and
    // writes said apart; the slot shown holding its value already costs nothing.
    expect(
      screen.getByText(
        /^Reads 3 slots, writes at most 3 \(those that differ\): about 1 min at 10 requests per minute\./,
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/1 slots already hold this value as shown: skipped without a request\./),
    ).toBeTruthy();
    // The slots not known can be read for the preview, when the user asks (one request each).
    fireEvent.click(screen.getByRole('button', { name: 'Show current values: 2 requests, about 1 min' }));
    await vi.waitFor(() => expect(worker.sent('previewTargets')).toHaveLength(2), { timeout: 10_000 });
    expect(worker.sent('previewTargets')[1]?.payload).toMatchObject({ read: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm: write up to 3 slots in 2 targets' }));
    await vi.waitFor(() => expect(worker.sent('startTargets')).toHaveLength(1), { timeout: 10_000 });
    expect(worker.sent('startTargets')[0]?.payload).toEqual({
      slots: [
        { target: b1, slot: 2, title: HTML, data: 'new', expected: { title: 'old', data: 'old' } },
        { target: b1, slot: 3, title: 'unknown', data: 'u' },
        { target: b2, slot: 1, title: 'b2', data: 'y' },
      ],
    });
  });

  it('says it judged from cached answers, offers to read them, and has the job check such a slot against the value it held, writing none unasked', async () => {
    const cached = planTargets([{ target: b1, slots: [{ slot: 1, title: 'same', data: 'x' }] }], {
      premium: false,
      placeholder: '',
      owned: () => true,
      current: () => ({ title: 'same', data: 'x', lastUpdated: null }),
      seenAt: () => Date.now() - 3 * 60_000,
    });
    const preview: TargetsPreview = {
      status: 'ready',
      targets: cached,
      cost: planCost(cached, { limit: 10, windowMs: 60_000, source: 'assumed' }),
      storage: planStorage(cached),
    };
    const worker = fakeWorker(preview);
    renderImportPanel({ target: b1, premium: false, send: worker.send, profileId: P, buildings: null });
    paste(DOC);
    expect(
      await screen.findByText(/^1 slots are judged from answers read 3 minutes ago, not now: another writer/),
    ).toBeTruthy();
    expect(screen.queryByText('Nothing to change: every slot already holds this value.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show current values: 1 requests, about 1 min' })).toBeTruthy();
    expect(
      screen.getByText(
        /^Reads 1 slots and writes none \(each held this value when last read\): about 1 min at 10 requests per minute\./,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: check 1 slots in 1 targets' }));
    await vi.waitFor(() => expect(worker.sent('startTargets')).toHaveLength(1), { timeout: 10_000 });
    // The value the cached answer held is expected: another writer's change since is a conflict.
    expect(worker.sent('startTargets')[0]?.payload).toEqual({
      slots: [{ target: b1, slot: 1, title: 'same', data: 'x', expected: { title: 'same', data: 'x' } }],
    });
  });

  it('says before Confirm when the job does not fit its storage, and does not start it', async () => {
    const worker = fakeWorker({ ...READY, storage: { bytes: 3_000_000, max: 2_000_000 } } as TargetsPreview);
    renderImportPanel({ target: b1, premium: false, send: worker.send, profileId: P, buildings: null });
    paste(DOC);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This job needs 2930 KB of storage, at most 1953 KB fit: include fewer targets (untick some above), or restore them in several goes.',
    );
    const confirm = screen.getByRole('button', { name: /Confirm: write up to 3 slots/ });
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(confirm);
    expect(worker.sent('startTargets')).toHaveLength(0);
  });

  it('restores only the targets left included: cost, storage and Confirm follow the choice', async () => {
    // The worker's preview says the whole restore does not fit; the page recounts what is included.
    const worker = fakeWorker({ ...READY, storage: { bytes: 3_000_000, max: 2_000_000 } } as TargetsPreview);
    renderImportPanel({ target: b1, premium: false, send: worker.send, profileId: P, buildings: null });
    paste(DOC);
    await screen.findByRole('alert');
    const include = (name: string) => screen.getByRole('checkbox', { name: `Include ${name}` });
    expect(include('Building b-1001')).toHaveProperty('checked', true);
    fireEvent.click(include('Building b-1001'));
    // Only b-1002's slot 1 is left: 1 read and 1 write, and it fits.
    expect(screen.getByText(/^Reads 1 slots, writes at most 1 \(those that differ\)/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: write up to 1 slots in 1 targets' }));
    await vi.waitFor(() => expect(worker.sent('startTargets')).toHaveLength(1), { timeout: 10_000 });
    expect(worker.sent('startTargets')[0]?.payload).toEqual({
      slots: [{ target: b2, slot: 1, title: 'b2', data: 'y' }],
    });
  });

  it('asks for at least one target when every target is left out, and offers no Confirm', async () => {
    const worker = fakeWorker(READY);
    renderImportPanel({ target: b1, premium: false, send: worker.send, profileId: P, buildings: null });
    paste(DOC);
    for (const name of ['Building b-1001', 'Lager (b-1002)', 'Building b-2001'])
      fireEvent.click(await screen.findByRole('checkbox', { name: `Include ${name}` }));
    expect(screen.getByRole('alert').textContent).toBe('Include at least one target.');
    expect(screen.queryByRole('button', { name: /^Confirm/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Lager (b-1002)' }));
    expect(screen.getByRole('button', { name: 'Confirm: write up to 1 slots in 1 targets' })).toBeTruthy();
  });

  it('estimates time from the learned budget: 240 slots at 10 per minute is about 48 min', () => {
    const many = planTargets(
      Array.from({ length: 12 }, (_, i) => ({
        target: { kind: 'building' as const, id: `b-${i}` },
        slots: Array.from({ length: 20 }, (_, s) => ({ slot: s + 1, title: 't', data: 'd' })),
      })),
      { premium: true, placeholder: '', owned: () => true, current: () => null },
    );
    expect(planCost(many, { limit: 10, windowMs: 60_000, source: 'learned' as const })).toMatchObject({
      reads: 240,
      writes: 240,
      skipped: 0,
      perMinute: 10,
      minutes: 48,
    });
    expect(planCost(many, { limit: 30, windowMs: 60_000, source: 'learned' as const }).minutes).toBe(16);
  });
});
