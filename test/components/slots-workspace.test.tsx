/** The slot editor with a fake worker: counters, blocking, JSON tools, conflicts, drafts, text rendering. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SlotWorkspace } from '../../components/slots/SlotWorkspace';
import { DRAFT_DEBOUNCE_MS } from '../../components/slots/slot-drafts';
import type { PageOption } from '../../lib/api/schemas';
import type { Send } from '../../lib/messaging/page-client';
import { PageContext } from '../../components/page/context';
import type { MessageType, RequestOf, ResponseOf } from '../../lib/messaging/protocol';
import { putDraft, readDrafts } from '../../lib/storage/drafts';
import { PROFILE_BUDGETS } from '../../lib/storage/quota';
import { pushHistory } from '../../lib/storage/keep-replaced';
import { optionParts, writeCached } from '../../lib/storage/cache';
import { settingsView } from './fixtures';

const HTML_TITLE = '<img src=x onerror=alert(1)>';
const T0 = '2025-01-01T00:00:00.000Z';

function fakeWorker(premium = false) {
  const slots = new Map<number, PageOption>();
  for (let n = 1; n <= 20; n++)
    slots.set(n, {
      title: n === 3 ? HTML_TITLE : `Titel ${n}`,
      data: n === 2 ? '{"a": 1}' : '',
      lastUpdated: T0,
    });
  const calls: { type: MessageType; payload: unknown }[] = [];
  let saveAnswer: ((p: RequestOf<'saveSlot'>) => ResponseOf<'saveSlot'>) | null = null;
  /** Reads held until released (the key's budget spent): option → its release. */
  const held = new Map<number, Promise<void>>();
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    calls.push({ type, payload });
    switch (type) {
      case 'getSettings':
        return { ok: true, value: settingsView({ premium, hasToken: true, hasSecret: true }) };
      case 'listBuildings':
        return { ok: true, value: [{ id: 'b-1001', label: 'Haus Müllerstraße' }] };
      case 'readOption': {
        const { option } = payload as RequestOf<'readOption'>;
        await held.get(option);
        return { ok: true, value: slots.get(option) };
      }
      case 'saveSlot': {
        const p = payload as RequestOf<'saveSlot'>;
        if (saveAnswer) return saveAnswer(p);
        const saved = { title: p.title, data: p.data, lastUpdated: '2025-06-01T00:00:00.000Z' };
        slots.set(p.option, saved);
        return { ok: true, value: { status: 'saved', option: saved } };
      }
      default:
        return { ok: false, error: { kind: 'internal', message: type } };
    }
  }) as unknown as Send;
  return {
    send,
    calls,
    slots,
    answerSave(fn: typeof saveAnswer) {
      saveAnswer = fn;
    },
    /** Holds the reads of `option` until the returned function is called. */
    holdRead(option: number): () => void {
      let release = () => {};
      held.set(option, new Promise<void>((resolve) => (release = resolve)));
      return release;
    },
    saves: () => calls.filter((c) => c.type === 'saveSlot').map((c) => c.payload as RequestOf<'saveSlot'>),
  };
}

async function setup(options: { premium?: boolean; worker?: ReturnType<typeof fakeWorker> } = {}) {
  const worker = options.worker ?? fakeWorker(options.premium);
  const view = render(
    <SlotWorkspace layout="full" page={new PageContext({ send: worker.send, profileId: P })} />,
  );
  await waitFor(() => expect(screen.getAllByLabelText('Title')).toHaveLength(options.premium ? 20 : 10));
  return { worker, view };
}

const slot = (n: number) => screen.getByRole('group', { name: new RegExp(`^Slot ${n}\\b`) });
const field = (n: number, label: 'Title' | 'Data') =>
  within(slot(n)).getByLabelText(label) as HTMLInputElement;
const type = (n: number, label: 'Title' | 'Data', value: string) =>
  fireEvent.input(field(n, label), { target: { value } });
const click = (n: number, name: string | RegExp) =>
  fireEvent.click(within(slot(n)).getByRole('button', { name }));

