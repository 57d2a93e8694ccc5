/** Settings handlers: the only place where the token and secret are written or probed. */
import * as api from '../api/client';
import { type ApiConfig, placed } from '../api/http-config';
import { type ApiError, fail, ok, type Result } from '../api/errors';
import type { BuildingListEntry } from '../api/schemas';
import type { SettingsInput, SettingsView } from '../messaging/protocol';
import type { AppError } from '../app-error';
import type { Handlers, MessageContext } from '../messaging/router';
import { profileCredentials, readCredentials, writeCredentials } from '../storage/credentials';
import {
  type Profile,
  activeProfile,
  newProfile,
  profilesItem,
  replaceProfile,
  updateProfiles,
} from '../storage/profiles';
import { BaseUrl, effectivePremium, originOf, originPattern } from '../storage/settings';
import { type WorkerDeps, apiConfig } from '../connection';
import { removeAccountData } from './account-data';
import { probeScopes } from './probe';
import { discoveryOf } from '../factories/discovery';
import { familiesKeptUnlessAsked } from '../storage/registry';

export async function viewOf(profile: Profile): Promise<SettingsView> {
  const credentials = await profileCredentials(profile);
  return {
    ...profile,
    profileId: profile.id,
    hasToken: credentials.token !== '',
    hasSecret: credentials.secret !== '',
    premium: effectivePremium(profile),
  };
}

/** The profile a settings message is for; on a fresh install the first one is made. */
async function targetProfile(
  input: { profileId?: string | undefined },
  context: MessageContext,
): Promise<Profile> {
  const state = await profilesItem.get();
  const id = input.profileId ?? context?.profile ?? state.active;
  const found = state.list.find((p) => p.id === id) ?? activeProfile(state);
  if (found) return found;
  const first = newProfile('Account 1', state.list.length);
  await updateProfiles((s) => ({ active: s.active ?? first.id, list: [...s.list, first] }));
  return first;
}

interface Candidate {
  profile: Profile;
  baseUrl: string;
  token: string;
  secret: string;
  /** The token or the origin differs from what was stored: cached answers and queued work go. */
  changedAccount: boolean;
}

/**
 * Validates the form against what is stored. Empty token or secret fields keep the stored ones, but
 * only for the origin they were entered for: a new base URL needs them typed again.
 */
async function candidateOf(
  input: SettingsInput,
  context: MessageContext,
  deps: WorkerDeps,
): Promise<Result<Candidate, AppError>> {
  const baseUrl = BaseUrl.safeParse(input.baseUrl);
  if (!baseUrl.success) {
    return fail({ kind: 'invalidInput', field: 'baseUrl', message: baseUrl.error.issues[0]?.message ?? '' });
  }
  const profile = await targetProfile(input, context);
  const origin = originOf(baseUrl.data);
  const stored = await readCredentials(profile.id, profile.secretPersistence, origin);
  const token = input.token.trim() || stored.token;
  if (!token) {
    const hadToken = profile.baseUrl !== '' && originOf(profile.baseUrl) !== origin;
    return fail({
      kind: 'invalidInput',
      field: 'token',
      message: hadToken ? 'token.reenter' : 'token.required',
    });
  }
  const pattern = originPattern(baseUrl.data);
  if (!(await deps.hasOriginPermission(pattern))) return fail({ kind: 'permissionMissing', origin: pattern });
  const changedAccount =
    token !== stored.token || (profile.baseUrl !== '' && originOf(profile.baseUrl) !== origin);
  return ok({
    profile,
    baseUrl: baseUrl.data,
    token,
    secret: input.secret.trim() || stored.secret,
    changedAccount,
  });
}

/**
 * Premium is what slot 11 of one of the character's buildings says: readable with premium only.
 * Refused as forbidden, or as unauthorized with a message naming premium (the live service), = no premium.
 */
export async function detectPremium(
  config: ApiConfig,
  buildings: BuildingListEntry[],
): Promise<boolean | null> {
  const first = buildings[0];
  if (!first) return null;
  const probe = await api.readBuildingOption(config, first.id, 11);
  if (probe.ok) return true;
  return refusedForPremium(probe.error) ? false : null;
}

export const refusedForPremium = (error: ApiError) =>
  error.kind === 'forbidden' || error.kind === 'premiumRequired';

/** A refused token stops the save; any other failure (offline, server down) does not. */
const refusesSave = (error: ApiError) => error.kind === 'unauthorized';

export function settingsHandlers(
  deps: WorkerDeps,
): Pick<Handlers, 'getSettings' | 'saveSettings' | 'testConnection'> {
  return {
    async getSettings(payload, context) {
      return ok(await viewOf(await targetProfile(payload, context ?? { profile: null })));
    },

    async saveSettings(input, context) {
      const candidate = await candidateOf(input, context ?? { profile: null }, deps);
      if (!candidate.ok) return candidate;
      const { profile, baseUrl, token, secret, changedAccount } = candidate.value;
      // Saving never waits behind the key's data queue (a long Retry-After there): its checks go at
      // once, and one refused with 429 leaves premium unknown instead of holding the save.
      const config = placed(apiConfig(deps, baseUrl, token, secret), 'user', { skipWait: true });
      const buildings = await api.listBuildings(config);
      if (!buildings.ok && refusesSave(buildings.error)) return buildings;
      // Premium is probed once per key and remembered.
      const detectedPremium =
        !changedAccount && profile.detectedPremium !== null
          ? profile.detectedPremium
          : buildings.ok
            ? await detectPremium(config, buildings.value)
            : null;
      const next: Profile = {
        ...profile,
        baseUrl,
        secretPersistence: input.secretPersistence,
        premiumOverride: input.premiumOverride,
        requestsPerMinute:
          input.requestsPerMinute === undefined ? profile.requestsPerMinute : input.requestsPerMinute,
        freshnessMinutes: input.freshnessMinutes ?? profile.freshnessMinutes,
        detectedPremium,
        // Pages showing the previous account's data render anew.
        epoch: changedAccount ? profile.epoch + 1 : profile.epoch,
      };
      await writeCredentials(profile.id, next.secretPersistence, {
        token,
        secret,
        origin: originOf(baseUrl),
      });
      if (changedAccount) {
        // Drafts and history are kept as a sign-out keeps them; they belong to the old account's
        // targets, which the new account's lists never show.
        const keptUnlessAsked = familiesKeptUnlessAsked();
        await removeAccountData(
          deps,
          profile.id,
          (family) => family === 'credentials' || keptUnlessAsked.has(family),
        );
      }
      await updateProfiles((state) => replaceProfile(state, next));
      return ok(await viewOf(next));
    },

    async testConnection(input, context) {
      const candidate = await candidateOf(input, context ?? { profile: null }, deps);
      if (!candidate.ok) return candidate;
      const { baseUrl, token, secret } = candidate.value;
      const config = placed(apiConfig(deps, baseUrl, token, secret), 'user');
      const buildings = await api.listBuildings(config);
      if (!buildings.ok) return buildings;
      const premium = await detectPremium(config, buildings.value);
      const probes = placed(config, 'background');
      const [scopes, listed] = await Promise.all([
        probeScopes(probes, buildings.value[0]?.id ?? null, premium),
        api.listFactories(config),
      ]);
      const discovery = discoveryOf(listed);
      const factories = !discovery.ok
        ? { reason: 'unexpected' as const, detail: discovery.error.kind }
        : (discovery.value.unavailable ?? { count: discovery.value.factories.length });
      return ok({ buildings: buildings.value, premium, ...scopes, factories });
    },
  };
}
