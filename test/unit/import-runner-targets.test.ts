/** The import job runner across targets, against the sandbox over HTTP (storage: wxt's fake browser). */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readOption } from '../../lib/api/client';
import type { Target } from '../../lib/api/schemas';
import { type JobSlot, newJob, undoSlots } from '../../lib/jobs/job';
import { runJob } from '../../lib/jobs/runner';
import { readHistory } from '../../lib/storage/history';
import { type Job, saveJob } from '../../lib/storage/jobs';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';

const sandbox = useSandbox();
const P = 'p-1';
const [b1, b2, b3] = DEMO.buildings.juergen.map((id): Target => ({ kind: 'building', id }));
const factory: Target = { kind: 'factory', id: DEMO.factories.juergen[0] as string };
const notOurs: Target = { kind: 'building', id: DEMO.rentedByJuergen };
const config = () => ({ baseUrl: sandbox.url, token: DEMO.premium.token, retryBaseMs: 5, timeoutMs: 2_000 });
const deps = () => ({ config: config(), secret: DEMO.premium.secret });

async function start(job: Job): Promise<Job> {
  await saveJob(job);
  const done = await runJob(P, job.id, deps());
  if (!done) throw new Error('job vanished');
  return done;
}

async function slotOf(target: Target, option: number) {
  const read = await readOption(config(), target, option);
  if (!read.ok) throw new Error(read.error.kind);
  return { title: read.value.title, data: read.value.data };
}

const write = (target: Target, slot: number, title: string): JobSlot => ({
  target,
  slot,
  title,
  data: `${target.id}/${slot}`,
});
const posts = () =>
  sandbox.log
    .filter((r) => r.method === 'POST')
    .map((r) => {
      const body = JSON.parse(r.body) as { buildingId?: string; factoryId?: string; option: number };
      return `${body.buildingId ?? body.factoryId}/${body.option}`;
    });
const gets = () => sandbox.log.filter((r) => r.method === 'GET').map((r) => r.path);

beforeEach(() => {
  fakeBrowser.reset();
});

describe('runJob across targets', () => {
  it('writes each item into its own target, the same slot number in several, with history per target', async () => {
    const before = await slotOf(b2!, 1);
    const slots = [write(b1!, 1, 'one'), write(b2!, 1, 'two'), write(factory, 3, 'three')];
    const finished = await start(newJob(P, 'import', b1!, slots));
    expect(finished.items.map((i) => i.status)).toEqual(['done', 'done', 'done']);
    expect(await slotOf(b2!, 1)).toEqual({ title: 'two', data: 'b-1002/1' });
    expect(await slotOf(factory, 3)).toEqual({ title: 'three', data: 'f-501/3' });
    expect((await readHistory(P, b2!, 1))[0]).toMatchObject(before);
  });

  it('reports a target that is not the account’s (404) once, settles its other slots unasked, and goes on', async () => {
    sandbox.clearLog();
    const slots = [
      write(notOurs, 1, 'x'),
      write(b1!, 5, 'mine'),
      write(notOurs, 2, 'x'),
      write(notOurs, 3, 'x'),
      write(notOurs, 5, 'x'),
      write(b3!, 5, 'mine too'),
    ];
    // One at a time per target would still read slot 1 first: the pool runs 3 at once, so up to 3
    // of its reads may be under way before the 404 is known; never all four.
    const finished = await start(newJob(P, 'import', notOurs, slots));
    expect(finished.items.map((i) => i.status)).toEqual([
      'failed',
      'done',
      'failed',
      'failed',
      'failed',
      'done',
    ]);
    expect(new Set(finished.items.filter((i) => i.status === 'failed').map((i) => i.error))).toEqual(
      new Set([finished.items[0]?.error]),
    );
    expect(finished.items[0]?.error).toMatch(/^notFound/);
    expect(gets().filter((path) => path.includes(notOurs.id)).length).toBeLessThan(4);
    expect(posts().toSorted()).toEqual(['b-1001/5', 'b-1003/5']);
  });

  it('resumes a restore stopped mid-way without writing a settled slot again', async () => {
    const slots = [write(b1!, 6, 'r1'), write(b2!, 6, 'r2'), write(b3!, 6, 'r3'), write(factory, 6, 'r4')];
    const job = newJob(P, 'import', b1!, slots);
    // The worker stopped after b1 was written and while b2's write was under way (it landed).
    const landed = await start(newJob(P, 'import', b1!, slots.slice(0, 2)));
    sandbox.clearLog();
    const interrupted: Job = {
      ...job,
      items: job.items.map((item, index) =>
        index === 0
          ? { ...item, status: 'done', attempts: 1, previous: landed.items[0]?.previous }
          : index === 1
            ? { ...item, status: 'writing', attempts: 1, previous: landed.items[1]?.previous }
            : item,
      ),
    };
    const finished = await start(interrupted);
    expect(finished.items.map((i) => i.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(posts().toSorted()).toEqual(['b-1003/6', 'f-501/6']);
    expect(gets().some((path) => path.endsWith(`${b1!.id}/6`))).toBe(false);
  });

  it('undoes across targets, leaving a slot changed since with both values and the later one kept', async () => {
    const originals = await Promise.all([b1!, b2!, b3!].map((t) => slotOf(t, 7)));
    const imported = await start(
      newJob(
        P,
        'import',
        b1!,
        [b1!, b2!, b3!].map((t) => write(t, 7, 'copy')),
      ),
    );
    const later = { title: 'later', data: 'edited in between' };
    await fetch(`${sandbox.url}/building/options`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO.premium.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiSecret: DEMO.premium.secret, buildingId: b2!.id, option: 7, ...later }),
    });
    const undo = undoSlots(imported);
    expect(undo.map((s) => s.target)).toEqual([b1, b2, b3]);
    const undone = await start(newJob(P, 'undo', b1!, undo, imported.id));
    expect(undone.items.map((i) => i.status)).toEqual(['done', 'conflict', 'done']);
    expect(undone.items[1]).toMatchObject({ conflict: later, title: originals[1]?.title });
    expect(await slotOf(b2!, 7)).toEqual(later);
    expect(await slotOf(b1!, 7)).toEqual(originals[0]);
    expect(await slotOf(b3!, 7)).toEqual(originals[2]);
  });

  it('does not write an empty slot again with the clearing text: a slot holding nothing already holds it', async () => {
    expect(await slotOf(b3!, 9)).toEqual({ title: '', data: '' });
    sandbox.clearLog();
    const clear = { target: b3!, slot: 9, title: '.', data: '.' };
    const finished = await start(newJob(P, 'import', b3!, [{ ...clear, clears: true }]));
    expect(finished.items[0]?.status).toBe('skipped');
    expect(posts()).toEqual([]);
    // Without the mark, "." is text like any other and is written.
    const written = await start(newJob(P, 'import', b3!, [clear]));
    expect(written.items[0]?.status).toBe('done');
  });
});