/** The profile the page shows: drafts are kept under its id. */
const P = 'p-1';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('SlotWorkspace', () => {
  it('shows each slot as a group "Slot N" with labeled fields; 10 slots and no reads of 11–20 without premium', async () => {
    const { worker } = await setup();
    expect(slot(1)).toBeTruthy();
    expect(screen.queryByRole('group', { name: /^Slot 11\b/ })).toBeNull();
    const read = worker.calls
      .filter((c) => c.type === 'readOption')
      .map((c) => (c.payload as { option: number }).option);
    expect(read.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(screen.getAllByText(/emoji count as 2/).length).toBeGreaterThan(0);
  });

  it('renders an HTML title literally, as text', async () => {
    const { view } = await setup();
    expect(field(3, 'Title').value).toBe(HTML_TITLE);
    expect(view.container.querySelector('img')).toBeNull();
  });

  it('counts live, warns near the limit and blocks an over-long save without sending it', async () => {
    const { worker } = await setup();
    type(1, 'Title', 'a'.repeat(58));
    expect(within(slot(1)).getByText('58/64')).toBeTruthy();
    expect(within(slot(1)).getByText(/Close to the limit/)).toBeTruthy();

    type(1, 'Title', `${'a'.repeat(63)}🏠`);
    expect(within(slot(1)).getByText('65/64')).toBeTruthy();
    expect(within(slot(1)).getByText(/1 too many/)).toBeTruthy();
    click(1, 'Save slot');
    expect(await within(slot(1)).findByText(/nothing was sent/)).toBeTruthy();
    expect(field(1, 'Title').getAttribute('aria-invalid')).toBe('true');
    expect(worker.saves()).toHaveLength(0);
    expect(field(1, 'Title').value).toBe(`${'a'.repeat(63)}🏠`);
  });

  it('shows whether JSON data parses, and pretty-prints and minifies it', async () => {
    await setup();
    expect(within(slot(2)).getByText('JSON: parses')).toBeTruthy();
    click(2, 'Pretty-print');
    expect(field(2, 'Data').value).toBe('{\n  "a": 1\n}');
    click(2, 'Minify');
    expect(field(2, 'Data').value).toBe('{"a":1}');
    type(2, 'Data', '{"a": ');
    expect(within(slot(2)).getByText('JSON: does not parse')).toBeTruthy();
    expect(within(slot(2)).queryByRole('button', { name: 'Minify' })).toBeNull();
  });

  it('names a piece of a document as a piece, not as JSON that does not parse, and offers no Table', async () => {
    await setup();
    type(2, 'Title', 'site:3');
    type(2, 'Data', '[{"id":1,"name":"Au');
    expect(
      within(slot(2)).getByText('Piece 3 of the document “site”: edit it in the Document section'),
    ).toBeTruthy();
    expect(within(slot(2)).queryByText('JSON: does not parse')).toBeNull();
    expect(within(slot(2)).queryByRole('button', { name: 'Table' })).toBeNull();
  });

  it('saves with Ctrl+S against the loaded version, then shows the saved value', async () => {
    const { worker } = await setup();
    type(4, 'Title', 'Neu');
    fireEvent.keyDown(field(4, 'Title'), { key: 's', ctrlKey: true });
    await waitFor(() => expect(within(slot(4)).getByText('Saved.')).toBeTruthy());
    expect(worker.saves()).toEqual([
      {
        target: { kind: 'building', id: 'b-1001' },
        option: 4,
        title: 'Neu',
        data: '',
        expected: { title: expect.any(String), data: expect.any(String) },
      },
    ]);
    expect(within(slot(4)).queryByText('Unsaved')).toBeNull();
  });

  it('on a conflict shows both sides; keep mine overwrites the version seen, take server’s adopts it', async () => {
    const { worker } = await setup();
    const server = { title: HTML_TITLE, data: 'vom Server', lastUpdated: '2025-05-05T00:00:00.000Z' };
    worker.answerSave(() => ({ ok: true, value: { status: 'conflict', server } }));
    type(5, 'Title', 'Meins');
    click(5, 'Save slot');
    const dialog = await within(slot(5)).findByRole('alertdialog', { name: /Slot 5 was changed elsewhere/ });
    expect(within(dialog).getByText('Meins')).toBeTruthy();
    expect(within(dialog).getByText(HTML_TITLE)).toBeTruthy();
    expect(within(dialog).getByText('vom Server')).toBeTruthy();

    worker.answerSave(null);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep mine (overwrite)' }));
    await waitFor(() => expect(within(slot(5)).getByText('Saved.')).toBeTruthy());
    expect(worker.saves().at(-1)).toMatchObject({
      title: 'Meins',
      expected: { title: server.title, data: server.data },
    });

    worker.answerSave(() => ({ ok: true, value: { status: 'conflict', server } }));
    type(6, 'Title', 'Meins auch');
    click(6, 'Save slot');
    const second = await within(slot(6)).findByRole('alertdialog');
    fireEvent.click(within(second).getByRole('button', { name: 'Take the server’s'.replace('’', "'") }));
    expect(field(6, 'Title').value).toBe(HTML_TITLE);
    expect(field(6, 'Data').value).toBe('vom Server');
    expect(worker.saves()).toHaveLength(3);
  });

  it('names a refused secret and keeps the edit', async () => {
    const { worker } = await setup();
    worker.answerSave(() => ({
      ok: false,
      error: {
        kind: 'forbidden',
        scopes: ['building', 'building.options.edit'],
        premium: 'slots',
        message: 'Invalid apiSecret',
      },
    }));
    type(7, 'Data', 'wichtig');
    click(7, 'Save slot');
    expect(await within(slot(7)).findByText('API secret refused')).toBeTruthy();
    expect(within(slot(7)).getByText(/Invalid apiSecret/)).toBeTruthy();
    expect(field(7, 'Data').value).toBe('wichtig');
  });

  it('keeps every edit as a draft, restores it marked unsaved, and discards it on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const first = await setup();
      type(8, 'Title', 'Entwurf');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS + 10);
      });
      expect((await readDrafts(P, { kind: 'building', id: 'b-1001' }, [8])).get(8)).toMatchObject({
        title: 'Entwurf',
      });
      first.view.unmount();

      await setup();
      expect(field(8, 'Title').value).toBe('Entwurf');
      expect(within(slot(8)).getByText('Unsaved')).toBeTruthy();
      click(8, 'Discard changes');
      expect(field(8, 'Title').value).toBe('Titel 8');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
      });
      expect((await readDrafts(P, { kind: 'building', id: 'b-1001' }, [8])).size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps what the user types into a slot shown from the cache while its fresh read waits', async () => {
    const target = { kind: 'building' as const, id: 'b-1001' };
    const stale = Date.now() - 24 * 60 * 60_000;
    await writeCached(P, optionParts(target, 5), { title: 'Alt 5', data: '', lastUpdated: null }, stale);
    const worker = fakeWorker();
    const release = worker.holdRead(5);
    await setup({ worker });
    expect(field(5, 'Title').value).toBe('Alt 5');
    type(5, 'Title', 'Mein Titel');
    release();
    await waitFor(() => expect(within(slot(5)).getByText(/^Updated/)).toBeTruthy());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(
      worker.calls.filter(
        (c) => c.type === 'readOption' && (c.payload as RequestOf<'readOption'>).option === 5,
      ),
    ).toHaveLength(1);
    expect(field(5, 'Title').value).toBe('Mein Titel');
    expect(within(slot(5)).getByText('Unsaved')).toBeTruthy();
  });

  it('says so when the browser refuses a draft even after making room (issue 21, item 4)', async () => {
    await setup();
    // The browser's storage for the extension is full: every write is refused.
    const area = fakeBrowser.storage.local;
    const original = area.set;
    area.set = (async () => {
      throw new Error('QUOTA_BYTES quota exceeded');
    }) as typeof area.set;
    try {
      type(8, 'Title', 'Getippt');
      const alert = await within(slot(8)).findByRole('alert', {}, { timeout: 2_000 });
      expect(alert.textContent).toContain('What you typed could not be kept');
      // Typed text stays on screen to be saved or copied.
      expect(field(8, 'Title').value).toBe('Getippt');
    } finally {
      area.set = original;
    }
  });

  it('says so when drafts of other slots fill the room for drafts, and removes none of them', async () => {
    const other = { kind: 'building' as const, id: 'b-2002' };
    const fill = Math.floor(PROFILE_BUDGETS.draft / 4) - 200;
    for (const option of [1, 2, 3, 4])
      await putDraft(P, other, option, {
        title: `alt ${option}`,
        data: 'x'.repeat(fill),
        savedAt: option,
      });
    await setup();
    type(8, 'Data', 'y'.repeat(1_000));
    const alert = await within(slot(8)).findByRole('alert', {}, { timeout: 2_000 });
    expect(alert.textContent).toContain('not kept as a draft');
    expect(field(8, 'Data').value).toHaveLength(1_000);
    expect((await readDrafts(P, other, [1, 2, 3, 4])).size).toBe(4);
  });

  it('reverts the focused slot with Escape', async () => {
    await setup();
    type(9, 'Title', 'weg damit');
    fireEvent.keyDown(field(9, 'Title'), { key: 'Escape' });
    expect(field(9, 'Title').value).toBe('Titel 9');
  });

  it('a history restore after a later edit elsewhere shows the conflict with both values and writes nothing', async () => {
    const { worker } = await setup();
    await pushHistory(P, { kind: 'building', id: 'b-1001' }, 7, {
      time: Date.now(),
      title: 'Früher',
      data: 'alt',
      lastUpdated: null,
    });
    const later = { title: 'Später', data: 'von woanders', lastUpdated: '2025-07-07T00:00:00.000Z' };
    worker.answerSave(() => ({ ok: true, value: { status: 'conflict', server: later } }));
    click(7, /^History/);
    fireEvent.click(await within(slot(7)).findByRole('button', { name: 'Restore' }));
    const dialog = await within(slot(7)).findByRole('alertdialog', { name: /Slot 7 was changed elsewhere/ });
    expect(within(dialog).getByText('Früher')).toBeTruthy();
    expect(within(dialog).getByText('von woanders')).toBeTruthy();
    // Checked against the version on screen when the entry was chosen.
    expect(worker.saves()).toEqual([
      {
        target: { kind: 'building', id: 'b-1001' },
        option: 7,
        title: 'Früher',
        data: 'alt',
        expected: { title: 'Titel 7', data: '' },
      },
    ]);
    expect(worker.slots.get(7)?.title).toBe('Titel 7');
  });

  it('refuses a factory id "." or ".." in the add form with a message, without asking the worker', async () => {
    const { worker } = await setup();
    for (const id of ['.', '..']) {
      fireEvent.input(screen.getByLabelText('Factory ID (firmenId)'), { target: { value: id } });
      fireEvent.click(screen.getByRole('button', { name: 'Check and add' }));
      expect(await screen.findByText('A factory ID cannot be “.” or “..”.')).toBeTruthy();
    }
    expect(
      worker.calls.filter(
        (c) => c.type === 'readOption' && (c.payload as RequestOf<'readOption'>).target.kind === 'factory',
      ),
    ).toEqual([]);
  });
});
