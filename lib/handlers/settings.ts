/** Settings handlers: the only place where the token and secret are written, probed or forgotten. */
import * as api from '../api/client';
import { type ApiError, fail, ok, type Result } from '../api/errors';
import type { BuildingListEntry } from '../api/schemas';
import type { AppError, SettingsInput, SettingsView } from '../messaging/protocol';
import type { Handlers } from '../messaging/router';
import { forgetCredentials, readCredentials, writeCredentials } from '../storage/credentials';
import { BaseUrl, type Settings, effectivePremium, originPattern, settingsItem } from '../storage/settings';
import { probeScopes } from './probe';
import { type WorkerDeps, apiConfig } from './context';

async function viewOf(settings: Settings): Promise<SettingsView> {
  const credentials = await readCredentials(settings.secretPersistence);
  return {
    ...settings,
    hasToken: credentials.token !== '',
    hasSecret: credentials.secret !== '',
    premium: effectivePremium(settings),
  };
}

interface Candidate {
  baseUrl: string;
  token: string;
  secret: string;
}

/** Validates the form against what is stored: empty token or secret fields keep the stored ones. */
async function candidateOf(input: SettingsInput, deps: WorkerDeps): Promise<Result<Candidate, AppError>> {
  const baseUrl = BaseUrl.safeParse(input.baseUrl);
  if (!baseUrl.success) {
    return fail({ kind: 'invalidInput', field: 'baseUrl', message: baseUrl.error.issues[0]?.message ?? '' });
  }
  const stored = await readCredentials((await settingsItem.get()).secretPersistence);
  const token = input.token.trim() || stored.token;
  if (!token) return fail({ kind: 'invalidInput', field: 'token', message: 'token.required' });
  const pattern = originPattern(baseUrl.data);
  if (!(await deps.hasOriginPermission(pattern))) return fail({ kind: 'permissionMissing', origin: pattern });
  return ok({ baseUrl: baseUrl.data, token, secret: input.secret.trim() || stored.secret });
}

/** Premium is what slot 11 of one of the character's buildings says: readable with premium only. */
async function detectPremium(config: api.ApiConfig, buildings: BuildingListEntry[]): Promise<boolean | null> {
  const first = buildings[0];
  if (!first) return null;
  const probe = await api.readBuildingOption(config, first.id, 11);
  if (probe.ok) return true;
  return probe.error.kind === 'forbidden' ? false : null;
}

/** A refused token stops the save; any other failure (offline, server down) does not. */
const refusesSave = (error: ApiError) => error.kind === 'unauthorized';

export function settingsHandlers(
  deps: WorkerDeps,
): Pick<Handlers, 'getSettings' | 'saveSettings' | 'forgetCredentials' | 'testConnection'> {
  return {
    async getSettings() {
      return ok(await viewOf(await settingsItem.get()));
    },

    async saveSettings(input) {
      const candidate = await candidateOf(input, deps);
      if (!candidate.ok) return candidate;
      const { baseUrl, token, secret } = candidate.value;
      const config = api.placed(apiConfig(deps, baseUrl, token), 'user');
      const buildings = await api.listBuildings(config);
      if (!buildings.ok && refusesSave(buildings.error)) return buildings;
      const detectedPremium = buildings.ok ? await detectPremium(config, buildings.value) : null;
      const settings: Settings = {
        baseUrl,
        secretPersistence: input.secretPersistence,
        premiumOverride: input.premiumOverride,
        detectedPremium,
      };
      await writeCredentials(settings.secretPersistence, { token, secret });
      await settingsItem.set(settings);
      return ok(await viewOf(settings));
    },

    async forgetCredentials() {
      await forgetCredentials();
      const settings = { ...(await settingsItem.get()), detectedPremium: null };
      await settingsItem.set(settings);
      return ok(await viewOf(settings));
    },

    async testConnection(input) {
      const candidate = await candidateOf(input, deps);
      if (!candidate.ok) return candidate;
      const config = api.placed(apiConfig(deps, candidate.value.baseUrl, candidate.value.token), 'user');
      const buildings = await api.listBuildings(config);
      if (!buildings.ok) return buildings;
      const premium = await detectPremium(config, buildings.value);
      const probes = api.placed(config, 'background');
      const scopes = await probeScopes(probes, buildings.value[0]?.id ?? null, premium);
      return ok({ buildings: buildings.value, premium, ...scopes });
    },
  };
}
