/**
 * The import panel's model on a page's signals, with a fake worker that stores jobs as the worker
 * does: the job bar's running job with the section that shows it, a confirmed preview that clears
 * the check and brings the job it started into view, a large JSON taken into the Document section,
 * the document draft kept per target, and disposal, which writes the draft and stops following
 * storage.
 */
import { signal } from '@preact/signals';
import { waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  type DocumentSlots,
  type ImportSection,
  ImportPanelModel,
} from '../../components/import/import-panel-model';
import type { Target } from '../../lib/api/schemas';
import { newJob, progressOf, settleJob } from '../../lib/jobs/job';
import type { Send } from '../../lib/messaging/page-client';
import type { ImportPreview, MessageType, RequestOf } from '../../lib/messaging/protocol';
import { readDocumentDraft } from '../../lib/storage/document-drafts';
import { type Job, saveJob } from '../../lib/storage/jobs';

const P = 'p-1';
const b1: Target = { kind: 'building', id: 'b-1001' };
const b2: Target = { kind: 'building', id: 'b-1002' };
const DOC = JSON.stringify({ target: b1, slots: [{ slot: 1, title: 'Neu', data: 'neu' }] });
const READY: ImportPreview = {
  status: 'ready',
  target: b1,
  items: [
    {
      slot: 1,
      title: 'Neu',
      data: 'neu',
      current: { title: 'Alt', data: 'alt', lastUpdated: null },
      status: 'changed',
      unchanged: false,
    },
  ],
  cost: { reads: 1, writes: 1, skipped: 0, perMinute: 10, minutes: 0.2 },
};

function fakeWorker() {
  const calls: { type: MessageType; payload: unknown }[] = [];
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    calls.push({ type, payload });
    switch (type) {
      case 'previewImport':
        return { ok: true, value: READY };
      case 'startImport': {
        const request = payload as RequestOf<'startImport'>;
        const job = newJob(P, 'import', request.target, request.slots);
        await saveJob(job);
        return { ok: true, value: { id: job.id } };
      }
      case 'cancelImport':
        return { ok: true, value: payload };
      default:
        return { ok: false, error: { kind: 'internal', message: type } };
    }
  }) as unknown as Send;
  return { send, sent: (type: MessageType) => calls.filter((c) => c.type === type) };
}

const empty = { title: '', data: '', lastUpdated: null };
const made: ImportPanelModel[] = [];

/** The model on signals as the editor gives it; `section` as the editor's tabs hold it. */
function panel(send: Send, section = signal<ImportSection>('import')) {
  const page = {
    target: signal<Target | null>(b1),
    premium: signal(true),
    document: signal<DocumentSlots | null>({
      slots: Array.from({ length: 20 }, () => empty),
      placeholder: '',
    }),
  };
  const model = new ImportPanelModel({ send, profileId: P, section, ...page });
  made.push(model);
  return { model, page, section };
}

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  for (const model of made.splice(0)) model[Symbol.dispose]();
});

