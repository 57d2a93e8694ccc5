/**
 * Stored lists lose only their bad entries, and a value written by a newer version of the extension
 * is kept untouched (issue 21, items 3 and 8): profiles, history, credentials of unlisted ids, in
 * wxt's fake extension storage.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Target } from '../../lib/api/schemas';
import { createHandlers } from '../../lib/handlers';
import { readCredentials, removeUnlistedCredentials, writeCredentials } from '../../lib/storage/credentials';
import { historyFamily, readHistory } from '../../lib/storage/history';
import { pushHistory } from '../../lib/storage/keep-replaced';
import { newProfile, profilesItem, updateProfiles } from '../../lib/storage/profiles';
import { type StorageProblem, onStorageProblem } from '../../lib/storage/storage-problems';

const handlers = createHandlers({ hasOriginPermission: async () => true });
const BASE = 'http://127.0.0.1:9';
const building: Target = { kind: 'building', id: 'b-1001' };
let problems: StorageProblem[];
let stop: () => void;

beforeEach(() => {
  fakeBrowser.reset();
  problems = [];
  stop = onStorageProblem((problem) => problems.push(problem));
});
afterEach(() => stop());

const local = () => fakeBrowser.storage.local.get(null) as Promise<Record<string, unknown>>;
const account = (name: string, index: number) => ({ ...newProfile(name, index), baseUrl: BASE });
const credentialsFor = (id: string) =>
  writeCredentials(id, 'session', { token: `token-${id}`, secret: `secret-${id}`, origin: BASE });

describe('profiles (item 3)', () => {
  it('one bad profile entry (colour #ABC) is dropped alone: the other accounts stay, with their tokens', async () => {
    const [a, b, bad] = [
      account('Haupt', 0),
      account('Zweit', 1),
      { ...account('Kaputt', 2), color: '#ABC' },
    ];
    // The active one is the bad one: the first remaining account becomes active, none is made anew.
    await fakeBrowser.storage.local.set({ profiles: { v: 1, value: { active: bad.id, list: [a, b, bad] } } });
    for (const p of [a, b, bad]) await credentialsFor(p.id);

    const settings = await handlers.getSettings({});
    expect(settings).toMatchObject({ ok: true, value: { profileId: a.id, name: 'Haupt', hasToken: true } });
    expect((await profilesItem.get()).list.map((p) => p.name)).toEqual(['Haupt', 'Zweit']);
    expect(problems).toEqual([
      expect.objectContaining({ key: 'profiles', reason: expect.stringContaining('entry 2.color') }),
    ]);
    // Stored without the bad entry, the others untouched.
    expect((await local()).profiles).toEqual({ v: 1, value: { active: a.id, list: [a, b] } });
    // Its credentials now belong to no profile: removed at the next start, the others kept.
    expect(await removeUnlistedCredentials()).toBe(1);
    expect(await readCredentials(bad.id, 'session', BASE)).toEqual({ token: '', secret: '' });
    expect(await readCredentials(b.id, 'session', BASE)).toEqual({
      token: `token-${b.id}`,
      secret: `secret-${b.id}`,
    });
  });

  it('profiles written by a newer version (v: 2) are kept untouched, reported as such, never replaced by a fresh account', async () => {
    const stored = { v: 2, value: { accounts: [{ id: 'neu-1', name: 'Aus der Zukunft' }] } };
    await fakeBrowser.storage.local.set({ profiles: stored });
    await credentialsFor('neu-1');

    await expect(handlers.getSettings({})).rejects.toThrow(/newer version of the extension \(version 2\)/);
    await expect(updateProfiles((s) => ({ ...s, list: [account('Account 1', 0)] }))).rejects.toThrow(
      /newer version/,
    );
    expect((await local()).profiles).toEqual(stored);
    expect(await profilesItem.newerVersion()).toBe(2);
    expect(problems.some((p) => p.key === 'profiles' && p.newer === 2)).toBe(true);
    // Their ids cannot be known: no credentials are removed.
    expect(await removeUnlistedCredentials()).toBe(0);
    expect(await readCredentials('neu-1', 'session', BASE)).toEqual({
      token: 'token-neu-1',
      secret: 'secret-neu-1',
    });
  });

  it('credentials of ids no profile lists are removed at start, in both areas; listed ones stay', async () => {
    const a = account('Haupt', 0);
    await profilesItem.set({ active: a.id, list: [a] });
    await credentialsFor(a.id);
    await credentialsFor('verwaist');
    await writeCredentials('auch-verwaist', 'local', { token: 't', secret: 's', origin: BASE });
    expect(await removeUnlistedCredentials()).toBe(2);
    const keys = [
      ...Object.keys(await fakeBrowser.storage.session.get(null)),
      ...Object.keys(await local()),
    ].filter((k) => k.includes('credentials'));
    expect(keys).toEqual([`p.${a.id}.credentials:`]);
  });
});

describe('history (item 8)', () => {
  const entry = (title: string, time: unknown = 1_700_000_000_000) => ({
    time,
    title,
    data: title,
    lastUpdated: null,
  });

  it('one damaged history entry drops only that entry', async () => {
    const key = historyFamily.key('p-1', 'building', 'b-1001', '3');
    await fakeBrowser.storage.local.set({
      [key]: { v: 1, value: [entry('neu'), entry('kaputt', 'gestern'), entry('alt')] },
    });
    expect((await readHistory('p-1', building, 3)).map((e) => e.title)).toEqual(['neu', 'alt']);
    expect(problems).toEqual([
      expect.objectContaining({ key, reason: expect.stringContaining('entry 1.time') }),
    ]);
    expect((await local())[key]).toEqual({ v: 1, value: [entry('neu'), entry('alt')] });
  });

  it('a history written by a newer version is kept untouched and never overwritten', async () => {
    const key = historyFamily.key('p-1', 'building', 'b-1001', '4');
    const stored = { v: 2, value: { entries: [entry('aus der Zukunft')] } };
    await fakeBrowser.storage.local.set({ [key]: stored });
    expect(await readHistory('p-1', building, 4)).toEqual([]);
    await expect(pushHistory('p-1', building, 4, entry('jetzt') as never)).rejects.toThrow(/newer version/);
    expect((await local())[key]).toEqual(stored);
  });
});
