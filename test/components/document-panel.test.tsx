/**
 * The document across slots in the import panel, with a fake worker: a stored document shown as one
 * (size, pieces, slots, JSON status), a broken one shown with what is wrong, the plan ("needs N of
 * M slots", leftovers cleared, foreign slots named and held back until agreed), a document that
 * does not fit refused before anything is sent, and the write previewed and started as one job
 * with the manifest as its final slot; a large plain JSON import offers to become a document.
 * The write is previewed against what the slots held when the edit began, without a request; right
 * after a document job the panel shows what the job wrote, and an export never saves a document
 * that does not parse.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PageOption, Target } from '../../lib/api/schemas';
import type { Send } from '../../lib/messaging/page-client';
import type { MessageType, RequestOf } from '../../lib/messaging/protocol';
import { DEFAULT_LAYOUT } from '../../lib/slots/document-layout';
import { documentSlots } from '../../lib/slots/document';
import { type Job, saveJob } from '../../lib/storage/jobs';
import { renderImportPanel } from './import-fixtures';

const target: Target = { kind: 'building', id: 'b-1001' };
const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-02-01T00:00:00.000Z';
const empty = (): PageOption => ({ title: '', data: '', lastUpdated: T0 });

function slotsWith(text: string, count = 20): PageOption[] {
  const slots = Array.from({ length: count }, empty);
  for (const s of documentSlots(text, DEFAULT_LAYOUT)) slots[s.slot - 1] = { ...s, lastUpdated: T0 };
  return slots;
}

function fakeWorker() {
  const calls: { type: MessageType; payload: unknown }[] = [];
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    calls.push({ type, payload });
    if (type === 'previewImport') {
      const { document } = payload as RequestOf<'previewImport'>;
      const { slots } = document as { slots: { slot: number; title: string; data: string }[] };
      const items = slots.map((s) => ({ ...s, current: empty(), status: 'changed', unchanged: false }));
      const cost = { reads: items.length, writes: items.length, skipped: 0, perMinute: 10, minutes: 1 };
      return { ok: true, value: { status: 'ready', target, items, cost } };
    }
    if (type === 'startImport') return { ok: true, value: { id: `import-${calls.length}` } };
    return { ok: false, error: { kind: 'internal', message: type } };
  }) as unknown as Send;
  return { send, calls };
}

/** The import panel over these stored slots, with a fake worker it talks to. */
function renderPanel(slots: PageOption[], premium = true) {
  const worker = fakeWorker();
  const props = {
    profileId: 'p-1',
    target,
    premium,
    send: worker.send,
    document: { slots, placeholder: '' },
  };
  return { worker, props, view: renderImportPanel(props) };
}

const big = JSON.stringify({
  items: Array.from({ length: 400 }, (_, i) => ({ n: i, name: `Straße ${i} 🏠` })),
});
const section = () => screen.getByRole('region', { name: 'Document across slots' });

beforeEach(() => {
  fakeBrowser.reset();
});

