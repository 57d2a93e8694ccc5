/**
 * A backup holds what the server holds, and always restores: in the worker against the real
 * sandbox over HTTP (storage from wxt's fake browser, a real scheduler). A title another client
 * wrote past the extension's count (40 emoji: 40 characters to the server, 80 UTF-16 units to us)
 * is backed up, and its restore goes on with that one slot left as it is; a building list holding
 * an id that is no path segment backs up every other target and names that one as left out.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RequestScheduler } from '../../lib/api/scheduler';
import type { Target } from '../../lib/api/schemas';
import { createHandlers } from '../../lib/handlers';
import type { WorkerDeps } from '../../lib/connection';
import { jobSlotsOf } from '../../lib/jobs/multi-plan';
import { cacheFamily } from '../../lib/storage/cache';
import {
  type BackupJob,
  backupSlotsFamily,
  readBackup,
  readTargetValues,
  writeTargetValues,
} from '../../lib/storage/backup-jobs';
import { originPattern } from '../../lib/storage/settings';
import { writeSlotDirect } from '../sandbox/direct';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { signIn as signInAs } from './worker-helpers';

const sandbox = useSandbox();
let handlers: ReturnType<typeof createHandlers>;

beforeEach(() => {
  fakeBrowser.reset();
  const deps: WorkerDeps = {
    hasOriginPermission: async (pattern) => pattern === originPattern(sandbox.url),
    scheduler: new RequestScheduler(),
    timeoutMs: 2_000,
  };
  handlers = createHandlers(deps);
});

async function signIn(): Promise<string> {
  const profileId = await signInAs(handlers, sandbox, {
    token: DEMO.premium.token,
    secret: DEMO.premium.secret,
    premiumOverride: 'on',
  });
  sandbox.clearLog();
  return profileId;
}

async function settled(profileId: string): Promise<BackupJob> {
  for (let i = 0; i < 1_000; i++) {
    const job = await readBackup(profileId);
    if (job && job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the backup did not settle');
}

async function backUp(profileId: string) {
  const started = await handlers.startBackup({});
  if (!started.ok) throw new Error(JSON.stringify(started.error));
  const job = await settled(profileId);
  const file = await handlers.getBackupFile({});
  if (!file.ok) throw new Error(JSON.stringify(file.error));
  // As the page downloads it and a restore reads it back.
  return { job, document: JSON.parse(JSON.stringify(file.value.document)) as unknown };
}

const building = (id: string): Target => ({ kind: 'building', id });
const EMOJI_TITLE = '🏠'.repeat(40);

describe('a value the server holds past our count', () => {
  it('is backed up, and the restore goes on with that one slot shown and left as it is', async () => {
    const target = building('b-1001');
    // Another client writes it: the server counts 40 characters, within its 64.
    expect(await writeSlotDirect(sandbox, target, 3, { title: EMOJI_TITLE, data: 'Dach' })).toBe(200);
    const profileId = await signIn();
    const { document } = await backUp(profileId);
    await writeSlotDirect(sandbox, target, 3, { title: 'Changed since', data: 'by another client' });
    await writeSlotDirect(sandbox, target, 4, { title: 'Also changed', data: 'since' });
    // A later day: nothing the backup read is fresh any more, so every slot is read before writing.
    await cacheFamily.removeAll(profileId);

    const preview = await handlers.previewTargets({ document });
    if (!preview.ok) throw new Error(JSON.stringify(preview.error));
    if (preview.value.status !== 'ready') throw new Error(JSON.stringify(preview.value.problems));
    const plan = preview.value.targets.find((p) => p.target.id === target.id);
    expect(plan?.slots.find((s) => s.slot === 3)).toMatchObject({ title: EMOJI_TITLE, status: 'overLimit' });
    expect(preview.value.targets).toHaveLength(4);
    // Slot 4 and the others go on; slot 3 is not in the job.
    const jobSlots = jobSlotsOf(preview.value.targets);
    expect(jobSlots.some((s) => s.target.id === target.id && s.slot === 3)).toBe(false);
    expect(jobSlots.some((s) => s.target.id === target.id && s.slot === 4)).toBe(true);
    expect(jobSlots).toHaveLength(4 * 20 - 1);
  });

  it('is never written: a job sent with it is refused as too long', async () => {
    await signIn();
    const target = building('b-1001');
    const started = await handlers.startTargets({
      slots: [{ target, slot: 3, title: EMOJI_TITLE, data: 'Dach' }],
    });
    expect(started).toMatchObject({
      ok: false,
      error: { kind: 'invalidInput', message: 'targets[0].slots[0].title: 80 characters, at most 64' },
    });
  });
});

describe('a building list holding an id that is no path segment', () => {
  it('backs up every other target and names each such one as left out, with why', async () => {
    const odd = ['..', 'a/b', 'x'.repeat(300)];
    sandbox.changeData((data) => {
      const model = data.buildings.find((b) => b.id === 'b-1001');
      if (!model) throw new Error('no b-1001');
      for (const id of odd) data.buildings.push({ ...structuredClone(model), id, label: `Odd ${id.length}` });
    });
    const profileId = await signIn();
    const { job, document } = await backUp(profileId);
    expect(job.state).toBe('finished');
    expect(job.targets.map((t) => [t.target.id, t.outcome])).toEqual([
      ...DEMO.buildings.juergen.map((id) => [id, 'done']),
      ['f-501', 'done'],
    ]);
    expect(job.leftOut).toEqual([
      {
        kind: 'building',
        id: '..',
        name: 'Odd 2',
        reason: 'id must not be “.” or “..” (they name another path of the API)',
      },
      {
        kind: 'building',
        id: 'a/b',
        name: 'Odd 3',
        reason: 'id must not contain “/”, “\\”, “%” or control characters (one path segment only)',
      },
      { kind: 'building', id: `${'x'.repeat(39)}…`, name: 'Odd 300', reason: 'id at most 200 characters' },
    ]);
    expect((document as { targets: unknown[] }).targets).toHaveLength(4);
    expect(sandbox.log.filter((r) => r.path.includes('/options/') && !/b-\d+|f-\d+/.test(r.path))).toEqual(
      [],
    );
  });
});

/** Every key and string of a stored value. */
const texts = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, item]) => [key, ...texts(item)])
      : [];

describe('a document piece ending in half an emoji', () => {
  const LONE = /[\uD800-\uDFFF]/u;
  const piece = `${'x'.repeat(2299)}\ud83d`;

  it('is stored as text storage can carry (Chromium stores U+FFFD for a lone surrogate), and read back exactly', async () => {
    const target = building('b-1001');
    const slots = { '2': { title: 'site:1', data: piece, lastUpdated: null } };
    await writeTargetValues('p-1', 'job-1', target, slots);
    const key = backupSlotsFamily.key('p-1', 'job-1', target.kind, target.id);
    // Every text the area holds is well-formed: the lone surrogate is carried as an escape.
    const stored: unknown = (await fakeBrowser.storage.local.get(key))[key];
    expect(texts(stored).filter((text) => LONE.test(text))).toEqual([]);
    expect((await readTargetValues('p-1', 'job-1', target))['2']?.data).toBe(piece);
  });
});
