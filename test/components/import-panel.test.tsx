/** The import panel with a fake worker: problems by path, preview with diff and unchanged slots, the job's progress. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { uiLanguage } from '../../components/display-format';
import { diffLines } from '../../components/import/diff';
import type { Target } from '../../lib/api/schemas';
import { newJob, settleJob } from '../../lib/jobs/job';
import { type Job, saveJob } from '../../lib/storage/jobs';
import { putPendingImport } from '../../lib/import/hand-off';
import { takePendingImport } from '../../lib/storage/pending';
import type { Send } from '../../lib/messaging/page-client';
import type { ImportPreview, MessageType } from '../../lib/messaging/protocol';
import { renderImportPanel } from './import-fixtures';

const target: Target = { kind: 'building', id: 'b-1001' };
/** The profile the page shows: the panel reads that profile's stored jobs. */
const P = 'p-1';
const HTML = '<img src=x onerror=alert(1)>';

const PROBLEMS: ImportPreview = {
  status: 'problems',
  problems: [
    { path: 'slots[3].title', message: '71 characters, at most 64' },
    { path: 'slots[4].slot', message: 'slot 21 is out of range 1–20' },
  ],
};
const READY: ImportPreview = {
  status: 'ready',
  target,
  items: [
    {
      slot: 1,
      title: 'Gleich',
      data: 'x',
      current: { title: 'Gleich', data: 'x', lastUpdated: null },
      status: 'unchanged',
      unchanged: true,
    },
    {
      slot: 2,
      title: HTML,
      data: '{"a":1,"b":3}',
      current: { title: 'Alt', data: '{"a":1,"b":2}', lastUpdated: null },
      status: 'changed',
      unchanged: false,
    },
  ],
  cost: { reads: 1, writes: 1, skipped: 1, perMinute: 10, minutes: 0.2 },
};

function fakeWorker(preview: ImportPreview) {
  const calls: { type: MessageType; payload: unknown }[] = [];
  let started: Job | null = null;
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    calls.push({ type, payload });
    switch (type) {
      case 'previewImport':
        return { ok: true, value: preview };
      case 'startImport': {
        const request = payload as { target: Target; slots: Job['items'] };
        started = newJob(P, 'import', request.target, request.slots);
        await saveJob(started);
        return { ok: true, value: { id: started.id } };
      }
      case 'undoImport':
        return { ok: true, value: { id: 'undo-1' } };
      default:
        return { ok: false, error: { kind: 'internal', message: type } };
    }
  }) as unknown as Send;
  return { send, calls, sent: (type: MessageType) => calls.filter((c) => c.type === type) };
}

