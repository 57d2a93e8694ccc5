/**
 * The import job model with a fake worker that stores jobs as the worker does: a started job is
 * followed as stored (its progress arrives as storage changes) until it finishes and can be undone;
 * the newest stored job is followed when the model is made; a refusal is shown; once disposed, the
 * model follows storage no more.
 */
import { waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { JobModel } from '../../components/jobs/job-model';
import type { Target } from '../../lib/api/schemas';
import { newJob, progressOf, undoSlots } from '../../lib/jobs/job';
import type { Send } from '../../lib/messaging/page-client';
import type { ImportPreview, MessageType, RequestOf } from '../../lib/messaging/protocol';
import { type Job, readJob, saveJob } from '../../lib/storage/jobs';

const P = 'p-1';
const target: Target = { kind: 'building', id: 'b-1001' };
const before = { title: 'Alt', data: 'vorher', lastUpdated: null };

const READY: Extract<ImportPreview, { status: 'ready' }> = {
  status: 'ready',
  target,
  items: [1, 2].map((slot) => ({
    slot,
    title: `Neu ${slot}`,
    data: 'neu',
    current: before,
    status: 'changed' as const,
    unchanged: false,
  })),
  cost: { reads: 0, writes: 2, skipped: 0, perMinute: 10, minutes: 0.2 },
};

/** A worker that stores the jobs it is asked to start, and answers `refuse`'s messages with an error. */
function fakeWorker(refuse: MessageType[] = []) {
  const calls: { type: MessageType; payload: unknown }[] = [];
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    calls.push({ type, payload });
    if (refuse.includes(type)) return { ok: false, error: { kind: 'rateLimited', retryAfterSeconds: 6 } };
    switch (type) {
      case 'startImport': {
        const request = payload as RequestOf<'startImport'>;
        const job = newJob(P, 'import', request.target, request.slots);
        await saveJob(job);
        return { ok: true, value: { id: job.id } };
      }
      case 'undoImport': {
        const done = (await readJob(P, (payload as RequestOf<'undoImport'>).id)) as Job;
        const undo = { ...newJob(P, 'undo', done.target, undoSlots(done)), undoOf: done.id };
        await saveJob(undo);
        return { ok: true, value: { id: undo.id } };
      }
      case 'cancelImport':
        return { ok: true, value: payload };
      default:
        return { ok: false, error: { kind: 'internal', message: type } };
    }
  }) as unknown as Send;
  return { send, sent: (type: MessageType) => calls.filter((c) => c.type === type) };
}

/** The job as the worker stores it once `count` of its slots are written. */
const written = (job: Job, count: number): Job => ({
  ...job,
  items: job.items.map((item, i) =>
    i < count ? { ...item, status: 'done', attempts: 1, previous: before } : item,
  ),
});

/** Lets storage's change events and the answers waiting on them arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

const made: JobModel[] = [];
/** A model of the profile, disposed after the test (as a view's is when it goes). */
function follow(send: Send): JobModel {
  const model = new JobModel(send, P);
  made.push(model);
  return model;
}

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  for (const model of made.splice(0)) model[Symbol.dispose]();
});