describe('a document across slots', () => {
  it('shows a stored document as one: slots, characters, pieces and valid JSON', () => {
    renderPanel(slotsWith(big));
    const pieces = Math.ceil(big.length / 2300);
    expect(
      within(section()).getByText(
        `Document “site” in slots 1–${pieces + 1}: ${big.length} characters in ${pieces} pieces`,
        { exact: false },
      ),
    ).toBeTruthy();
    expect(within(section()).getByText('valid JSON')).toBeTruthy();
    // The box starts empty, and says how to fill it with the stored document.
    expect((within(section()).getByLabelText('Document (JSON)') as HTMLTextAreaElement).value).toBe('');
    expect(
      within(section()).getByText(/^The box starts empty: “Edit the stored document” puts/),
    ).toBeTruthy();
    fireEvent.click(within(section()).getByRole('button', { name: 'Edit the stored document' }));
    expect(within(section()).queryByText(/^The box starts empty/)).toBeNull();
  });

  it('offers the stored list of records as a table in one click, and none for a document that is no list', async () => {
    const cars = JSON.stringify(
      Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Wagen ${i + 1} 🚗`, price: 9000 + i })),
    );
    renderPanel(slotsWith(cars));
    fireEvent.click(within(section()).getByRole('button', { name: 'Edit the stored document as a table' }));
    const grid = await within(section()).findByRole('grid');
    expect(within(grid).getAllByRole('row')).toHaveLength(61);
    expect(
      within(section()).queryByRole('button', { name: 'Edit the stored document as a table' }),
    ).toBeNull();
  });

  it('shows a broken manifest with what is wrong, never repaired', () => {
    const slots = slotsWith(big);
    slots[2] = { title: 'Preise', data: '[1]', lastUpdated: T0 };
    slots[3] = { ...(slots[3] as PageOption), lastUpdated: T1 };
    renderPanel(slots);
    const alert = within(section()).getByRole('alert');
    expect(within(alert).getByText('Piece 2 is missing: slot 3 is not titled “site:2”.')).toBeTruthy();
    expect(within(alert).getByText(/Piece 3 \(slot 4\) was changed at 2025-02-01/)).toBeTruthy();
  });

  it('plans a smaller rewrite, clears leftover pieces, and writes it as one job, manifest last', async () => {
    const { worker } = renderPanel(slotsWith('"' + 'x'.repeat(7 * 2300 - 2) + '"'));
    const text = JSON.stringify({ a: 'y'.repeat(5 * 2300 - 10) });
    fireEvent.input(within(section()).getByLabelText('Document (JSON)'), { target: { value: text } });
    fireEvent.click(within(section()).getByRole('button', { name: 'Plan the write' }));
    expect(
      within(section()).getByText(
        'Needs 6 of 20 slots (slots 1–6). Slots 7–8 held pieces and will be cleared.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(section()).getByRole('button', { name: 'Preview the write' }));
    fireEvent.click(await screen.findByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(worker.calls.some((c) => c.type === 'startImport')).toBe(true));
    const started = worker.calls.find((c) => c.type === 'startImport')?.payload as RequestOf<'startImport'>;
    expect(started.finalSlot).toBe(1);
    expect(started.slots.map((s) => s.slot)).toEqual([2, 3, 4, 5, 6, 1, 7, 8]);
  });

  it('names a slot in the range that holds something else and waits for agreement', () => {
    const slots = Array.from({ length: 10 }, empty);
    slots[2] = { title: 'Preise', data: '[1,2]', lastUpdated: T0 };
    const { worker } = renderPanel(slots, false);
    fireEvent.input(within(section()).getByLabelText('Document (JSON)'), {
      target: { value: big.slice(0, 0) + JSON.stringify({ t: 'z'.repeat(5000) }) },
    });
    fireEvent.click(within(section()).getByRole('button', { name: 'Plan the write' }));
    expect(within(section()).getByText(/Slot 3 holds “Preise” \(5 characters\)/)).toBeTruthy();
    const preview = within(section()).getByRole('button', { name: 'Preview the write' });
    expect(preview.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(preview);
    expect(worker.calls.some((c) => c.type === 'previewImport')).toBe(false);
    fireEvent.click(within(section()).getByLabelText(/Overwrite these slots/));
    fireEvent.click(preview);
    expect(screen.getByRole('button', { name: /Confirm/ })).toBeTruthy();
    expect(worker.calls).toEqual([]);
  });

  it('refuses a document that does not fit before anything is sent, with the slots it needs', () => {
    const { worker } = renderPanel(Array.from({ length: 10 }, empty), false);
    fireEvent.input(within(section()).getByLabelText('Document (JSON)'), {
      target: { value: JSON.stringify('w'.repeat(23_000)) },
    });
    fireEvent.click(within(section()).getByRole('button', { name: 'Plan the write' }));
    expect(within(section()).getByRole('alert').textContent).toBe(
      'Does not fit: needs 12 slots from slot 1 on, only 10 are there. Nothing was written.',
    );
    expect(within(section()).queryByRole('button', { name: 'Preview the write' })).toBeNull();
    expect(worker.calls).toEqual([]);
  });

  it('keeps the text and layout as a draft across closing the page', async () => {
    const { props, view: first } = renderPanel(Array.from({ length: 20 }, empty));
    fireEvent.input(within(section()).getByLabelText('Document (JSON)'), {
      target: { value: '{"halb": "fertig"}' },
    });
    fireEvent.input(within(section()).getByLabelText('Title prefix'), { target: { value: 'shop' } });
    window.dispatchEvent(new Event('pagehide'));
    first.unmount();
    renderImportPanel(props);
    await waitFor(() =>
      expect((within(section()).getByLabelText('Document (JSON)') as HTMLTextAreaElement).value).toBe(
        '{"halb": "fertig"}',
      ),
    );
    expect((within(section()).getByLabelText('Title prefix') as HTMLInputElement).value).toBe('shop');
  });

  it('offers to store a pasted JSON larger than a slot as a document', async () => {
    const { worker } = renderPanel(Array.from({ length: 20 }, empty));
    const pasted = screen
      .getAllByRole('textbox')
      .find((box) => !section().contains(box)) as HTMLTextAreaElement;
    fireEvent.input(pasted, { target: { value: big } });
    fireEvent.click(screen.getByRole('button', { name: /^Check/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Store as a document across slots' }));
    const text = (within(section()).getByLabelText('Document (JSON)') as HTMLTextAreaElement).value;
    expect(JSON.parse(text)).toEqual(JSON.parse(big));
    expect(worker.calls.some((c) => c.type === 'previewImport')).toBe(false);
  });

  it('previews a rewrite against the slots as they were when the edit began, sending nothing', async () => {
    const old = JSON.stringify({ a: 'o'.repeat(6 * 2300 - 10) });
    const slots = slotsWith(old);
    const { worker, view } = renderPanel(slots);
    const box = within(section()).getByLabelText('Document (JSON)');
    // The edit begins from what the editor shows now: pieces 1–6 of the old document.
    const next = `{"a":"${'n'.repeat(2294)}${old.slice(2300)}`;
    expect(next.length).toBe(old.length);
    fireEvent.input(box, { target: { value: next } });
    // The editor then reads slot 2 again: another writer changed piece 1 since.
    const later = [...slots];
    later[1] = { title: 'site:1', data: 'fremd', lastUpdated: T1 };
    act(() => {
      view.inputs.document.value = { slots: later, placeholder: '' };
    });
    fireEvent.click(within(section()).getByRole('button', { name: 'Plan the write' }));
    expect(within(section()).getByText(/Changed since you began editing: slots 2\./)).toBeTruthy();
    fireEvent.click(within(section()).getByRole('button', { name: 'Preview the write' }));
    fireEvent.click(await screen.findByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(worker.calls.some((c) => c.type === 'startImport')).toBe(true));
    // No read for the preview: the job's write-time check is the only read of a slot. (The page
    // then follows the job it started, as stored.)
    const sent = worker.calls.map((c) => c.type);
    expect(sent.filter((type) => type !== 'getRequestQueue')).toEqual(['startImport']);
    const started = worker.calls.find((c) => c.type === 'startImport')?.payload as RequestOf<'startImport'>;
    // Every piece, unchanged ones too: each is checked at write time (issue 33, finding 6).
    expect(started.slots.map((s) => s.slot)).toEqual([2, 3, 4, 5, 6, 7, 1]);
    expect(started.slots[0]?.expected).toEqual({ title: 'site:1', data: slots[1]?.data });
  });

  it('shows what a finished document job wrote while the slots are read again, and exports that', async () => {
    const old = JSON.stringify({ v: 'a'.repeat(4000) });
    const next = JSON.stringify({ v: 'b'.repeat(4001) });
    const before = slotsWith(old);
    const written = documentSlots(next, DEFAULT_LAYOUT);
    const job: Job = {
      id: 'import-doc',
      profileId: 'p-1',
      kind: 'import',
      target,
      createdAt: Date.now(),
      state: 'finished',
      finalSlot: 1,
      items: written.map((s) => ({ ...s, status: 'done', attempts: 1, previous: before[s.slot - 1] })),
    };
    await saveJob(job);
    // The editor has read the manifest again, the pieces not yet.
    const mixed = [...before];
    mixed[0] = { ...(written.at(-1) as { title: string; data: string }), lastUpdated: T1 };
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (blobs.push(blob as Blob), 'blob:doc'));
    renderPanel(mixed);
    await within(section()).findByText(
      `Document “site” in slots 1–3: ${next.length} characters in 2 pieces`,
      {
        exact: false,
      },
    );
    // Once the page follows the job, never a mix of old pieces and the new manifest.
    await waitFor(() => expect(within(section()).queryByRole('alert')).toBeNull());
    expect(within(section()).getByText('valid JSON')).toBeTruthy();
    fireEvent.click(within(section()).getByRole('button', { name: 'Export the document' }));
    expect(blobs).toHaveLength(1);
    expect(JSON.parse(await (blobs[0] as Blob).text())).toEqual(JSON.parse(next));
  });

  it('refuses to export a document whose pieces do not parse, saying why', () => {
    const slots = slotsWith(JSON.stringify({ v: 'c'.repeat(4000) }));
    slots[2] = { ...(slots[2] as PageOption), data: 'c'.repeat(10) + '"' };
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (blobs.push(blob as Blob), 'blob:doc'));
    renderPanel(slots);
    fireEvent.click(within(section()).getByRole('button', { name: 'Export the document' }));
    expect(blobs).toEqual([]);
    expect(
      within(section()).getByText(/^Not exported: the document in the slots does not parse/),
    ).toBeTruthy();
  });

  it('writes a document held back by a conflict again once the user keeps it, over the value seen', async () => {
    const conflict = { title: 'site:1', data: 'fremd', lastUpdated: T1 };
    const job: Job = {
      id: 'import-held',
      profileId: 'p-1',
      kind: 'import',
      target,
      createdAt: Date.now(),
      state: 'finished',
      finalSlot: 1,
      items: [
        {
          slot: 2,
          title: 'site:1',
          data: 'neu',
          expected: { title: 'site:1', data: 'alt' },
          status: 'conflict',
          conflict,
          attempts: 0,
        },
        {
          slot: 1,
          title: 'site',
          data: '{"c":1,"len":3}',
          expected: { title: 'site', data: '{"c":1,"len":3}' },
          status: 'cancelled',
          error: 'heldBack: slots 2',
          attempts: 0,
        },
      ],
    };
    await saveJob(job);
    const { worker } = renderPanel(slotsWith('"x"'));
    expect(
      await screen.findByText('not written: the document waits for your decision on the slot in conflict'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /Keep mine/ }));
    await waitFor(() => expect(worker.calls.some((c) => c.type === 'startImport')).toBe(true));
    const started = worker.calls.find((c) => c.type === 'startImport')?.payload as RequestOf<'startImport'>;
    expect(started).toEqual({
      target,
      finalSlot: 1,
      slots: [
        { slot: 2, title: 'site:1', data: 'neu', expected: { title: 'site:1', data: 'fremd' } },
        {
          slot: 1,
          title: 'site',
          data: '{"c":1,"len":3}',
          expected: { title: 'site', data: '{"c":1,"len":3}' },
        },
      ],
    });
    expect(worker.calls.some((c) => c.type === 'saveSlot')).toBe(false);
  });
});
