/**
 * The storage calls of a job's write path (each a slow round trip in Firefox, whose storage.local
 * is IndexedDB): a family's entries from one read of the area, values written together in one
 * call, and a job's item whose backup and slot history are stored in one call before its POST.
 * Against the sandbox over HTTP, with storage from wxt's fake browser.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Target } from '../../lib/api/schemas';
import { newJob } from '../../lib/jobs/job';
import { runJob } from '../../lib/jobs/runner';
import { cacheFamily } from '../../lib/storage/cache';
import { historyFamily, readHistory } from '../../lib/storage/history';
import { jobFamily, readJob, saveJob } from '../../lib/storage/jobs';
import { NewerVersionError } from '../../lib/storage/storage-problems';
import { writeTogether } from '../../lib/storage/stored-item';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { jobDeps } from './api-helpers';

const sandbox = useSandbox();
const target: Target = { kind: 'building', id: DEMO.buildings.juergen[0] };
const P = 'p-1';
const deps = () => jobDeps(sandbox);

type Call = { method: 'get' | 'set' | 'remove'; keys: string[]; values?: Record<string, unknown> };

/** Records every storage.local call (and what was sent at that moment) while `work` runs. */
async function recorded<T>(work: () => Promise<T>, onCall?: (call: Call) => void) {
  const area = fakeBrowser.storage.local as unknown as Record<
    Call['method'],
    (arg?: unknown) => Promise<unknown>
  >;
  const original = { get: area.get, set: area.set, remove: area.remove };
  const calls: Call[] = [];
  const keysOf = (arg: unknown): string[] =>
    arg === null || arg === undefined
      ? ['<all>']
      : typeof arg === 'string'
        ? [arg]
        : Array.isArray(arg)
          ? arg.map(String)
          : Object.keys(arg as object);
  for (const method of ['get', 'set', 'remove'] as const)
    area[method] = (arg?: unknown) => {
      const call: Call = {
        method,
        keys: keysOf(arg),
        ...(method === 'set' ? { values: arg as Record<string, unknown> } : {}),
      };
      calls.push(call);
      onCall?.(call);
      return original[method].call(area, arg);
    };
  try {
    return { result: await work(), calls };
  } finally {
    Object.assign(area, original);
  }
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe("a family's entries", () => {
  it('come from one read of the area, a corrupt one dropped alone', async () => {
    await cacheFamily.set({ savedAt: 1, value: 'a' }, P, 'one');
    await cacheFamily.set({ savedAt: 2, value: 'b' }, P, 'two');
    await fakeBrowser.storage.local.set({ [cacheFamily.key(P, 'bad')]: { v: 1, value: { savedAt: -5 } } });
    const { result, calls } = await recorded(() => cacheFamily.entries(P));
    expect(result.map((e) => e.parts)).toEqual([['one'], ['two']]);
    expect(calls.filter((c) => c.method === 'get')).toEqual([{ method: 'get', keys: ['<all>'] }]);
    expect(calls.filter((c) => c.method === 'remove')).toHaveLength(1);
    expect(await fakeBrowser.storage.local.get(cacheFamily.key(P, 'bad'))).toEqual({});
  });
});

describe('values written together', () => {
  it('go in one call, each in its envelope', async () => {
    const { calls } = await recorded(() =>
      writeTogether([
        cacheFamily.write({ savedAt: 1, value: 'a' }, P, 'one'),
        historyFamily.write([], P, 'building', 'b', '1'),
      ]),
    );
    expect(calls).toHaveLength(1);
    expect(await cacheFamily.get(P, 'one')).toEqual({ savedAt: 1, value: 'a' });
    expect(await historyFamily.get(P, 'building', 'b', '1')).toEqual([]);
  });

  it('are refused, none stored, while one key holds a newer version', async () => {
    const newer = cacheFamily.key(P, 'newer');
    await fakeBrowser.storage.local.set({ [newer]: { v: 9, value: {} } });
    expect(await cacheFamily.get(P, 'newer')).toBeNull();
    const write = writeTogether([
      cacheFamily.write({ savedAt: 1, value: 'a' }, P, 'one'),
      cacheFamily.write({ savedAt: 1, value: 'b' }, P, 'newer'),
    ]);
    await expect(write).rejects.toBeInstanceOf(NewerVersionError);
    expect(await cacheFamily.get(P, 'one')).toBeNull();
    expect((await fakeBrowser.storage.local.get(newer))[newer]).toEqual({ v: 9, value: {} });
  });
});

describe("a job's write path", () => {
  it("stores the item's backup and the slot's history in one call, before the POST", async () => {
    const job = newJob(P, 'import', target, [{ slot: 4, title: 'Neu', data: 'vier' }]);
    await saveJob(job);
    const historyKey = historyFamily.key(P, 'building', target.id, '4');
    const posts = () => sandbox.log.filter((r) => r.method === 'POST').length;
    const withHistory: { call: Call; postsBefore: number }[] = [];
    const { result, calls } = await recorded(
      () => runJob(P, job.id, deps()),
      (call) => {
        if (call.method === 'set' && call.keys.includes(historyKey))
          withHistory.push({ call, postsBefore: posts() });
      },
    );
    expect(result?.items[0]?.status).toBe('done');
    expect(withHistory).toHaveLength(1);
    const [{ call, postsBefore }] = withHistory as [(typeof withHistory)[number]];
    expect(postsBefore).toBe(0);
    expect(call.keys.sort()).toEqual([historyKey, jobFamily.key(P, job.id)].sort());
    const stored = call.values?.[jobFamily.key(P, job.id)] as { value: { items: { status: string }[] } };
    expect(stored.value.items[0]?.status).toBe('writing');
    expect((await readHistory(P, target, 4))[0]).toMatchObject({ jobId: job.id });
    // Writes: the read cached, the backup with the history, the written value cached, the item
    // done, the job finished (each stored apart, the history and the item's 'writing' were 6).
    expect(calls.filter((c) => c.method === 'set')).toHaveLength(5);
  });

  it('writes the slot even when storage is too full for its history: the item keeps the backup', async () => {
    const job = newJob(P, 'import', target, [{ slot: 5, title: 'Neu', data: 'fünf' }]);
    await saveJob(job);
    const before = (await fakeBrowser.storage.local.get(null)) as Record<string, unknown>;
    expect(Object.keys(before).some((k) => k.startsWith(historyFamily.key(P, '')))).toBe(false);
    const area = fakeBrowser.storage.local;
    const set = area.set.bind(area);
    area.set = async (items) => {
      if (Object.keys(items).some((k) => k.includes('.history:')))
        throw new Error('QUOTA_BYTES quota exceeded');
      return set(items);
    };
    try {
      const finished = await runJob(P, job.id, deps());
      expect(finished?.state).toBe('finished');
      expect(finished?.items[0]).toMatchObject({ status: 'done', previous: { title: expect.any(String) } });
    } finally {
      area.set = set;
    }
    expect(await readHistory(P, target, 5)).toEqual([]);
    expect((await readJob(P, job.id))?.items[0]?.status).toBe('done');
    expect(sandbox.log.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
