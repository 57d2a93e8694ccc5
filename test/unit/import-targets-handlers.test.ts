/**
 * The handlers of writes across targets against the real sandbox over HTTP (storage: wxt's fake
 * browser): the preview from fresh cached answers only (a restore) or read (a copy), per-target
 * ownership and premium, the cost at the budget, the worker's own checks, and a restore job.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Target } from '../../lib/api/schemas';
import { createHandlers } from '../../lib/handlers';
import type { WorkerDeps } from '../../lib/connection';
import { countsOf, jobSlotsOf } from '../../lib/jobs/multi-plan';
import type { TargetsPreview } from '../../lib/messaging/protocol';
import type { Job } from '../../lib/storage/jobs';
import { originPattern } from '../../lib/storage/settings';
import { profilesItem } from '../../lib/storage/profiles';
import { rememberPlaceholder } from '../../lib/storage/placeholder';
import { readSlotDirect } from '../sandbox/direct';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { signIn, storedJob } from './worker-helpers';

const sandbox = useSandbox();
const deps: WorkerDeps = {
  hasOriginPermission: async (pattern) => pattern === originPattern(sandbox.url),
  timeoutMs: 2_000,
};
const handlers = createHandlers(deps);
const [b1, b2] = DEMO.buildings.juergen.map((id): Target => ({ kind: 'building', id }));
const notOurs: Target = { kind: 'building', id: DEMO.rentedByJuergen };
const gets = () => sandbox.log.filter((r) => r.method === 'GET' && r.path.includes('/options/'));
const posts = () => sandbox.log.filter((r) => r.method === 'POST');

async function configure(who: 'premium' | 'basic') {
  expect(await signIn(handlers, sandbox, { token: DEMO[who].token, secret: DEMO[who].secret })).toBeTruthy();
  sandbox.clearLog();
}

async function ready(document: unknown, read = false) {
  const answer = await handlers.previewTargets({ document, read });
  if (!answer.ok) throw new Error(answer.error.kind);
  if (answer.value.status !== 'ready') throw new Error(JSON.stringify(answer.value.problems));
  return answer.value as Extract<TargetsPreview, { status: 'ready' }>;
}

async function finished(id: string): Promise<Job> {
  for (let i = 0; i < 400; i++) {
    const job = await storedJob(id);
    if (job && job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${id} did not finish`);
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('previewTargets', () => {
  it('names every problem with its place and reads nothing', async () => {
    await configure('premium');
    const answer = await handlers.previewTargets({
      document: {
        targets: [
          { target: b1, slots: [{ slot: 1, title: 'x'.repeat(71), data: '' }] },
          { target: b1, slots: [{ slot: 2, title: 't', data: '' }] },
        ],
      },
    });
    expect(answer).toEqual({
      ok: true,
      value: {
        status: 'problems',
        problems: [
          { path: 'targets[0].slots[0].title', message: '71 characters, at most 64' },
          { path: 'targets[1].target', message: 'building b-1001 also at targets[0]' },
        ],
      },
    });
    expect(sandbox.log).toHaveLength(0);
  });

  it('plans a restore from fresh cached answers without a request: one that held its value then is read again at write time, never skipped on its word', async () => {
    await configure('basic');
    await handlers.listBuildings({});
    const held = await handlers.readOption({ target: { kind: 'building', id: 'b-2001' }, option: 1 });
    if (!held.ok) throw new Error(held.error.kind);
    sandbox.clearLog();
    const preview = await ready({
      targets: [
        {
          target: { kind: 'building', id: 'b-2001' },
          slots: [
            { slot: 1, title: held.value.title, data: held.value.data },
            { slot: 2, title: 'new', data: 'value' },
            { slot: 12, title: 'premium', data: 'only' },
          ],
        },
        { target: b1, slots: [{ slot: 1, title: 'x', data: 'y' }] },
      ],
    });
    expect(gets()).toHaveLength(0);
    const [own, foreign] = preview.targets;
    expect(own?.slots.map((s) => s.status)).toEqual(['heldWhenSeen', 'unknown', 'needsPremium']);
    expect(foreign?.slots.map((s) => s.status)).toEqual(['notYours']);
    expect(countsOf(own?.slots ?? [])).toMatchObject({ heldWhenSeen: 1, unknown: 1, needsPremium: 1 });
    // Two slots to restore, each read right before it would be written (a cached answer is not
    // "now"); only the one not known may be written unasked.
    expect(preview.cost).toMatchObject({ reads: 2, writes: 1, skipped: 0, perMinute: 10 });
    expect(own?.slots[0]?.seenAt).toBeGreaterThan(Date.now() - 60_000);
    expect(preview.storage.bytes).toBeGreaterThan(0);
    expect(preview.storage.bytes).toBeLessThan(preview.storage.max);
  });

  it('reads what each target holds now for a copy, marking a target that answers 404', async () => {
    await configure('premium');
    const copy = (target: Target) => ({ target, slots: [{ slot: 3, title: 'Copied', data: 'text' }] });
    const preview = await ready({ targets: [copy(b1!), copy(b2!), copy(notOurs)] }, true);
    expect(preview.targets.map((t) => t.slots[0]?.status)).toEqual(['changed', 'changed', 'notYours']);
    expect(preview.targets[0]?.slots[0]?.current).not.toBeNull();
    expect(gets()).toHaveLength(3);
  });
});

describe('startTargets', () => {
  it('checks what the page confirms again: premium, the same slot twice', async () => {
    await configure('basic');
    const target = { kind: 'building' as const, id: 'b-2001' };
    const premium = await handlers.startTargets({ slots: [{ target, slot: 12, title: 't', data: 'd' }] });
    expect(premium).toMatchObject({
      ok: false,
      error: { kind: 'invalidInput', message: 'slots: slots 11–20 need premium' },
    });
    const twice = await handlers.startTargets({
      slots: [
        { target, slot: 1, title: 't', data: 'd' },
        { target, slot: 1, title: 't', data: 'e' },
      ],
    });
    expect(twice).toMatchObject({ ok: false, error: { kind: 'invalidInput' } });
    expect(posts()).toHaveLength(0);
  });

  it('refuses a job larger than its storage allows, before anything is written', async () => {
    await configure('premium');
    const big = 'x'.repeat(2400);
    const slots = Array.from({ length: 50 }, (_, t) =>
      Array.from({ length: 20 }, (_, s) => ({
        target: { kind: 'building' as const, id: `b-${t}` },
        slot: s + 1,
        title: 't',
        data: big,
      })),
    ).flat();
    const answer = await handlers.startTargets({ slots });
    expect(answer.ok).toBe(false);
    if (!answer.ok)
      expect(answer.error).toMatchObject({
        kind: 'invalidInput',
        message: expect.stringMatching(/KB of storage, at most 1954 KB/),
      });
    expect(sandbox.log).toHaveLength(0);
  });

  it('restores the planned slots: one read per slot to restore, one write per changed slot', async () => {
    await configure('premium');
    const before = await handlers.readOption({ target: b2!, option: 1 });
    if (!before.ok) throw new Error(before.error.kind);
    sandbox.clearLog();
    const document = {
      targets: [
        { target: b1, slots: [1, 2, 3].map((slot) => ({ slot, title: `restored ${slot}`, data: 'r' })) },
        { target: b2, slots: [{ slot: 1, title: before.value.title, data: before.value.data }] },
      ],
    };
    const preview = await ready(document);
    // b2's slot 1 was read just now, by the editor: held its value then; the job reads it again.
    expect(preview.targets[1]?.slots[0]?.status).toBe('heldWhenSeen');
    const started = await handlers.startTargets({ slots: jobSlotsOf(preview.targets), kind: 'restore' });
    if (!started.ok) throw new Error(started.error.kind);
    const job = await finished(started.value.id);
    // Stored as what it is: a restore, undone as any write job.
    expect(job.kind).toBe('restore');
    expect(job.items.map((i) => [i.target?.id, i.slot, i.status])).toEqual([
      ['b-1001', 1, 'done'],
      ['b-1001', 2, 'done'],
      ['b-1001', 3, 'done'],
      ['b-1002', 1, 'skipped'],
    ]);
    expect(gets()).toHaveLength(4);
    expect(posts()).toHaveLength(3);
    const undo = await handlers.undoImport({ id: job.id });
    if (!undo.ok) throw new Error(undo.error.kind);
    expect((await finished(undo.value.id)).items.map((i) => i.status)).toEqual(['done', 'done', 'done']);
  });

  it('a slot that held its value in a fresh cached answer but was changed by another writer since is a conflict with both values, never overwritten unasked; only what the user chooses is written', async () => {
    await configure('premium');
    const reads = await Promise.all([1, 3].map((option) => handlers.readOption({ target: b2!, option })));
    const [one, three] = reads.map((read) => (read.ok ? read.value : null));
    if (!one || !three) throw new Error('no read');
    const preview = await ready({
      targets: [
        {
          target: b2,
          slots: [
            { slot: 1, title: one.title, data: one.data },
            { slot: 2, title: 'Restored', data: 'r' },
            { slot: 3, title: three.title, data: three.data },
          ],
        },
      ],
    });
    expect(preview.targets[0]?.slots.map((s) => [s.status, typeof s.seenAt])).toEqual([
      ['heldWhenSeen', 'number'],
      ['unknown', 'undefined'],
      ['heldWhenSeen', 'number'],
    ]);
    // Reads and writes apart: all three are read, only the one not known may be written unasked.
    expect(preview.cost).toMatchObject({ reads: 3, writes: 1 });
    // Changed in the game after the extension read slot 1 (its cached answer is still fresh).
    sandbox.changeSlot({ target: b2!, option: 1, title: 'Another writer', data: 'damage' });
    sandbox.clearLog();
    const started = await handlers.startTargets({ slots: jobSlotsOf(preview.targets) });
    if (!started.ok) throw new Error(started.error.kind);
    const job = await finished(started.value.id);
    expect(job.items.map((i) => [i.slot, i.status])).toEqual([
      [1, 'conflict'],
      [2, 'done'],
      [3, 'skipped'],
    ]);
    // Both values: the backup's (the item's) and the one on the server now.
    expect(job.items[0]).toMatchObject({
      title: one.title,
      data: one.data,
      conflict: { title: 'Another writer', data: 'damage' },
    });
    // One read per slot (the read is the conflict check), one write: the slot not known.
    expect([gets().length, posts().length]).toEqual([3, 1]);
    expect(await readSlotDirect(sandbox, b2!, 1)).toMatchObject({ title: 'Another writer', data: 'damage' });
    // The user chooses the backup's value: written after its own check, kept for the job's Undo.
    sandbox.clearLog();
    const settled = await handlers.settleConflict({ id: job.id, target: b2, slot: 1, choice: 'mine' });
    expect(settled).toEqual({ ok: true, value: { status: 'settled' } });
    expect([gets().length, posts().length]).toEqual([1, 1]);
    expect(await readSlotDirect(sandbox, b2!, 1)).toMatchObject({ title: one.title, data: one.data });
    expect((await storedJob(job.id))?.items[0]).toMatchObject({
      status: 'done',
      settled: 'mine',
      previous: { title: 'Another writer', data: 'damage' },
    });
  });

  it('discards a job across targets when its profile signs out, before its next request', async () => {
    await configure('premium');
    sandbox.setLatency(150);
    const slots = [b1!, b2!].flatMap((target) =>
      [1, 2, 3, 4].map((slot) => ({ target, slot, title: `gone ${slot}`, data: 'x' })),
    );
    const started = await handlers.startTargets({ slots });
    if (!started.ok) throw new Error(started.error.kind);
    await expect.poll(() => sandbox.log.length).toBeGreaterThan(0);
    const id = (await profilesItem.get()).active ?? '';
    await handlers.forgetProfile({ id, deleteDraftsAndHistory: true });
    const atSignOut = sandbox.log.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    // Requests already under way may land; nothing more is sent, nothing of the job stays.
    expect(sandbox.log.length).toBeLessThanOrEqual(atSignOut);
    expect(posts().length).toBeLessThan(slots.length);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(started.value.id);
  });

  it('clears with the account’s placeholder, leaving an already empty slot unwritten', async () => {
    await configure('premium');
    const id = (await profilesItem.get()).active ?? '';
    await rememberPlaceholder(id, '.');
    const document = {
      targets: [{ target: b2, slots: [9, 1].map((slot) => ({ slot, title: '', data: '' })) }],
    };
    const preview = await ready(document);
    const slots = jobSlotsOf(preview.targets);
    expect(slots.map((s) => [s.slot, s.title, s.data])).toEqual([
      [9, '.', '.'],
      [1, '.', '.'],
    ]);
    const started = await handlers.startTargets({ slots });
    if (!started.ok) throw new Error(started.error.kind);
    const job = await finished(started.value.id);
    // Slot 9 was empty: nothing to write; slot 1 held a note: cleared with ".".
    expect(job.items.map((i) => [i.slot, i.status])).toEqual([
      [9, 'skipped'],
      [1, 'done'],
    ]);
    expect(posts()).toHaveLength(1);
  });
});

describe('a conflict settled after a restore or copy is part of its job (issue 27, finding 8)', () => {
  /** A restore of b2's slots 1 and 2 whose slot 2 changed in the game after the preview read it. */
  async function conflicted() {
    await configure('premium');
    const before = await handlers.readOption({ target: b2!, option: 2 });
    if (!before.ok) throw new Error(before.error.kind);
    const preview = await ready({
      targets: [
        {
          target: b2,
          slots: [
            { slot: 1, title: 'Restored 1', data: 'r1' },
            { slot: 2, title: 'Restored 2', data: 'r2' },
          ],
        },
      ],
    });
    sandbox.changeSlot({ target: b2!, option: 2, title: 'In the game', data: 'since' });
    const started = await handlers.startTargets({ slots: jobSlotsOf(preview.targets) });
    if (!started.ok) throw new Error(started.error.kind);
    const job = await finished(started.value.id);
    expect(job.items.map((i) => i.status)).toEqual(['done', 'conflict']);
    return job;
  }

  it('"Keep mine" is written by the job: counted as written, kept in its history, undone by its Undo, never asked again', async () => {
    const job = await conflicted();
    sandbox.clearLog();
    const settled = await handlers.settleConflict({ id: job.id, target: b2, slot: 2, choice: 'mine' });
    expect(settled).toEqual({ ok: true, value: { status: 'settled' } });
    // One read right before, one write: like any write of the job.
    expect(gets()).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    const stored = await storedJob(job.id);
    expect(stored?.items.map((i) => [i.slot, i.status])).toEqual([
      [1, 'done'],
      [2, 'done'],
    ]);
    expect(stored?.items[1]).toMatchObject({
      settled: 'mine',
      previous: { title: 'In the game', data: 'since' },
    });
    // Asked again (a second tab, a page reopened), it is no conflict any more: said in words.
    const again = await handlers.settleConflict({ id: job.id, target: b2, slot: 2, choice: 'mine' });
    expect(again).toEqual({ ok: true, value: { status: 'alreadySettled' } });
    const undo = await handlers.undoImport({ id: job.id });
    if (!undo.ok) throw new Error(undo.error.kind);
    const undone = await finished(undo.value.id);
    expect(undone.items.map((i) => [i.slot, i.status])).toEqual([
      [1, 'done'],
      [2, 'done'],
    ]);
    const slot2 = await handlers.readOption({ target: b2!, option: 2, hint: { priority: 'user' } });
    expect(slot2.ok && slot2.value).toMatchObject({ title: 'In the game', data: 'since' });
  });

  it('Undo while "Keep mine" is still running waits for it and puts the settled slot back too (issue 33, finding 5)', async () => {
    const job = await conflicted();
    sandbox.clearLog();
    sandbox.setLatency(80);
    const settling = handlers.settleConflict({ id: job.id, target: b2, slot: 2, choice: 'mine' });
    // Undo asked while Keep mine is under way (its write-time read sent, its write not yet).
    while (gets().length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const undo = await handlers.undoImport({ id: job.id });
    expect(await settling).toEqual({ ok: true, value: { status: 'settled' } });
    if (!undo.ok) throw new Error(undo.error.kind);
    const undone = await finished(undo.value.id);
    expect(undone.items.map((i) => [i.slot, i.status])).toEqual([
      [1, 'done'],
      [2, 'done'],
    ]);
    sandbox.setLatency(0);
    const slot2 = await handlers.readOption({ target: b2!, option: 2, hint: { priority: 'user' } });
    expect(slot2.ok && slot2.value).toMatchObject({ title: 'In the game', data: 'since' });
    // Once undone, the job has nothing left to settle: said so, nothing written.
    sandbox.clearLog();
    const late = await handlers.settleConflict({ id: job.id, target: b2, slot: 2, choice: 'mine' });
    expect(late).toEqual({ ok: true, value: { status: 'alreadySettled' } });
    expect(posts()).toHaveLength(0);
  });

  it('a slot changed again since the conflict was shown stays a conflict, with the newer value; "Take the server\'s" is kept', async () => {
    const job = await conflicted();
    sandbox.changeSlot({ target: b2!, option: 2, title: 'Once more', data: 'newer' });
    sandbox.clearLog();
    const settled = await handlers.settleConflict({ id: job.id, target: b2, slot: 2, choice: 'mine' });
    expect(settled).toMatchObject({
      ok: true,
      value: { status: 'conflict', server: { title: 'Once more', data: 'newer' } },
    });
    expect(posts()).toHaveLength(0);
    const kept = await handlers.settleConflict({ id: job.id, target: b2, slot: 2, choice: 'server' });
    expect(kept).toEqual({ ok: true, value: { status: 'settled' } });
    const after = await storedJob(job.id);
    expect(after?.items[1]).toMatchObject({
      status: 'skipped',
      settled: 'server',
      conflict: { title: 'Once more', data: 'newer' },
    });
  });
});
