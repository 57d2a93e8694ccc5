/**
 * Profiles: add, rename, duplicate (without the secret), remove, switch, and sign-out ("Forget"),
 * which takes the token, the secret, the cached answers and the queued and running work of the
 * profile at once, and its drafts and history only when the user says so.
 */
import { fail, ok } from '../api/errors';
import { queueIdOf } from '../api/scheduler-types';
import type { ProfilesView } from '../messaging/protocol';
import type { Handlers } from '../messaging/router';
import { profileBudgets } from '../storage/storage-room';
import { cacheFamily } from '../storage/cache';
import { forgetCredentials, profileCredentials, writeCredentials } from '../storage/credentials';
import { draftFamily } from '../storage/drafts';
import { profileUsage } from '../storage/family';
import { documentDraftFamily } from '../storage/document-drafts';
import { dropFirstView, firstViewUsage, refreshFirstView, withFirstView } from '../storage/first-view';
import { historyFamily } from '../storage/history';
import {
  type Profile,
  type Profiles,
  PROFILE_COLORS,
  newProfile,
  newProfileId,
  profilesItem,
  readProfile,
  replaceProfile,
  updateProfiles,
} from '../storage/profiles';
import { familiesKeptUnlessAsked } from '../storage/registry';
import { backupBudget } from '../storage/quota';
import { originOf } from '../storage/settings';
import { type WorkerDeps, endAccountRequests } from '../connection';
import { removeAccountData } from './account-data';

const hasToken = async (profile: Profile) => (await profileCredentials(profile)).token !== '';

export async function profilesView(state: Profiles): Promise<ProfilesView> {
  const list = await Promise.all(
    state.list.map(async (p) => ({
      id: p.id,
      name: p.name,
      color: p.color,
      baseUrl: p.baseUrl,
      hasToken: await hasToken(p),
      epoch: p.epoch,
    })),
  );
  return { active: state.active, list };
}

const answer = async (state: Profiles) => ok(await profilesView(state));
const notFound = (id: string) => fail({ kind: 'badMessage' as const, message: `no profile ${id}` });

/** The scheduler queue of a profile's key, while it has one. */
async function accountQueue(profileId: string) {
  const profile = await readProfile(profileId);
  if (!profile?.baseUrl) return null;
  const { token } = await profileCredentials(profile);
  return token ? queueIdOf(profile.baseUrl, token) : null;
}

/** Removes what the profile's account produced; drafts and history only when asked. */
async function signOut(deps: WorkerDeps, profileId: string, deleteDraftsAndHistory: boolean): Promise<void> {
  // Without credentials no new request starts; then every queued or running one ends, unsent or
  // unanswered, before what the account produced is removed. The key's wait ends too: signing in
  // again must not find it blocked.
  const queue = await accountQueue(profileId);
  await forgetCredentials(profileId);
  endAccountRequests(profileId);
  if (queue) deps.scheduler?.endWait(queue);
  const keptUnlessAsked = familiesKeptUnlessAsked();
  await removeAccountData(
    deps,
    profileId,
    (family) => !deleteDraftsAndHistory && keptUnlessAsked.has(family),
  );
}

async function usage(profileId: string) {
  const families = Object.fromEntries(await profileUsage('local', profileId));
  const firstView = await firstViewUsage(profileId);
  return {
    families: { ...families, ...(firstView ? { firstView } : {}) },
    budgets: {
      ...(await profileBudgets()),
      backupSlots: backupBudget((await profilesItem.get()).list.length),
    },
  };
}

export function profileHandlers(
  deps: WorkerDeps,
): Pick<
  Handlers,
  | 'listProfiles'
  | 'addProfile'
  | 'updateProfileMeta'
  | 'duplicateProfile'
  | 'removeProfile'
  | 'activateProfile'
  | 'forgetProfile'
  | 'profileStorage'
  | 'clearProfileData'
> {
  return {
    async listProfiles() {
      return answer(await profilesItem.get());
    },

    async addProfile({ name, color }) {
      const state = await updateProfiles((s) => {
        const profile = newProfile(name ?? `Account ${s.list.length + 1}`, s.list.length);
        return {
          active: s.active ?? profile.id,
          list: [...s.list, { ...profile, ...(color ? { color } : {}) }],
        };
      });
      return answer(state);
    },

    async updateProfileMeta({ id, name, color }) {
      const state = await profilesItem.get();
      const profile = state.list.find((p) => p.id === id);
      if (!profile) return notFound(id);
      return answer(await updateProfiles((s) => replaceProfile(s, { ...profile, name, color })));
    },

    /** A copy of the settings and the token, never the secret: writing needs it typed again. */
    async duplicateProfile({ id }) {
      const source = (await profilesItem.get()).list.find((p) => p.id === id);
      if (!source) return notFound(id);
      const copy: Profile = { ...source, id: newProfileId(), name: `${source.name} (copy)`.slice(0, 40) };
      const state = await updateProfiles((s) => ({
        ...s,
        list: [
          ...s.list,
          { ...copy, color: PROFILE_COLORS[s.list.length % PROFILE_COLORS.length] ?? copy.color },
        ],
      }));
      if (source.baseUrl) {
        const origin = originOf(source.baseUrl);
        const { token } = await profileCredentials(source);
        if (token) await writeCredentials(copy.id, copy.secretPersistence, { token, secret: '', origin });
      }
      return answer(state);
    },

    async removeProfile({ id }) {
      if (!(await profilesItem.get()).list.some((p) => p.id === id)) return notFound(id);
      await signOut(deps, id, true);
      const state = await updateProfiles((s) => {
        const list = s.list.filter((p) => p.id !== id);
        return { active: s.active === id ? (list[0]?.id ?? null) : s.active, list };
      });
      await refreshFirstView();
      return answer(state);
    },

    async activateProfile({ id }) {
      if (!(await profilesItem.get()).list.some((p) => p.id === id)) return notFound(id);
      const state = await updateProfiles((s) => ({ ...s, active: id }));
      await refreshFirstView();
      return answer(state);
    },

    async forgetProfile({ id, deleteDraftsAndHistory }) {
      const profile = (await profilesItem.get()).list.find((p) => p.id === id);
      if (!profile) return notFound(id);
      await signOut(deps, id, deleteDraftsAndHistory);
      return answer(
        await updateProfiles((s) =>
          replaceProfile(s, { ...profile, detectedPremium: null, epoch: profile.epoch + 1 }),
        ),
      );
    },

    async profileStorage({ id }) {
      return ok(await usage(id));
    },

    async clearProfileData({ id, families }) {
      const all = { cache: cacheFamily, draft: draftFamily, history: historyFamily };
      await withFirstView(async () => {
        for (const family of families) await all[family].removeAll(id);
        // A document's draft goes with the slot drafts.
        if (families.includes('draft')) await documentDraftFamily.removeAll(id);
        if (families.includes('cache')) await dropFirstView(id);
      });
      return ok(await usage(id));
    },
  };
}