describe('ImportPanelModel', () => {
  it('gives the job bar the running job with the section that shows it, until it ends', async () => {
    const job = newJob(P, 'import', b1, [
      { slot: 1, title: 'a', data: '' },
      { slot: 2, title: 'b', data: '' },
    ]);
    await saveJob(job);
    const worker = fakeWorker();
    const { model } = panel(worker.send);
    await waitFor(() => expect(model.running.value).not.toBeNull());
    expect(model.running.value).toMatchObject({
      kind: 'import',
      settled: 0,
      total: 2,
      // 4 requests at the key's budget (none known here: the assumed 10 per minute), from the start.
      minutesLeft: 1,
      cancelling: false,
      section: 'import',
    });

    // A check started from the backup section is shown there, the job followed beside it.
    model.readFile(new File(['{'], 'backup.json'), 'backup');
    await waitFor(() => expect(model.running.value?.section).toBe('backup'));

    model.running.value?.cancel();
    expect(model.running.value?.cancelling).toBe(true);
    await waitFor(() => expect(worker.sent('cancelImport')).toHaveLength(1));
    await saveJob(settleJob(job, 'cancelled', 'cancelled'));
    await waitFor(() => expect(model.running.value).toBeNull());
  });

  it('a restore found running is shown in Backup & restore, by its stored kind', async () => {
    const worker = fakeWorker();
    const restore = newJob(P, 'restore', b1, [{ slot: 1, title: 'a', data: '' }]);
    await saveJob(restore);
    const { model } = panel(worker.send);
    await waitFor(() => expect(model.running.value).toMatchObject({ kind: 'restore', section: 'backup' }));
    expect(model.running.value?.what).toBe('Restore');
  });

  it('a confirmed preview clears the check and brings the job it started into view; one found running does not', async () => {
    const found = newJob(P, 'import', b1, [{ slot: 3, title: 'c', data: '' }]);
    await saveJob(found);
    const worker = fakeWorker();
    const { model } = panel(worker.send);
    await waitFor(() => expect(model.jobs.job.value?.id).toBe(found.id));
    expect(model.arrived.value).toBeNull();

    model.check.setText(DOC);
    model.checkText();
    await waitFor(() => expect(model.check.check.value.status).toBe('ready'));
    model.confirm();
    await waitFor(() => expect(model.jobs.job.value?.id).not.toBe(found.id));
    const started = model.jobs.job.value as Job;
    expect(started.items.map((i) => i.slot)).toEqual([1]);
    expect(model.arrived.value).toBe(started.id);
    expect(model.check.check.value).toEqual({ status: 'idle' });
    expect(model.check.text.value).toBe('');
  });

  it('takes a large JSON offered as a document into the draft and opens the Document section', () => {
    const { model, section } = panel(fakeWorker().send);
    const big = JSON.stringify({
      items: Array.from({ length: 200 }, (_, i) => ({ n: i, name: `Haus ${i}` })),
    });
    model.check.setText(big);
    model.checkText();
    expect(model.check.check.value.status).toBe('offerDocument');
    model.acceptDocument();
    expect(JSON.parse(model.draft.text.value)).toEqual(JSON.parse(big));
    expect(model.check.check.value).toEqual({ status: 'idle' });
    expect(section.value).toBe('document');
  });

  it('keeps the document draft per target: the one shown is written before another is opened', async () => {
    const { model, page } = panel(fakeWorker().send);
    model.draft.setText('{"haus": 1}');
    page.target.value = b2;
    expect(model.draft.text.value).toBe('');
    await waitFor(async () => expect((await readDocumentDraft(P, b1))?.text).toBe('{"haus": 1}'));
    page.target.value = b1;
    await waitFor(() => expect(model.draft.text.value).toBe('{"haus": 1}'));
  });

  it('begins the document edit’s baseline once the Document section shows the slots, and keeps it', () => {
    const { model, page, section } = panel(fakeWorker().send);
    model.draft.setText('{"haus": 1}');
    expect(model.draft.base.value).toBeNull();
    section.value = 'document';
    expect(model.document.view.value?.shown).toHaveLength(20);
    expect(model.draft.base.value?.slots).toEqual(page.document.value?.slots);
    const before = model.draft.base.value;
    page.document.value = {
      slots: Array.from({ length: 20 }, () => ({ ...empty, data: 'x' })),
      placeholder: '',
    };
    expect(model.draft.base.value).toBe(before);
  });

  it('once disposed, has written its draft and follows storage no more', async () => {
    const job = newJob(P, 'import', b1, [{ slot: 1, title: 'a', data: '' }]);
    await saveJob(job);
    const worker = fakeWorker();
    const model = new ImportPanelModel({
      send: worker.send,
      profileId: P,
      target: signal(b1),
      premium: signal(true),
      document: signal({ slots: [empty], placeholder: '' }),
    });
    await waitFor(() => expect(model.running.value).not.toBeNull());
    model.draft.setText('{"halb": "fertig"}');
    model[Symbol.dispose]();

    await waitFor(async () => expect((await readDocumentDraft(P, b1))?.text).toBe('{"halb": "fertig"}'));
    await saveJob({ ...job, state: 'finished', items: [{ ...job.items[0]!, status: 'done', attempts: 1 }] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(model.jobs.job.value?.state).toBe('running');
    expect(progressOf(model.jobs.job.value as Job).settled).toBe(0);
    expect(model.running.value).not.toBeNull();
  });
});