function paste(text: string) {
  fireEvent.input(screen.getByLabelText('…or paste the JSON here'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Check and preview' }));
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('ImportPanel', () => {
  it('lists every problem with its path and offers no Confirm', async () => {
    const worker = fakeWorker(PROBLEMS);
    renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    paste('{"target":{}}');
    const list = await screen.findByRole('list', { name: 'Problems' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['slots[3].title: 71 characters, at most 64', 'slots[4].slot: slot 21 is out of range 1–20']);
    expect(screen.getByRole('alert').textContent).toContain('2 problem(s) found. Nothing will be written.');
    expect(screen.queryByRole('button', { name: /^Confirm/ })).toBeNull();
    expect(worker.sent('startImport')).toHaveLength(0);
  });

  it('reports a JSON syntax error as a problem of the document without asking the worker', async () => {
    const worker = fakeWorker(PROBLEMS);
    renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    paste('{"slots": [');
    const list = await screen.findByRole('list', { name: 'Problems' });
    expect(list.textContent).toMatch(/^\(document\): not valid JSON/);
    expect(worker.sent('previewImport')).toHaveLength(0);
  });

  it('names a number JSON cannot carry exactly, with its place, without asking the worker', async () => {
    const worker = fakeWorker(PROBLEMS);
    renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    paste(
      '{"target":{"kind":"building","id":"b-1001"},"slots":[{"slot":1,"title":"t","data":{"id":1234567890123456789}}]}',
    );
    const list = await screen.findByRole('list', { name: 'Problems' });
    expect(list.textContent).toContain(
      'slots[0].data.id: the number 1234567890123456789 cannot be kept exactly (it would become 1234567890123456800)',
    );
    expect(worker.sent('previewImport')).toHaveLength(0);
  });

  it('previews current against new, marks unchanged slots, renders text as text, and confirms once', async () => {
    const worker = fakeWorker(READY);
    const { container } = renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    paste('{}');
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview.textContent).toContain('Building b-1001: 1 of 2 slots change');
    const [unchanged, changed] = within(preview).getAllByRole('listitem');
    expect(unchanged?.textContent).toContain('Unchanged, skipped');
    expect(unchanged?.querySelector('table')).toBeNull();
    expect(changed?.textContent).toContain('Changes');
    // The title: old and new side by side, marked; the HTML is text, not an element.
    expect(container.querySelector('img')).toBeNull();
    expect([...(changed?.querySelectorAll('ins') ?? [])].map((e) => e.textContent)).toContain(
      `added: ${HTML}`,
    );
    // JSON data is diffed pretty-printed: only the changed line is marked.
    const dataRows = [...(changed?.querySelectorAll('tbody tr') ?? [])].slice(1);
    expect(dataRows.map((tr) => tr.classList.contains('diff__row--changed'))).toEqual([
      false,
      false,
      true,
      false,
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm: write 1 slots' }));
    await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(worker.sent('startImport')).toEqual([
      {
        type: 'startImport',
        payload: {
          target,
          // Each slot that changes with what the preview showed: the worker writes it only while it
          // still holds that. The slot shown holding its value already is left without a request.
          slots: [
            {
              slot: 2,
              title: HTML,
              data: '{"a":1,"b":3}',
              expected: { title: 'Alt', data: '{"a":1,"b":2}' },
            },
          ],
        },
      },
    ]);
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });

  it('follows the stored job: progress, per-slot results, then Undo', async () => {
    const job = newJob(P, 'import', target, [
      { slot: 1, title: 'a', data: '' },
      { slot: 2, title: 'b', data: '' },
      { slot: 3, title: 'c', data: '' },
    ]);
    const [one, two, three] = job.items as [Job['items'][0], Job['items'][0], Job['items'][0]];
    await saveJob({ ...job, items: [{ ...one, status: 'done' }, two, three] });
    const worker = fakeWorker(READY);
    renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar.getAttribute('value')).toBe('1'));
    expect(bar.getAttribute('max')).toBe('3');
    // The import history loads after the panel's first view (its own status while it does).
    await waitFor(() => expect(screen.queryByText('Loading the import history…')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('1 of 3 slots');
    expect(screen.queryByRole('button', { name: 'Undo this import' })).toBeNull();

    await saveJob({
      ...job,
      state: 'finished',
      items: [
        { ...one, status: 'done' },
        { ...two, status: 'skipped' },
        { ...three, status: 'failed', error: 'notFound: no such slot' },
      ],
    });
    await waitFor(() => expect(bar.getAttribute('value')).toBe('3'));
    const results = screen.getByRole('list', { name: 'Results per slot' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Slot 1 written', 'Slot 2 skipped (unchanged)', 'Slot 3 failed: notFound: no such slot']);
    expect(screen.getByRole('status').textContent).toBe('Finished: 1 written, 1 skipped, 1 failed.');
    fireEvent.click(screen.getByRole('button', { name: 'Undo this import' }));
    await waitFor(() =>
      expect(worker.sent('undoImport')).toEqual([{ type: 'undoImport', payload: { id: job.id } }]),
    );
  });

  it('checks a payload the popup handed over, once', async () => {
    await putPendingImport({ text: '{"from":"page"}', source: 'http://127.0.0.1/shop', at: 1 });
    const worker = fakeWorker(READY);
    renderImportPanel({ target, premium: true, intent: 'import', send: worker.send, profileId: P });
    await screen.findByRole('region', { name: 'Preview' });
    expect(worker.sent('previewImport')).toEqual([
      { type: 'previewImport', payload: { document: { from: 'page' } } },
    ]);
    expect(screen.getByText('From: http://127.0.0.1/shop')).toBeTruthy();
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect(await takePendingImport()).toBeNull();
  });
});

describe('diffLines', () => {
  it('pairs removed and added lines as changed rows and keeps common lines', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nc\nd')).toEqual([
      { old: 'a', new: 'a', changed: false },
      { old: 'b', new: 'x', changed: true },
      { old: 'c', new: 'c', changed: false },
      { old: null, new: 'd', changed: true },
    ]);
    expect(diffLines('', 'neu')).toEqual([{ old: null, new: 'neu', changed: true }]);
  });
});

describe('ImportPanel: bounded input, cancel, conflicts of an undo', () => {
  function recordingSend(answers: Partial<Record<MessageType, (payload: unknown) => unknown>>) {
    const calls: { type: MessageType; payload: unknown }[] = [];
    const send = vi.fn(async (type: MessageType, payload: unknown) => {
      calls.push({ type, payload });
      const answer = answers[type];
      return answer ? answer(payload) : { ok: false, error: { kind: 'internal', message: type } };
    }) as unknown as Send;
    return { send, sent: (type: MessageType) => calls.filter((c) => c.type === type) };
  }

  it('shows the first 50 problems and how many more', async () => {
    const problems = Array.from({ length: 130 }, (_, i) => ({ path: `slots[${i}]`, message: 'bad' }));
    const worker = fakeWorker({ status: 'problems', problems });
    renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    paste('{}');
    const list = await screen.findByRole('list', { name: 'Problems' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(51);
    expect(items[49]?.textContent).toBe('slots[49]: bad');
    expect(items[50]?.textContent).toBe('…and 80 more');
    expect(screen.getByRole('alert').textContent).toContain('130 problem(s) found.');
  });

  it('refuses a pasted text over 256 KB without parsing it or asking the worker', async () => {
    const worker = fakeWorker(READY);
    renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    paste(`{"slots":"${'x'.repeat(300 * 1024)}"}`);
    const list = await screen.findByRole('list', { name: 'Problems' });
    expect(list.textContent).toBe('(document): 301 KB, at most 256 KB; nothing of it was read');
    expect(worker.sent('previewImport')).toHaveLength(0);
  });

  it('refuses a chosen file over 12.5 MB by its size, without reading it', async () => {
    const worker = fakeWorker(READY);
    renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    const file = new File(['x'.repeat(12_801 * 1024)], 'huge.json', { type: 'application/json' });
    const read = vi.spyOn(file, 'text');
    fireEvent.change(screen.getByLabelText('Choose a JSON file'), { target: { files: [file] } });
    const list = await screen.findByRole('list', { name: 'Problems' });
    expect(list.textContent).toBe('(document): 12801 KB, at most 12800 KB; nothing of it was read');
    expect(read).not.toHaveBeenCalled();
    expect(worker.sent('previewImport')).toHaveLength(0);
  });

  it('refuses a chosen file over 256 KB that names no targets before parsing it', async () => {
    const worker = fakeWorker(READY);
    renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    const file = new File(['x'.repeat(300 * 1024)], 'huge.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('Choose a JSON file'), { target: { files: [file] } });
    const list = await screen.findByRole('list', { name: 'Problems' });
    expect(list.textContent).toBe('(document): 300 KB, at most 256 KB; nothing of it was read');
    expect(screen.getByText('From: huge.json')).toBeTruthy();
    expect(worker.sent('previewImport')).toHaveLength(0);
  });

  it('names the target by the account’s building and warns when it is not one of them', async () => {
    const worker = fakeWorker(READY);
    const { inputs } = renderImportPanel({
      target,
      premium: true,
      send: worker.send,
      profileId: P,
      buildings: [{ id: 'b-1001', label: 'Altbau' }],
    });
    paste('{}');
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview.textContent).toContain('Altbau: 1 of 2 slots change');
    expect(within(preview).queryByRole('alert')).toBeNull();
    act(() => {
      inputs.buildings.value = [{ id: 'b-2', label: 'Neubau' }];
    });
    expect(within(preview).getByRole('alert').textContent).toBe(
      "Building b-1001 is not one of your account's buildings. Check the document before you confirm.",
    );
  });

  it('cancels a running job with one button', async () => {
    const job = newJob(P, 'import', target, [
      { slot: 1, title: 'a', data: '' },
      { slot: 2, title: 'b', data: '' },
    ]);
    await saveJob(job);
    const worker = recordingSend({ cancelImport: (payload) => ({ ok: true, value: payload }) });
    renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel this import' }));
    await waitFor(() =>
      expect(worker.sent('cancelImport')).toEqual([{ type: 'cancelImport', payload: { id: job.id } }]),
    );
    await saveJob(settleJob(job, 'cancelled', 'cancelled'));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Cancelled: 0 written, 2 not written.'),
    );
    expect(screen.queryByRole('button', { name: 'Cancel this import' })).toBeNull();
  });

  it('shows a failed job with its reason', async () => {
    const job = settleJob(
      newJob(P, 'import', target, [{ slot: 1, title: 'a', data: '' }]),
      'failed',
      'failed',
      'QUOTA_BYTES quota exceeded',
    );
    await saveJob(job);
    // Nothing asked of the worker: the page shows the job as stored.
    const worker = recordingSend({});
    renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Stopped by an error: QUOTA_BYTES quota exceeded'),
    );
  });

  it('an undo that met a later edit shows both values; keeping the later one writes nothing', async () => {
    const later = {
      title: 'Later',
      data: 'edited after the import',
      lastUpdated: '2026-01-02T00:00:00.000Z',
    };
    const undo = newJob(P, 'undo', target, [
      { slot: 1, title: 'old', data: 'O', expected: { title: 'new', data: 'N' } },
    ]);
    const [item] = undo.items as [Job['items'][0]];
    const ended: Job = {
      ...undo,
      state: 'finished',
      items: [{ ...item, status: 'conflict', conflict: later }],
    };
    await saveJob(ended);
    const worker = recordingSend({
      // As the worker does: the item settled in the stored job.
      settleConflict: async () => {
        await saveJob({ ...ended, items: [{ ...ended.items[0]!, status: 'skipped', settled: 'server' }] });
        return { ok: true, value: { status: 'settled' } };
      },
    });
    renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    const dialog = await screen.findByRole('alertdialog', { name: 'Slot 1 was changed elsewhere' });
    expect(dialog.textContent).toContain('old');
    expect(dialog.textContent).toContain('edited after the import');
    fireEvent.click(within(dialog).getByRole('button', { name: "Take the server's" }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('list', { name: 'Results per slot' }).textContent).toBe(
      'Slot 1 not written: the later value was kept',
    );
    expect(worker.sent('settleConflict')).toEqual([
      { type: 'settleConflict', payload: { id: ended.id, slot: 1, choice: 'server' } },
    ]);
    expect(worker.sent('saveSlot')).toHaveLength(0);
  });

  it('keeping the undo’s value settles it as part of the undo job, never through a separate save (issue 27, finding 8)', async () => {
    const later = { title: 'Later', data: 'L', lastUpdated: '2026-01-02T00:00:00.000Z' };
    const undo = newJob(P, 'undo', target, [
      { slot: 4, title: 'old', data: 'O', expected: { title: 'new', data: 'N' } },
    ]);
    const [item] = undo.items as [Job['items'][0]];
    const ended: Job = {
      ...undo,
      state: 'finished',
      items: [{ ...item, status: 'conflict', conflict: later }],
    };
    await saveJob(ended);
    const worker = recordingSend({
      settleConflict: async () => {
        await saveJob({
          ...ended,
          items: [{ ...item, status: 'done', settled: 'mine', previous: later, conflict: later }],
        });
        return { ok: true, value: { status: 'settled' } };
      },
    });
    renderImportPanel({ target, premium: true, send: worker.send, profileId: P });
    const dialog = await screen.findByRole('alertdialog', { name: 'Slot 4 was changed elsewhere' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep mine (overwrite)' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(worker.sent('settleConflict')).toEqual([
      { type: 'settleConflict', payload: { id: ended.id, slot: 4, choice: 'mine' } },
    ]);
    expect(worker.sent('saveSlot')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('Finished: 1 written, 0 skipped, 0 failed.');
  });
});

describe('ImportPanel: a job paused by the server’s wait', () => {
  const twelveMinutes = 12 * 60_000;
  const resumeAt = Date.parse('2026-03-02T14:32:00Z');
  const paused = (): Job => {
    const job = newJob(P, 'import', target, [
      { slot: 1, title: 'a', data: '' },
      { slot: 2, title: 'b', data: '' },
      { slot: 3, title: 'c', data: '' },
    ]);
    const items = job.items.map((item, i) => (i === 0 ? { ...item, status: 'done' as const } : item));
    return { ...job, items, state: 'paused', pause: { waitMs: twelveMinutes, resumeAt } };
  };

  it('says why it paused and until when, and resumes with a labelled button from the keyboard', async () => {
    const job = paused();
    await saveJob(job);
    const calls: string[] = [];
    const send = vi.fn(async (type: MessageType, payload: unknown) => {
      calls.push(type);
      if (type === 'resumeImport') return { ok: true, value: payload };
      return { ok: false, error: { kind: 'internal', message: type } };
    }) as unknown as Send;
    renderImportPanel({ target, premium: true, send, profileId: P });
    const at = new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
      resumeAt,
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `Paused: the server asks to wait 12 min, longer than the 5 min this extension waits. 1 of 3 slots settled; the others are left as they were. Resume after ${at}, or now: Resume asks the server again.`,
      ),
    );
    // Neither Undo nor anything else that would need the job ended is offered while it is paused.
    expect(screen.queryByRole('button', { name: 'Undo this import' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel this import' })).toBeTruthy();
    const resume = screen.getByRole('button', { name: 'Resume this import' });
    // Keyboard: a native, enabled button in the tab order; happy-dom does not turn Enter into the
    // click a browser dispatches for it, so the click stands for that key.
    expect(resume.tagName).toBe('BUTTON');
    expect(resume.tabIndex).toBe(0);
    expect((resume as HTMLButtonElement).disabled).toBe(false);
    resume.focus();
    expect(document.activeElement).toBe(resume);
    fireEvent.click(resume);
    await waitFor(() => expect(calls.filter((c) => c === 'resumeImport')).toHaveLength(1));
    expect(send).toHaveBeenCalledWith('resumeImport', { id: job.id });
    // The worker runs it again: the page follows the stored job back to running.
    await saveJob({ ...job, state: 'running' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resume this import' })).toBeNull());
  });

  /** The panel over one stored paused job (issue 33: waits past a day, past any date). */
  async function showPaused(pause: { waitMs: number; resumeAt: number }) {
    const job = { ...paused(), pause };
    await saveJob(job);
    const send = vi.fn(async (type: MessageType) => ({
      ok: false,
      error: { kind: 'internal', message: type },
    })) as unknown as Send;
    renderImportPanel({ target, premium: true, send, profileId: P });
  }

  it('a wait of 10^12 s is believed for a day and said so, with a date and Resume', async () => {
    const dayAhead = resumeAt + 24 * 3_600_000;
    await showPaused({ waitMs: 1e15, resumeAt: dayAhead });
    const at = new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
      dayAhead,
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `Paused: the server asks to wait ${(31_688).toLocaleString()} years; this extension believes a server's wait for at most a day. 1 of 3 slots settled; the others are left as they were. Resume after ${at}, or now: Resume asks the server again.`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Resume this import' })).toBeTruthy();
  });

  it('a wait past the last date (10^14 s, stored by an older version) is an error in words, never a RangeError', async () => {
    await showPaused({ waitMs: 1e17, resumeAt: Date.now() + 1e17 });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `Paused: the server asks to wait ${(1e14).toLocaleString()} seconds, past the last date a calendar here can hold: that is no wait but a broken answer. 1 of 3 slots settled; the others are left as they were. Resume asks the server again.`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Resume this import' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel this import' })).toBeTruthy();
  });
});
