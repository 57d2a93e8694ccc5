/**
 * Moves what the single-account release stored (settings, credentials, drafts, history, cached
 * answers, import jobs, factories, the last building and target) into the first profile, then
 * removes the old keys. Each old value is parsed alone: one that cannot be read is reported and
 * dropped; the rest moves. Runs in the worker before it answers any message.
 */
import { Target } from '../api/schemas';
import { Job, jobFamily } from '../storage/jobs';
import { cacheFamily } from '../storage/cache';
import { currentTargetFamily } from '../storage/current-target';
import { writeCredentials } from '../storage/credentials';
import { Draft, draftFamily } from '../storage/drafts';
import { HistoryEntry, historyFamily } from '../storage/history';
import { type Profile, newProfile, profilesItem } from '../storage/profiles';
import { PremiumOverride, SecretPersistence, originOf } from '../storage/settings';
import { type StorageArea, area } from '../storage/area';
import { reportStorageProblem } from '../storage/storage-problems';
import { Targets, addedFactoriesFamily } from '../storage/added-factories';
import { z } from '../zod';

const OldSettings = z.object({
  baseUrl: z.string(),
  secretPersistence: SecretPersistence,
  premiumOverride: PremiumOverride,
  detectedPremium: z.nullable(z.boolean()),
});
const OldCredentials = z.object({ token: z.string(), secret: z.string() });
const OldTargets = z.object({ factories: Targets.shape.factories, last: z.nullable(Target) });
const OldCache = z.object({ savedAt: z.number(), value: z.unknown() });

const SETTINGS = 'settings.v1';
const CREDENTIALS = 'credentials.v1';
const TARGETS = 'targets.v1';
const LAST_BUILDING = 'dashboard.lastBuilding.v1';
const JOBS = 'importJobs.v1';
const PREFIXES = ['draft.v1:', 'history.v1:', 'cache.v1.'];

const isLegacyKey = (key: string) =>
  [SETTINGS, CREDENTIALS, TARGETS, LAST_BUILDING, JOBS].includes(key) ||
  PREFIXES.some((p) => key.startsWith(p));

function parseOr<T>(schema: z.ZodMiniType<T>, value: unknown, key: string, where: StorageArea): T | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  reportStorageProblem({ area: where, key, reason: 'unreadable value of the previous release' });
  return null;
}

/** `draft.v1:building:b-1001:3` → ['building', 'b-1001', '3'] (ids may hold ':'). */
function slotParts(key: string, prefix: string): string[] | null {
  const rest = key.slice(prefix.length);
  const kind = rest.slice(0, rest.indexOf(':'));
  const option = rest.slice(rest.lastIndexOf(':') + 1);
  const id = rest.slice(kind.length + 1, rest.length - option.length - 1);
  return (kind === 'building' || kind === 'factory') && id && /^\d+$/.test(option)
    ? [kind, id, option]
    : null;
}

/** Returns the profile the old data went into, or null when there was nothing to migrate. */
export async function migrateLegacyStorage(): Promise<Profile | null> {
  const local = await area('local').get(null);
  const session = await area('session').get(null);
  const keys = Object.keys(local).filter(isLegacyKey);
  const sessionKeys = Object.keys(session).filter(isLegacyKey);
  if (keys.length === 0 && sessionKeys.length === 0) return null;

  const old = parseOr(OldSettings, local[SETTINGS], SETTINGS, 'local');
  const state = await profilesItem.get();
  const profile = state.list[0] ?? newProfile('Account 1', 0, old ? { ...old, baseUrl: old.baseUrl } : {});
  if (!state.list[0]) await profilesItem.set({ active: profile.id, list: [profile] });
  const id = profile.id;

  for (const [where, values] of [
    ['session', session],
    ['local', local],
  ] as const) {
    const credentials = values[CREDENTIALS];
    if (credentials === undefined || !old?.baseUrl) continue;
    const parsed = parseOr(OldCredentials, credentials, CREDENTIALS, where);
    if (parsed) await writeCredentials(id, where, { ...parsed, origin: originOf(old.baseUrl) });
  }

  const targets = parseOr(OldTargets, local[TARGETS], TARGETS, 'local') ?? { factories: [], last: null };
  const lastBuilding = z.string().safeParse(local[LAST_BUILDING]);
  const last =
    targets.last ?? (lastBuilding.success ? { kind: 'building' as const, id: lastBuilding.data } : null);
  if (local[TARGETS] !== undefined) await addedFactoriesFamily.set({ factories: targets.factories }, id);
  if (last && Target.safeParse(last).success) await currentTargetFamily.set(last, id);

  for (const key of keys) {
    const value = local[key];
    if (key.startsWith('draft.v1:')) {
      const parts = slotParts(key, 'draft.v1:');
      const draft = parts && parseOr(Draft, value, key, 'local');
      if (parts && draft) await draftFamily.set(draft, id, ...parts);
    } else if (key.startsWith('history.v1:')) {
      const parts = slotParts(key, 'history.v1:');
      const list = Array.isArray(value)
        ? value.flatMap((entry) => {
            const parsed = HistoryEntry.safeParse(entry);
            return parsed.success ? [parsed.data] : [];
          })
        : [];
      if (parts && list.length > 0) await historyFamily.set(list, id, ...parts);
    } else if (key.startsWith('cache.v1.')) {
      // Cached answers are cheap to fetch again; only well-formed ones move.
      const [section, ...rest] = key.slice('cache.v1.'.length).split('.');
      const entry = parseOr(OldCache, value, key, 'local');
      if (section && entry)
        await cacheFamily.set(entry, id, ...(rest.length ? [section, rest.join('.')] : [section]));
    }
  }
  await migrateJobs(local[JOBS], id);
  await area('local').remove(keys);
  await area('session').remove(sessionKeys);
  return profile;
}

/** Each old job moves alone; one of a broken shape is reported and dropped, the others move. */
async function migrateJobs(value: unknown, profileId: string): Promise<void> {
  if (!Array.isArray(value)) return;
  for (const raw of value) {
    const job = parseOr(Job, { ...(raw as object), profileId }, JOBS, 'local');
    if (job) await jobFamily.set(job, profileId, job.id);
  }
}
