/**
 * The registry of stored names (lib/storage/names.ts): every item and family the extension declares
 * uses a registered name, no two share one, and sign-out and the budgets cover every family a
 * profile owns.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '../../lib/handlers';
import { backupFamily, backupSlotsFamily } from '../../lib/storage/backup-jobs';
import { cacheFamily } from '../../lib/storage/cache';
import { credentialFamilies } from '../../lib/storage/credentials';
import { currentTargetFamily } from '../../lib/storage/current-target';
import { dashboardTabItem } from '../../lib/storage/dashboard-tab';
import { documentDraftFamily } from '../../lib/storage/document-drafts';
import { draftFamily } from '../../lib/storage/drafts';
import { firstViewItem } from '../../lib/storage/first-view';
import { targetsFamily } from '../../lib/storage/factories';
import { historyFamily } from '../../lib/storage/history';
import { jobFamily } from '../../lib/storage/import-jobs';
import { labelsFamily } from '../../lib/storage/labels';
import { alertBaselineFamily, portfolioFamily, portfolioSettingsItem } from '../../lib/storage/portfolio';
import {
  type Bound,
  FAMILIES,
  FAMILY_BOUNDS,
  type FamilyName,
  ITEM_KEYS,
  familyKeyName,
} from '../../lib/storage/names';
import { PROFILE_BUDGETS } from '../../lib/storage/quota';
import { newProfile, profilesItem } from '../../lib/storage/profiles';
import { requestQueuesItem } from '../../lib/storage/request-queues';
import { schedulerStateItem } from '../../lib/storage/scheduler-state';

const FAMILY_OBJECTS = [
  cacheFamily,
  historyFamily,
  draftFamily,
  documentDraftFamily,
  jobFamily,
  labelsFamily,
  portfolioFamily,
  alertBaselineFamily,
  currentTargetFamily,
  targetsFamily,
  credentialFamilies.local,
  credentialFamilies.session,
  backupFamily,
  backupSlotsFamily,
];
const ITEM_OBJECTS = [
  profilesItem,
  firstViewItem,
  portfolioSettingsItem,
  requestQueuesItem,
  schedulerStateItem,
  dashboardTabItem('popup'),
  dashboardTabItem('sidepanel'),
  dashboardTabItem('dashboard'),
];
const NAMES = Object.keys(FAMILIES) as FamilyName[];

beforeEach(() => fakeBrowser.reset());

describe('stored names', () => {
  it('every declared family is registered, and no two share an area and a name', () => {
    const declared = FAMILY_OBJECTS.map((f) => `${f.area}:${f.name}`);
    const registered = NAMES.map((n) => `${FAMILIES[n].area}:${familyKeyName(n)}`);
    expect(new Set(declared).size).toBe(declared.length);
    expect(new Set(registered).size).toBe(registered.length);
    expect(declared.sort()).toEqual(registered.sort());
  });

  it('every declared item is registered, no two share a key, and none looks like a profile key', () => {
    const keys = Object.values(ITEM_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    for (const item of ITEM_OBJECTS) expect(keys).toContain(item.key);
    for (const key of keys) expect(key.startsWith('p.')).toBe(false);
  });

  it('every family has a byte budget or says what bounds it; the budgets are the byte ones', () => {
    for (const name of NAMES) {
      const bound: Bound = FAMILY_BOUNDS[name];
      expect('budget' in bound ? PROFILE_BUDGETS[bound.budget] > 0 : bound.boundedBy.length > 0).toBe(true);
    }
    const withBudget = NAMES.filter((n) => 'budget' in FAMILY_BOUNDS[n]);
    expect(Object.keys(PROFILE_BUDGETS).sort()).toEqual(withBudget.sort());
  });
});

describe('sign-out covers every per-profile family', () => {
  /** One entry of every registered family for the profile, written as the families store them. */
  async function fillEveryFamily(profileId: string): Promise<void> {
    for (const name of NAMES) {
      const key = `p.${profileId}.${familyKeyName(name)}:x`;
      await fakeBrowser.storage[FAMILIES[name].area].set({ [key]: { v: 1, value: null } });
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

  it('keeps exactly the families that ask first otherwise', async () => {
    const askFirst = NAMES.filter((n) => FAMILIES[n].signOut === 'askFirst').map(familyKeyName);
    expect(await signedOut(false)).toEqual(askFirst.sort());
  });
});
