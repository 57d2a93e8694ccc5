/**
 * The import history in the import panel, with a fake worker: every kept import with its Undo or
 * why there is none, an older import's Undo after a newer job, and an Undo over slots changed since
 * named and asked first.
 */
import { fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { newJob } from '../../lib/jobs/job';
import type { Send } from '../../lib/messaging/page-client';
import type { MessageType } from '../../lib/messaging/protocol';
import { optionParts, writeCached } from '../../lib/storage/cache';
import { type Job, jobFamily } from '../../lib/storage/jobs';
import { renderImportPanel } from './import-fixtures';
import { labelMismatches } from './label-in-name';

/** vi.waitFor waits 1 s unless told: these tests share 2 cores with the unit tests' sandboxes. */
const LONG = { timeout: 10_000 };

const P = 'p-1';
const b1 = { kind: 'building' as const, id: 'b-1001' };

function fakeWorker() {
  const calls: { type: MessageType; payload: unknown }[] = [];
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    calls.push({ type, payload });
    if (type === 'undoImport') return { ok: true, value: { id: 'undo-new' } };
    return { ok: false, error: { kind: 'internal', message: type } };
  }) as unknown as Send;
  return { send, sent: (type: MessageType) => calls.filter((c) => c.type === type) };
}

/** A finished job of `slots` slots, each written (done), made at `createdAt`. */
function finished(kind: Job['kind'], createdAt: number, slots: number, extra: Partial<Job> = {}) {
  const job = newJob(
    P,
    kind,
    b1,
    Array.from({ length: slots }, (_, i) => ({ slot: i + 1, title: `new ${i + 1}`, data: 'd' })),
  );
  const items = job.items.map((item) => ({
    ...item,
    status: 'done' as const,
    attempts: 1,
    previous: { title: 'old', data: 'o', lastUpdated: null },
  }));
  return { ...job, id: `${kind}-${createdAt}`, createdAt, state: 'finished' as const, items, ...extra };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('import history', () => {
  it('offers the Undo of every import whose undo data is kept, and says why where there is none', async () => {
    const now = Date.now();
    const jobs = [
      finished('import', now - 50_000, 3, { undoGone: true }),
      finished('import', now - 40_000, 5),
      finished('import', now - 30_000, 2),
      finished('undo', now - 20_000, 2, { undoOf: `import-${now - 30_000}` }),
      finished('import', now - 10_000, 1),
    ];
    for (const job of jobs) await jobFamily.set(job, P, job.id);
    const worker = fakeWorker();
    renderImportPanel({ target: b1, premium: false, send: worker.send, profileId: P });
    const history = await screen.findByRole('region', { name: 'Import history' });
    const items = await vi.waitFor(() => {
      const found = within(history).getAllByRole('listitem');
      expect(found).toHaveLength(5);
      return found;
    }, LONG);
    expect(items.map((item) => item.textContent?.replace(/ · .*? · /, ' · '))).toEqual([
      'Import of 1 slots in 1 target(s) · 1 written Undo this import',
      'Undo of 2 slots · 2 written ',
      'Import of 2 slots in 1 target(s) · 2 written Undone.',
      'Import of 5 slots in 1 target(s) · 5 written Undo this import',
      'Import of 3 slots in 1 target(s) · 3 written No Undo: the values it replaced made room in storage for newer jobs.',
    ]);
    // Each Undo's name starts with what it shows ("Undo this import"), then says which.
    expect(labelMismatches(history)).toEqual([]);
    // The older import's Undo, though a newer job exists.
    fireEvent.click(
      within(items[3] as HTMLElement).getByRole('button', { name: /^Undo this import \(started / }),
    );
    await vi.waitFor(() => expect(worker.sent('undoImport')).toHaveLength(1), LONG);
    expect(worker.sent('undoImport')[0]?.payload).toEqual({ id: `import-${now - 40_000}` });
  });

  it('names the slots changed since the import and asks before its Undo', async () => {
    const job = finished('import', Date.now() - 60_000, 3);
    await jobFamily.set(job, P, job.id);
    // Slot 2 last read holding another writer's value, after the import.
    await writeCached(P, optionParts(b1, 2), { title: 'other', data: 'x', lastUpdated: null }, Date.now());
    const worker = fakeWorker();
    renderImportPanel({ target: b1, premium: false, send: worker.send, profileId: P });
    const history = await screen.findByRole('region', { name: 'Import history' });
    fireEvent.click(await within(history).findByRole('button', { name: /^Undo this import \(started / }));
    const ask = await within(history).findByRole('alert');
    expect(ask.textContent).toContain('1 slot(s) this import wrote were changed since');
    expect(
      within(ask)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Building b-1001, slot 2']);
    expect(worker.sent('undoImport')).toHaveLength(0);
    fireEvent.click(within(ask).getByRole('button', { name: 'Undo the others' }));
    await vi.waitFor(() => expect(worker.sent('undoImport')).toHaveLength(1), LONG);
  });

  it("follows a running job's progress from the storage change alone, reading no other job again", async () => {
    const older = finished('import', Date.now() - 60_000, 2);
    const running = { ...finished('import', Date.now() - 1_000, 3), state: 'running' as const };
    const pending = running.items.map((item) => ({ ...item, status: 'pending' as const, attempts: 0 }));
    await jobFamily.set(older, P, older.id);
    await jobFamily.set({ ...running, items: pending }, P, running.id);
    renderImportPanel({ target: b1, premium: false, send: fakeWorker().send, profileId: P });
    const history = await screen.findByRole('region', { name: 'Import history' });
    await vi.waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2), LONG);
    const area = fakeBrowser.storage.local as unknown as { get: (keys?: unknown) => Promise<unknown> };
    const get = area.get;
    const wholeReads = vi.fn();
    area.get = (keys?: unknown) => {
      if (keys === null || keys === undefined) wholeReads();
      return get.call(area, keys);
    };
    try {
      await jobFamily.set(
        { ...running, items: [running.items[0], ...pending.slice(1)] as typeof pending },
        P,
        running.id,
      );
      await vi.waitFor(
        () => expect(within(history).getAllByRole('listitem')[0]?.textContent).toContain('1 written'),
        LONG,
      );
      await jobFamily.set({ ...running, state: 'finished' }, P, running.id);
      await vi.waitFor(
        () => expect(within(history).getAllByRole('listitem')[0]?.textContent).toContain('3 written'),
        LONG,
      );
      expect(within(history).getAllByRole('listitem')[1]?.textContent).toContain('2 written');
      expect(wholeReads).not.toHaveBeenCalled();
    } finally {
      area.get = get;
    }
  });
});