describe('JobModel', () => {
  it('follows a job it started: started, progress from storage, finished, then its undo', async () => {
    const worker = fakeWorker();
    const model = follow(worker.send);
    const onStarted = vi.fn();
    const starting = model.start(READY, onStarted);
    expect(model.busy.value).toBe('starting');
    await starting;
    expect(model.busy.value).toBeNull();
    expect(onStarted).toHaveBeenCalledOnce();
    expect(worker.sent('startImport')).toHaveLength(1);

    await waitFor(() => expect(model.job.value?.state).toBe('running'));
    const job = model.job.value as Job;
    expect(progressOf(job)).toEqual({ settled: 0, total: 2 });

    await saveJob(written(job, 1));
    await waitFor(() => expect(progressOf(model.job.value as Job)).toEqual({ settled: 1, total: 2 }));

    await saveJob({ ...written(job, 2), state: 'finished' });
    await waitFor(() => expect(model.job.value?.state).toBe('finished'));
    expect(progressOf(model.job.value as Job)).toEqual({ settled: 2, total: 2 });

    // Its undo is offered: the worker is asked for it, and the model follows the undo job.
    const undoId = await model.undo();
    expect(worker.sent('undoImport')).toEqual([{ type: 'undoImport', payload: { id: job.id } }]);
    await waitFor(() => expect(model.job.value?.id).toBe(undoId));
    expect(model.job.value?.kind).toBe('undo');
    expect(model.job.value?.undoOf).toBe(job.id);
  });

  it('follows the newest stored job of its profile when made', async () => {
    const older = { ...newJob(P, 'import', target, [{ slot: 1, title: 'a', data: '' }]), createdAt: 1 };
    const newer = { ...newJob(P, 'import', target, [{ slot: 2, title: 'b', data: '' }]), createdAt: 2 };
    await saveJob({ ...older, state: 'finished' });
    await saveJob(newer);
    const model = follow(fakeWorker().send);
    await waitFor(() => expect(model.job.value?.id).toBe(newer.id));
  });

  it('shows a refused start, follows nothing and does not report it started', async () => {
    const worker = fakeWorker(['startImport']);
    const model = follow(worker.send);
    const onStarted = vi.fn();
    await model.start(READY, onStarted);
    expect(model.actionError.value).toEqual({ kind: 'rateLimited', retryAfterSeconds: 6 });
    expect(model.busy.value).toBeNull();
    expect(onStarted).not.toHaveBeenCalled();
    await settle();
    expect(model.job.value).toBeNull();
  });

  it('cancels the followed job once, busy meanwhile', async () => {
    const job = newJob(P, 'import', target, [{ slot: 1, title: 'a', data: '' }]);
    await saveJob(job);
    const worker = fakeWorker();
    const model = follow(worker.send);
    await waitFor(() => expect(model.job.value?.id).toBe(job.id));
    const cancelling = model.cancel();
    expect(model.busy.value).toBe('cancelling');
    void model.cancel();
    await cancelling;
    expect(model.busy.value).toBeNull();
    expect(worker.sent('cancelImport')).toEqual([{ type: 'cancelImport', payload: { id: job.id } }]);
  });

  it('a resume whose answer is held up is done once the job is stored running: Resume can be asked again when it pauses again', async () => {
    const paused: Job = {
      ...newJob(P, 'import', target, [{ slot: 1, title: 'a', data: '' }]),
      state: 'paused',
      pause: { waitMs: 720_000, resumeAt: Date.now() + 720_000 },
    };
    await saveJob(paused);
    const held: Array<() => void> = [];
    const asked: MessageType[] = [];
    const send = vi.fn((type: MessageType) => {
      asked.push(type);
      return new Promise((resolve) => held.push(() => resolve({ ok: true, value: { id: paused.id } })));
    }) as unknown as Send;
    const model = follow(send);
    await waitFor(() => expect(model.job.value?.state).toBe('paused'));
    const first = model.resume();
    expect(model.busy.value).toBe('resuming');
    const { pause: _asked, ...running } = paused;
    await saveJob({ ...running, state: 'running' });
    await waitFor(() => expect(model.busy.value).toBeNull());
    await saveJob({ ...paused, pause: { waitMs: 86_400_000, resumeAt: Date.now() + 86_400_000 } });
    await waitFor(() => expect(model.job.value?.state).toBe('paused'));
    const second = model.resume();
    expect(model.busy.value).toBe('resuming');
    // The first answer arriving late does not end the second resume.
    held[0]?.();
    await first;
    expect(model.busy.value).toBe('resuming');
    held[1]?.();
    await second;
    expect(model.busy.value).toBeNull();
    expect(asked).toEqual(['resumeImport', 'resumeImport']);
  });

  it('once disposed, follows storage no more', async () => {
    const job = newJob(P, 'import', target, [
      { slot: 1, title: 'a', data: '' },
      { slot: 2, title: 'b', data: '' },
    ]);
    await saveJob(job);
    const worker = fakeWorker();
    const disposed = new JobModel(worker.send, P);
    const live = follow(worker.send);
    await waitFor(() => expect(disposed.job.value?.id).toBe(job.id));
    await waitFor(() => expect(live.job.value?.id).toBe(job.id));
    disposed[Symbol.dispose]();

    await saveJob(written(job, 1));
    await waitFor(() => expect(progressOf(live.job.value as Job).settled).toBe(1));
    await settle();
    expect(progressOf(disposed.job.value as Job).settled).toBe(0);
  });
});
