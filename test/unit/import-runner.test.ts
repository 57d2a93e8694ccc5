/** The import job runner against the sandbox over HTTP, with storage from wxt's fake browser. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readOption } from '../../lib/api/client';
import type { Target } from '../../lib/api/schemas';
import { newJob, undoSlots } from '../../lib/jobs/job';
import { type Job, jobFamily, readJob, saveJob } from '../../lib/storage/jobs';
import { requestStop } from '../../lib/jobs/run';
import { runJob } from '../../lib/jobs/runner';
import { readHistory } from '../../lib/storage/history';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { jobDeps } from './api-helpers';

const sandbox = useSandbox();
const target: Target = { kind: 'building', id: DEMO.buildings.juergen[0] };
const P = 'p-1';
const deps = () => jobDeps(sandbox);
const twenty = Array.from({ length: 20 }, (_, i) => ({
  slot: i + 1,
  title: `Import ${i + 1}`,
  data: `{"n":${i + 1}}`,
}));

async function start(job: Job): Promise<Job> {
  await saveJob(job);
  const done = await runJob(P, job.id, deps());
  if (!done) throw new Error('job vanished');
  return done;
}

async function slot(option: number) {
  const read = await readOption(deps().config, target, option);
  if (!read.ok) throw new Error(read.error.kind);
  return read.value;
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('runJob', () => {
  it('writes 20 slots, keeps each replaced value in history, and reports every slot', async () => {
    const before = await slot(1);
    const finished = await start(newJob(P, 'import', target, twenty));
    expect(finished.state).toBe('finished');
    expect(finished.items.map((i) => i.status)).toEqual(Array(20).fill('done'));
    expect((await slot(20)).title).toBe('Import 20');
    expect((await readHistory(P, target, 1))[0]).toMatchObject({ title: before.title, data: before.data });
    expect(await readJob(P, finished.id)).toEqual(finished);
  });

  it('skips slots that already hold the new value, without writing them', async () => {
    const current = await slot(1);
    sandbox.clearLog();
    const finished = await start(
      newJob(P, 'import', target, [{ slot: 1, title: current.title, data: current.data }]),
    );
    expect(finished.items[0]?.status).toBe('skipped');
    expect(sandbox.log.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('retries a slot whose write failed transiently, and the rest complete', async () => {
    sandbox.addFault({ path: '/building/options', method: 'POST', kind: 'status', status: 500, times: 1 });
    const finished = await start(newJob(P, 'import', target, twenty.slice(0, 5)));
    expect(finished.items.map((i) => i.status)).toEqual(Array(5).fill('done'));
    expect(finished.items.some((i) => i.attempts === 2)).toBe(true);
  });

  it('reports a slot that keeps failing, with the reason, while the others complete', async () => {
    sandbox.addFault({ path: `/building/options/${target.id}/3`, kind: 'status', status: 404 });
    const finished = await start(newJob(P, 'import', target, twenty.slice(0, 5)));
    expect(finished.items.map((i) => i.status)).toEqual(['done', 'done', 'failed', 'done', 'done']);
    expect(finished.items[2]?.error).toContain('notFound');
  });

  it('resumes a job interrupted mid-write: a write that landed is not repeated', async () => {
    const job = newJob(P, 'import', target, twenty.slice(0, 3));
    const landed = twenty[0] as (typeof twenty)[number];
    await fetch(`${sandbox.url}/building/options`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO.premium.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiSecret: DEMO.premium.secret, buildingId: target.id, option: 1, ...landed }),
    });
    const interrupted: Job = {
      ...job,
      items: job.items.map((i) =>
        i.slot === 1
          ? {
              ...i,
              status: 'writing',
              attempts: 1,
              previous: { title: 'old', data: 'old', lastUpdated: null },
            }
          : i,
      ),
    };
    sandbox.clearLog();
    const finished = await start(interrupted);
    expect(finished.items.map((i) => i.status)).toEqual(['done', 'done', 'done']);
    const posts = sandbox.log.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body).option);
    expect(posts.toSorted()).toEqual([2, 3]);
  });

  it('a job resumed after the worker stopped reads no settled slot again: one read per open slot', async () => {
    const job = newJob(P, 'import', target, twenty.slice(0, 5));
    const old = { title: 'old', data: 'old', lastUpdated: null };
    // Settled before the stop: written, skipped, failed. Open: one mid-write (its write did not land), one pending.
    const settled = ['done', 'skipped', 'failed'] as const;
    const interrupted: Job = {
      ...job,
      items: job.items.map((item, index) => {
        const status = settled[index];
        if (status) return { ...item, status, attempts: 1, previous: old };
        return index === 3 ? { ...item, status: 'writing', attempts: 1 } : item;
      }),
    };
    sandbox.clearLog();
    const finished = await start(interrupted);
    expect(finished.items.map((i) => i.status)).toEqual(['done', 'skipped', 'failed', 'done', 'done']);
    const reads = sandbox.log.filter((r) => r.method === 'GET').map((r) => r.path.split('/').at(-1));
    expect(reads.toSorted()).toEqual(['4', '5']);
    const posts = sandbox.log.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body).option);
    expect(posts.toSorted()).toEqual([4, 5]);
  });

  it('undo writes every replaced value back', async () => {
    const originals = await Promise.all([1, 2, 3].map(slot));
    const imported = await start(newJob(P, 'import', target, twenty.slice(0, 3)));
    const undone = await start(newJob(P, 'undo', target, undoSlots(imported), imported.id));
    expect(undone.items.map((i) => i.status)).toEqual(['done', 'done', 'done']);
    const after = await Promise.all([1, 2, 3].map(slot));
    expect(after.map(({ title, data }) => ({ title, data }))).toEqual(
      originals.map(({ title, data }) => ({ title, data })),
    );
  });
});

async function writeDirectly(option: number, title: string, data: string) {
  await fetch(`${sandbox.url}/building/options`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO.premium.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiSecret: DEMO.premium.secret, buildingId: target.id, option, title, data }),
  });
}

describe('runJob: later edits, cancel and failure', () => {
  it('undo leaves a slot edited after the import as it is and reports the conflict with its value', async () => {
    const originals = await Promise.all([1, 2].map(slot));
    const imported = await start(newJob(P, 'import', target, twenty.slice(0, 2)));
    await writeDirectly(2, 'Later', 'edited after the import');
    const undone = await start(newJob(P, 'undo', target, undoSlots(imported), imported.id));
    expect(undone.items.map((i) => i.status)).toEqual(['done', 'conflict']);
    expect(undone.items[1]?.conflict).toMatchObject({ title: 'Later', data: 'edited after the import' });
    expect(await slot(2)).toMatchObject({ title: 'Later', data: 'edited after the import' });
    expect(await slot(1)).toMatchObject({ title: originals[0]?.title, data: originals[0]?.data });
  });

  it('undo skips a slot that already holds the old value again', async () => {
    const original = await slot(1);
    const imported = await start(newJob(P, 'import', target, twenty.slice(0, 1)));
    await writeDirectly(1, original.title, original.data);
    sandbox.clearLog();
    const undone = await start(newJob(P, 'undo', target, undoSlots(imported), imported.id));
    expect(undone.items[0]?.status).toBe('skipped');
    expect(sandbox.log.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('a resumed import re-reads first: a slot changed by someone else since the backup is a conflict', async () => {
    const job = newJob(P, 'import', target, twenty.slice(0, 2));
    await writeDirectly(1, 'Someone', 'else');
    const interrupted: Job = {
      ...job,
      items: job.items.map((i) =>
        i.slot === 1
          ? {
              ...i,
              status: 'writing',
              attempts: 1,
              previous: { title: 'old', data: 'old', lastUpdated: null },
            }
          : i,
      ),
    };
    sandbox.clearLog();
    const finished = await start(interrupted);
    expect(finished.items.map((i) => i.status)).toEqual(['conflict', 'done']);
    const reads = sandbox.log.filter((r) => r.method === 'GET' && r.path.endsWith(`${target.id}/1`));
    expect(reads).toHaveLength(1);
    expect(await slot(1)).toMatchObject({ title: 'Someone', data: 'else' });
  });

  it('a cancelled job stops before its next write: written slots stay, the rest are marked cancelled', async () => {
    const job = newJob(P, 'import', target, twenty.slice(0, 9));
    await saveJob(job);
    let requested = false;
    const finished = await runJob(P, job.id, {
      ...deps(),
      onProgress(progress) {
        if (!requested && progress.items.some((i) => i.status === 'done')) {
          requested = true;
          requestStop(job.id);
        }
      },
    });
    expect(finished?.state).toBe('cancelled');
    const statuses = finished?.items.map((i) => i.status) ?? [];
    expect(statuses).toContain('cancelled');
    expect(statuses.every((s) => s === 'done' || s === 'cancelled')).toBe(true);
    const written = statuses.filter((s) => s === 'done').length;
    expect(sandbox.log.filter((r) => r.method === 'POST').length).toBeLessThanOrEqual(written + 2);
    expect((await readJob(P, job.id))?.state).toBe('cancelled');
  });

  it('a run that throws (storage full) ends the job failed with the reason, never running', async () => {
    const job = newJob(P, 'import', target, twenty.slice(0, 3));
    await saveJob(job);
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let calls = 0;
    // The quota is hit by the job's first progress update, and again after each room made for it
    // (cached answers, then older jobs' undo data); the failure itself can be stored again.
    fakeBrowser.storage.local.set = async (items) => {
      if (jobFamily.key(P, job.id) in items && ++calls <= 3) throw new Error('QUOTA_BYTES quota exceeded');
      return set(items);
    };
    const finished = await runJob(P, job.id, deps());
    fakeBrowser.storage.local.set = set;
    expect(finished?.state).toBe('failed');
    expect(finished?.error).toContain('QUOTA_BYTES quota exceeded');
    expect(finished?.items.every((i) => i.status !== 'pending' && i.status !== 'writing')).toBe(true);
    expect(await readJob(P, job.id)).toMatchObject({ state: 'failed' });
  });
});
