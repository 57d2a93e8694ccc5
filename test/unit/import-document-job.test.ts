/**
 * A document written through one import job (lib/jobs/runner.ts with `finalSlot`): the pieces
 * first, the manifest last and always (its time follows the pieces'); a piece that fails leaves the
 * old manifest in place and says which slots were not written. A document job checks every slot it
 * writes against the value the editor showed before writing any: a piece another writer changed
 * since is a conflict and nothing of the document is written. Against the sandbox over HTTP.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readOption } from '../../lib/api/client';
import type { Target } from '../../lib/api/schemas';
import { type JobSlot, newJob } from '../../lib/jobs/job';
import { saveJob } from '../../lib/storage/jobs';
import { runJob } from '../../lib/jobs/runner';
import { documentJobSlots, documentPreview } from '../../lib/jobs/document-job';
import { jobSlotOf } from '../../lib/jobs/write-plan';
import { DEFAULT_LAYOUT } from '../../lib/slots/document-layout';
import { documentSlots } from '../../lib/slots/document';
import { planDocument } from '../../lib/slots/document-plan';
import { readStoredDocument } from '../../lib/slots/document-read';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';

const sandbox = useSandbox();
const target: Target = { kind: 'building', id: DEMO.buildings.juergen[0] };
const P = 'p-1';
const config = () => ({ baseUrl: sandbox.url, token: DEMO.premium.token, retryBaseMs: 5, timeoutMs: 2_000 });

async function write(text: string) {
  const slots = documentSlots(text, DEFAULT_LAYOUT);
  const job = newJob(P, 'import', target, slots, undefined, DEFAULT_LAYOUT.manifestSlot);
  await saveJob(job);
  return runJob(P, job.id, { config: config(), secret: DEMO.premium.secret });
}

const read = async (slot: number) => {
  const answer = await readOption(config(), target, slot);
  return answer.ok ? answer.value : null;
};

beforeEach(() => fakeBrowser.reset());

describe('a document job', () => {
  it('writes every piece before the manifest, and the document reads back whole', async () => {
    const text = JSON.stringify({ text: 'ä🏠'.repeat(3000) });
    const job = await write(text);
    expect(job?.items.every((i) => i.status === 'done')).toBe(true);
    const posts = sandbox.log
      .filter((r) => r.method === 'POST')
      .map((r) => (JSON.parse(r.body) as { option: number }).option);
    expect(posts.at(-1)).toBe(1);
    expect(posts.slice(0, -1).sort((a, b) => a - b)).toEqual([2, 3, 4, 5]);
    const doc = await readStoredDocument(read, DEFAULT_LAYOUT, 20);
    expect(doc).toMatchObject({ text, problems: [], json: { valid: true } });
  });

  it('rewrites an unchanged manifest after changed pieces, so no piece looks newer than it', async () => {
    const text = 'a'.repeat(5000);
    await write(text);
    sandbox.clearLog();
    const changed = `${'b'.repeat(2300)}${'a'.repeat(2700)}`;
    const job = await write(changed);
    expect(job?.items.map((i) => [i.slot, i.status])).toEqual([
      [2, 'done'],
      [3, 'skipped'],
      [4, 'skipped'],
      [1, 'done'],
    ]);
    expect((await readStoredDocument(read, DEFAULT_LAYOUT, 20))?.problems).toEqual([]);
  });

  it('clears leftover pieces after the manifest, so a failed clear leaves the new document readable', async () => {
    await write('e'.repeat(6000));
    const current = await Promise.all(Array.from({ length: 20 }, (_, i) => read(i + 1)));
    const plan = planDocument({
      text: 'f'.repeat(3000),
      layout: DEFAULT_LAYOUT,
      slotCount: 20,
      current,
      clearValue: '',
    });
    if (!plan.ok) throw new Error('plan refused');
    expect(plan.cleared).toEqual([4]);
    sandbox.clearLog();
    const job = newJob(P, 'import', target, plan.writes, undefined, DEFAULT_LAYOUT.manifestSlot);
    await saveJob(job);
    const done = await runJob(P, job.id, { config: config(), secret: DEMO.premium.secret });
    const order = sandbox.log
      .filter((r) => r.method === 'POST')
      .map((r) => (JSON.parse(r.body) as { option: number }).option);
    expect(order).toEqual([2, 3, 1, 4]);
    expect(done?.items.every((i) => i.status === 'done')).toBe(true);
    expect((await readStoredDocument(read, DEFAULT_LAYOUT, 20))?.text).toBe('f'.repeat(3000));
  });

  it('leaves the old manifest in place when a piece fails, naming the slots not written', async () => {
    await write('c'.repeat(3000));
    const before = await read(1);
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 400,
      body: '{"message":"no"}',
      times: 1,
    });
    const job = await write('d'.repeat(3000));
    const manifest = job?.items.find((i) => i.slot === 1);
    expect(manifest).toMatchObject({ status: 'failed' });
    expect(manifest?.error).toMatch(/notWritten: slots \d; manifest unchanged/);
    expect(await read(1)).toEqual(before);
  });

  it('checks every slot before writing any: a piece changed since the editor showed it is a conflict, nothing written', async () => {
    const old = 'g'.repeat(4600);
    await write(old);
    // What the editor showed when the user began editing: slots 1–3.
    const shown = await Promise.all([1, 2, 3].map(read));
    const changed = `${'h'.repeat(2300)}${'i'.repeat(2300)}`;
    // Someone else writes piece 2 (slot 3) after the editor read it.
    sandbox.changeSlot({ target, option: 3, title: 'site:2', data: 'fremd' });
    sandbox.clearLog();
    const slots: JobSlot[] = documentSlots(changed, DEFAULT_LAYOUT).map((s) => {
      const before = shown[s.slot - 1];
      return before ? { ...s, expected: { title: before.title, data: before.data } } : s;
    });
    const job = newJob(P, 'import', target, slots, undefined, DEFAULT_LAYOUT.manifestSlot);
    await saveJob(job);
    const done = await runJob(P, job.id, { config: config(), secret: DEMO.premium.secret });
    expect(sandbox.log.filter((r) => r.method === 'POST')).toEqual([]);
    expect(done?.items.map((i) => [i.slot, i.status])).toEqual([
      [2, 'cancelled'],
      [3, 'conflict'],
      [1, 'cancelled'],
    ]);
    expect(done?.items.find((i) => i.slot === 3)?.conflict).toMatchObject({ title: 'site:2', data: 'fremd' });
    expect(done?.items.find((i) => i.slot === 2)?.error).toBe('heldBack: slots 3');
    expect((await read(2))?.data).toBe('g'.repeat(2300));
  });

  it('checks every piece at write time, written or not: one another writer changed stops the whole document (issue 33, finding 6)', async () => {
    const old = 'n'.repeat(3 * 2300);
    await write(old);
    const shown = await Promise.all([1, 2, 3, 4].map(read));
    // The edit changes piece 3 (slot 4) only; the preview hands the job what the page would.
    const text = `${'n'.repeat(2 * 2300)}${'o'.repeat(2300)}`;
    const plan = planDocument({
      text,
      layout: DEFAULT_LAYOUT,
      slotCount: 20,
      current: shown,
      clearValue: '',
    });
    if (!plan.ok) throw new Error(plan.reason);
    const items = documentPreview(plan.writes, shown, shown, DEFAULT_LAYOUT.manifestSlot);
    const slots = documentJobSlots(items, DEFAULT_LAYOUT.manifestSlot).map(jobSlotOf);
    // Another writer changes piece 1 (slot 2) between the preview and Confirm.
    sandbox.changeSlot({ target, option: 2, title: 'site:1', data: 'fremd' });
    sandbox.clearLog();
    const job = newJob(P, 'import', target, slots, undefined, DEFAULT_LAYOUT.manifestSlot);
    await saveJob(job);
    const done = await runJob(P, job.id, { config: config(), secret: DEMO.premium.secret });
    expect(sandbox.log.filter((r) => r.method === 'POST')).toEqual([]);
    expect(done?.items.find((i) => i.slot === 2)).toMatchObject({
      status: 'conflict',
      conflict: { title: 'site:1', data: 'fremd' },
    });
    expect(done?.items.find((i) => i.slot === 4)).toMatchObject({ status: 'cancelled' });
    expect((await read(4))?.data).toBe('n'.repeat(2300));
  });

  it('rewrites 2 of 6 pieces at its floor: one read and one write per changed piece and the manifest', async () => {
    const old = 'k'.repeat(6 * 2300);
    await write(old);
    const shown = await Promise.all(Array.from({ length: 7 }, (_, i) => read(i + 1)));
    const text = `${'k'.repeat(2300)}${'m'.repeat(2300)}${'k'.repeat(2300 * 2)}${'m'.repeat(2300)}${'k'.repeat(2300)}`;
    const slots = documentSlots(text, DEFAULT_LAYOUT)
      .filter((s) => s.slot === 1 || shown[s.slot - 1]?.data !== s.data)
      .map((s) => ({ ...s, expected: { title: shown[s.slot - 1]!.title, data: shown[s.slot - 1]!.data } }));
    expect(slots.map((s) => s.slot)).toEqual([3, 6, 1]);
    sandbox.clearLog();
    const job = newJob(P, 'import', target, slots, undefined, DEFAULT_LAYOUT.manifestSlot);
    await saveJob(job);
    const done = await runJob(P, job.id, { config: config(), secret: DEMO.premium.secret });
    expect(done?.items.every((i) => i.status === 'done')).toBe(true);
    expect(sandbox.log.map((r) => r.method).toSorted()).toEqual([
      'GET',
      'GET',
      'GET',
      'POST',
      'POST',
      'POST',
    ]);
    expect((await readStoredDocument(read, DEFAULT_LAYOUT, 20))?.text).toBe(text);
  });
});
