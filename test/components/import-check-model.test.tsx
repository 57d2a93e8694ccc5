/**
 * The import check model with a fake worker whose answers the test releases: a text goes from
 * checking to its preview, then another to its problems; what cannot be read is refused without
 * the worker; the same document is previewed again with its slots read; a large JSON is offered as
 * a document; a payload handed over by the popup is checked once; Clear starts over.
 */
import { signal } from '@preact/signals';
import { waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ImportCheckModel, type Intent } from '../../components/import/import-check-model';
import type { Target } from '../../lib/api/schemas';
import type { Send } from '../../lib/messaging/page-client';
import type { ImportPreview, MessageType } from '../../lib/messaging/protocol';
import { putPendingImport } from '../../lib/import/hand-off';
import { takePendingImport } from '../../lib/storage/pending';

const target: Target = { kind: 'building', id: 'b-1001' };
const DOC = JSON.stringify({ target, slots: [{ slot: 1, title: 'Neu', data: 'neu' }] });
const READY: ImportPreview = {
  status: 'ready',
  target,
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
const PROBLEMS: ImportPreview = {
  status: 'problems',
  problems: [{ path: 'slots[0].slot', message: 'slot 21 is out of range 1–20' }],
};

/** A worker whose previews wait until the test answers them, in the order asked. */
function waitingWorker() {
  const calls: { type: MessageType; payload: unknown }[] = [];
  const waiting: ((preview: ImportPreview) => void)[] = [];
  const send = vi.fn((type: MessageType, payload: unknown) => {
    calls.push({ type, payload });
    if (type !== 'previewImport')
      return Promise.resolve({ ok: false, error: { kind: 'internal', message: type } });
    return new Promise((resolve) => waiting.push((value) => resolve({ ok: true, value })));
  }) as unknown as Send;
  const answer = (preview: ImportPreview) => waiting.shift()?.(preview);
  return { send, answer, sent: (type: MessageType) => calls.filter((c) => c.type === type) };
}

const made: ImportCheckModel[] = [];
function checker(send: Send, intent: Intent = null, premium = false): ImportCheckModel {
  const model = new ImportCheckModel(send, intent, signal(premium));
  made.push(model);
  return model;
}

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  for (const model of made.splice(0)) model[Symbol.dispose]();
});

describe('ImportCheckModel', () => {
  it('goes from checking to the preview, then for another text from checking to its problems', async () => {
    const worker = waitingWorker();
    const model = checker(worker.send);
    expect(model.check.value).toEqual({ status: 'idle' });

    model.setText(DOC);
    model.checkText(model.text.value);
    expect(model.check.value).toEqual({ status: 'checking' });
    expect(worker.sent('previewImport')).toEqual([
      { type: 'previewImport', payload: { document: JSON.parse(DOC) } },
    ]);
    worker.answer(READY);
    await waitFor(() => expect(model.check.value).toEqual(READY));

    model.checkText(DOC.replace('"slot":1', '"slot":21'));
    expect(model.check.value).toEqual({ status: 'checking' });
    worker.answer(PROBLEMS);
    await waitFor(() => expect(model.check.value).toEqual(PROBLEMS));
  });

  it('refuses a text it cannot read as problems, without the worker', () => {
    const worker = waitingWorker();
    const model = checker(worker.send);
    model.checkText('{"slots": [');
    const check = model.check.value;
    expect(check.status).toBe('problems');
    expect(check.status === 'problems' && check.problems[0]?.path).toBe('(document)');
    expect(worker.sent('previewImport')).toHaveLength(0);
  });

  it('previews the same document again with its slots read, when asked', async () => {
    const worker = waitingWorker();
    const model = checker(worker.send);
    model.checkText(DOC);
    worker.answer(READY);
    await waitFor(() => expect(model.check.value.status).toBe('ready'));
    model.readCurrent();
    expect(model.check.value).toEqual({ status: 'checking' });
    expect(worker.sent('previewImport').map((c) => c.payload)).toEqual([
      { document: JSON.parse(DOC) },
      { document: JSON.parse(DOC), read: true },
    ]);
  });

  it('offers a large JSON that is no import document as a document across slots', () => {
    const worker = waitingWorker();
    const model = checker(worker.send);
    const big = JSON.stringify({
      items: Array.from({ length: 200 }, (_, i) => ({ n: i, name: `Straße ${i}` })),
    });
    model.checkText(big);
    expect(model.check.value).toEqual({ status: 'offerDocument', text: big });
    expect(worker.sent('previewImport')).toHaveLength(0);
  });

  it('checks a payload handed over by the popup once, naming where it came from; Clear starts over', async () => {
    await putPendingImport({ text: DOC, source: 'http://127.0.0.1/shop', at: 1 });
    const worker = waitingWorker();
    const model = checker(worker.send, 'import');
    await waitFor(() => expect(model.check.value).toEqual({ status: 'checking' }));
    expect(model.text.value).toBe(DOC);
    expect(model.source.value).toBe('http://127.0.0.1/shop');
    expect(await takePendingImport()).toBeNull();
    worker.answer(READY);
    await waitFor(() => expect(model.check.value.status).toBe('ready'));

    model.clear();
    expect(model.check.value).toEqual({ status: 'idle' });
    expect(model.text.value).toBe('');
    expect(model.source.value).toBeNull();
  });
});
