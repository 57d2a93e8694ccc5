/**
 * Accounts: several named profiles, each with its own connection settings; one is active. Pages may
 * read this item (it holds no token and no secret); only the worker writes it.
 */
import { z } from '../zod';
import { serialQueue } from '../serial';
import { Settings, defaultSettings } from './settings';
import { PROFILES_KEY } from './page-keys';
import { singleItem } from './registry';
import { storedList } from './stored-item';

export const PROFILE_NAME_MAX = 40;
export const PROFILE_COLORS = ['#2f6fdf', '#1f8a4c', '#c2410c', '#b91c1c', '#7c3aed', '#0f766e'] as const;

/** Tested with z.refine, not z.regex: zod's string-format checks would add two classes to the worker. */
const PROFILE_ID = /^[a-z0-9-]{1,40}$/;
const PROFILE_COLOR = /^#[0-9a-f]{6}$/;

export const ProfileId = z.string().check(z.refine((id) => PROFILE_ID.test(id)));

export const ProfileMeta = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(PROFILE_NAME_MAX)),
  color: z.string().check(z.refine((color) => PROFILE_COLOR.test(color))),
});
export type ProfileMeta = z.infer<typeof ProfileMeta>;

/**
 * Counts the profile's sign-outs and account changes. A page shows the data of one epoch and
 * renders anew, from nothing, when it changes: an open page never keeps a signed-out account's data.
 */
export const ProfileEpoch = z.pipe(
  z.optional(z.int().check(z.nonnegative())),
  z.transform((epoch) => epoch ?? 0),
);

export const Profile = z.object({
  ...Settings.shape,
  id: ProfileId,
  ...ProfileMeta.shape,
  epoch: ProfileEpoch,
});
export type Profile = z.infer<typeof Profile>;

/**
 * Each profile is parsed alone: one bad entry is dropped (its credentials, under an id no profile
 * lists any more, are removed at start), the others stay. An active id that is no longer listed
 * falls back to the first profile.
 */
export const Profiles = z.pipe(
  z.object({ active: z.nullable(ProfileId), list: storedList(Profile) }),
  z.transform((state) => ({
    active: state.list.some((p) => p.id === state.active) ? state.active : (state.list[0]?.id ?? null),
    list: state.list,
  })),
);
export type Profiles = z.infer<typeof Profiles>;

export const profilesItem = singleItem('local', PROFILES_KEY, Profiles, {
  version: 1,
  // A sign-out keeps the profile (its name, colour, address and settings); its credentials go.
  signOut: 'kept',
  bound: { boundedBy: 'the profiles the user added' },
  fallback: () => ({ active: null, list: [] }),
});

export const newProfileId = (): string =>
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function newProfile(name: string, index: number, settings: Partial<Settings> = {}): Profile {
  return {
    ...defaultSettings(),
    ...settings,
    id: newProfileId(),
    epoch: 0,
    name,
    color: PROFILE_COLORS[index % PROFILE_COLORS.length] ?? PROFILE_COLORS[0],
  };
}

export function activeProfile(state: Profiles): Profile | null {
  return state.list.find((p) => p.id === state.active) ?? null;
}

/** Writes one after another: two handlers changing profiles at once must not drop each other's change. */
const profileWrites = serialQueue();

/** Reads, changes and writes the profiles in one step; `change` returns the new state. */
export function updateProfiles(change: (state: Profiles) => Profiles): Promise<Profiles> {
  return profileWrites(async () => {
    const next = change(await profilesItem.get());
    await profilesItem.set(next);
    return next;
  });
}

export async function readProfile(id: string | null | undefined): Promise<Profile | null> {
  const state = await profilesItem.get();
  return state.list.find((p) => p.id === (id ?? state.active)) ?? null;
}

export function replaceProfile(state: Profiles, profile: Profile): Profiles {
  return { ...state, list: state.list.map((p) => (p.id === profile.id ? profile : p)) };
}
