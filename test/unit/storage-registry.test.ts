/**
 * The registry of stored values (lib/storage/registry.ts), read from the registry itself: every
 * value the storage folder declares is registered once with its sign-out rule and bound, the worker
 * loads every declaration (so a sign-out knows every family's rule), and sign-out does what each
 * family's declaration says.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '../../lib/handlers';
import { PROFILE_BUDGETS } from '../../lib/storage/quota';
import { newProfile, profilesItem } from '../../lib/storage/profiles';
import { type Declared, declaredValues } from '../../lib/storage/registry';
import { STORED_FAMILIES, STORED_ITEMS } from '../../lib/storage/stored-names';

/** Every module of lib/storage, so every declaration in the folder has run. */
const storageModules = import.meta.glob('../../lib/storage/*.ts');
const loadEveryDeclaration = () => Promise.all(Object.values(storageModules).map((load) => load()));
const idOf = (d: Declared) => `${d.area}:${d.name}`;

beforeEach(() => fakeBrowser.reset());

describe('the registry', () => {
  it('holds every declaration of the storage folder once, each with a bound', async () => {
    await loadEveryDeclaration();
    const all = declaredValues();
    expect(all.length).toBeGreaterThan(20);
    for (const value of all) {
      const { bound } = value;
      expect('budget' in bound ? PROFILE_BUDGETS[bound.budget] > 0 : bound.boundedBy.length > 0).toBe(true);
    }
    const withBudget = all.filter((d) => 'budget' in d.bound).map((d) => d.name);
    expect(withBudget.sort()).toEqual(Object.keys(PROFILE_BUDGETS).sort());
  });

  it('is declared exactly as stored-names.ts lists every name', async () => {
    await loadEveryDeclaration();
    const listed = (kind: 'item' | 'family', lists: Record<string, Record<string, string>>) =>
      Object.entries(lists).flatMap(([area, names]) =>
        Object.keys(names).map((name) => `${kind} ${area}:${name}`),
      );
    const declared = declaredValues().map((d) => `${d.kind} ${idOf(d)}`);
    expect(declared.sort()).toEqual(
      [...listed('item', STORED_ITEMS), ...listed('family', STORED_FAMILIES)].sort(),
    );
  });

  it('refuses a value under a name stored-names.ts does not list', async () => {
    const { singleItem } = await import('../../lib/storage/registry');
    const { z } = await import('../../lib/zod');
    expect(() =>
      singleItem('local', 'unlisted', z.string(), {
        version: 1,
        signOut: 'kept',
        bound: { boundedBy: 'test' },
        fallback: () => '',
      }),
    ).toThrow(/local:unlisted is not listed/);
  });

  it('refuses a second value under a name already declared', async () => {
    await loadEveryDeclaration();
    const { profileFamily } = await import('../../lib/storage/registry');
    const { z } = await import('../../lib/zod');
    expect(() =>
      profileFamily('cache', z.string(), { version: 1, signOut: 'removed', bound: { boundedBy: 'test' } }),
    ).toThrow(/local:cache/);
  });

  // A sign-out removes every key of the profile but those of the families that ask first: each of
  // those must be declared in the worker by then, or its entries would go without asking.
  it('the worker loads the declaration of every family that asks first', async () => {
    vi.resetModules();
    const registry = await import('../../lib/storage/registry');
    const familyIds = () =>
      registry
        .declaredValues()
        .filter((d) => d.kind === 'family' && d.signOut === 'askFirst')
        .map(idOf)
        .sort();
    await import('../../lib/handlers');
    const loadedByWorker = familyIds();
    await loadEveryDeclaration();
    expect(familyIds()).toEqual(loadedByWorker);
  });
});

describe('sign-out follows each family’s declaration', () => {
  async function families(): Promise<Declared[]> {
    await loadEveryDeclaration();
    return declaredValues().filter((d) => d.kind === 'family');
  }

  /** One entry of every declared family for the profile, written as the families store them. */
  async function fillEveryFamily(profileId: string): Promise<void> {
    for (const family of await families()) {
      const key = `p.${profileId}.${family.name}:x`;
      await fakeBrowser.storage[family.area].set({ [key]: { v: 1, value: null } });
    }
  }
  const familiesLeft = async (profileId: string) => {
    const keys = [
      ...Object.keys(await fakeBrowser.storage.local.get(null)),
      ...Object.keys(await fakeBrowser.storage.session.get(null)),
    ];
    return keys
      .filter((k) => k.startsWith(`p.${profileId}.`))
      .map((k) => k.slice(`p.${profileId}.`.length).split(':')[0] ?? '')
      .sort();
  };

  async function signedOut(deleteDraftsAndHistory: boolean): Promise<string[]> {
    fakeBrowser.reset();
    const profile = newProfile('Erstes Konto', 0);
    await profilesItem.set({ active: profile.id, list: [profile] });
    await fillEveryFamily(profile.id);
    const handlers = createHandlers({ hasOriginPermission: async () => true, timeoutMs: 3_000 });
    expect((await handlers.forgetProfile({ id: profile.id, deleteDraftsAndHistory })).ok).toBe(true);
    return familiesLeft(profile.id);
  }

  it('removes every family when drafts and history go too', async () => {
    expect(await signedOut(true)).toEqual([]);
  });

  it('keeps exactly the families whose declaration asks first otherwise', async () => {
    const askFirst = (await families()).filter((f) => f.signOut === 'askFirst').map((f) => f.name);
    expect(askFirst.sort()).toEqual(['docDraft', 'draft', 'history']);
    expect(await signedOut(false)).toEqual(askFirst.sort());
  });
});
