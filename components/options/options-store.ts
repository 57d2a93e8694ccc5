/**
 * The options page's state as signals: the profiles, the profile being edited (any of them, not
 * only the active one), its settings and its stored data. Every message names the profile it is
 * about, so the page talks to the worker through the unbound `send`.
 */
import { computed, createModel, effect, signal } from '@preact/signals';
import { LOADING, type Loadable, settled, valueOf } from '../../lib/loadable';
import type { Send } from '../../lib/messaging/page-client';
import type {
  ClearableFamily,
  ProfilesView,
  SettingsInput,
  SettingsView,
  StorageUsage,
} from '../../lib/messaging/protocol';
import { watchProfile } from '../../lib/storage/family';
import { profilesItem } from '../../lib/storage/profiles';
import type { ProfileActions } from './actions';

/** How often the stored data's sizes are read again while the edited profile's storage changes. */
const USAGE_FOLLOW_MS = 1_000;

export const OptionsStore = createModel((send: Send, now: () => number = Date.now) => {
  const profiles = signal<ProfilesView | null>(null);
  const settings = signal<Loadable<SettingsView>>(LOADING);
  const usage = signal<StorageUsage | null>(null);
  /** Bumped when the edited profile's stored credentials change from here (sign-out). */
  const revision = signal(0);
  const editing = computed(() => valueOf(settings.value));
  /** Name and colour as renamed here, before the form's settings are read again. */
  const meta = computed(
    () => profiles.value?.list.find((p) => p.id === editing.value?.profileId) ?? editing.value,
  );

  async function relist(): Promise<void> {
    const answer = await send('listProfiles', {});
    if (answer.ok) profiles.value = answer.value;
  }

  async function readUsage(id: string): Promise<void> {
    const stored = await send('profileStorage', { id });
    usage.value = stored.ok ? stored.value : null;
  }

  /** Shows the settings of `id` (without one, of the active profile). */
  async function edit(id?: string | null): Promise<void> {
    settings.value = LOADING;
    const answer = await send('getSettings', id ? { profileId: id } : {});
    settings.value = settled(LOADING, answer, now());
    if (!answer.ok) return;
    await relist();
    await readUsage(answer.value.profileId);
  }

  const editedId = () => editing.value?.profileId ?? null;

  /**
   * Reads the stored data's sizes again when the edited profile's storage changes (a backup or a
   * job running, the cache filling), at most once a second; returns the stop.
   */
  function followUsage(): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unwatch = () => {};
    const stopEffect = effect(() => {
      const id = editing.value?.profileId;
      unwatch();
      unwatch = id
        ? watchProfile(id, () => {
            timer ??= setTimeout(() => {
              timer = undefined;
              void readUsage(id);
            }, USAGE_FOLLOW_MS);
          })
        : () => {};
    });
    return () => {
      stopEffect();
      unwatch();
      clearTimeout(timer);
    };
  }

  let stops: (() => void)[] = [];
  // Disposed with the model: the usage and the profiles are no longer followed.
  effect(() => () => stops.forEach((stop) => stop()));

  const actions: ProfileActions = {
    activate: (id) => send('activateProfile', { id }),
    updateMeta: (id, name, color) => send('updateProfileMeta', { id, name, color }),
    duplicate: (id) => send('duplicateProfile', { id }),
    async remove(id) {
      const answer = await send('removeProfile', { id });
      if (answer.ok && id === editedId()) void edit(answer.value.active);
      return answer;
    },
    async forget(id, deleteDraftsAndHistory) {
      const answer = await send('forgetProfile', { id, deleteDraftsAndHistory });
      if (answer.ok && id === editedId()) {
        revision.value += 1;
        void edit(id);
      }
      return answer;
    },
    storage: (id) => send('profileStorage', { id }),
  };

  return {
    /** Unbound: answered for the active profile (the backup is always the active one's). */
    send,
    profiles,
    settings,
    usage,
    revision,
    editing,
    meta,
    actions,
    edit,
    relist,
    followUsage,
    /** Reads the edited profile, then follows its stored data's sizes and the profiles list. */
    start(): void {
      void edit();
      stops = [followUsage(), profilesItem.watch(() => void relist())];
    },
    /** Reads the edited profile's settings again (after an error). */
    retry: () => void edit(editedId()),
    async add(): Promise<void> {
      const answer = await send('addProfile', {});
      if (!answer.ok) return;
      profiles.value = answer.value;
      void edit(answer.value.list.at(-1)?.id ?? null);
    },
    /** Saves the connection form; the stored data's sizes are read again. */
    saveSettings: async (input: SettingsInput) => {
      const answer = await send('saveSettings', input);
      const id = editedId();
      if (id) await readUsage(id);
      return answer;
    },
    testConnection: (input: SettingsInput) => send('testConnection', input),
    async clear(family: ClearableFamily) {
      const answer = await send('clearProfileData', { id: editedId() ?? '', families: [family] });
      if (answer.ok) usage.value = answer.value;
      return answer;
    },
  };
});

export type OptionsStore = InstanceType<typeof OptionsStore>;
