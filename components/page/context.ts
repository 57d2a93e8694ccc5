/**
 * What every view of one page shares, for one profile and epoch: the worker (its messages name the
 * profile), the settings, the current target, the buildings, the factories (listed and added by
 * hand) and the account's clearing placeholder. A page makes one
 * (components/page/mount.tsx) and drops it when the profile or its epoch changes.
 */
import { computed, signal } from '@preact/signals';
import { FRESHNESS_MINUTES_DEFAULT } from '../../lib/storage/freshness-default';
import type { FirstView } from '../../lib/storage/first-view';
import type { Send } from '../../lib/messaging/page-client';
import type { SettingsView } from '../../lib/messaging/protocol';
import { LOADING, type Loadable, settled, valueOf } from '../../lib/loadable';
import { createBuildingList } from './buildings';
import { type CurrentTarget, createCurrentTarget } from './current-target';
import { createFactoryList } from './factories';
import { createPlaceholder } from './placeholder';

export interface PageContextOptions {
  send: Send;
  /** The profile the page shows: its cached answers, drafts, factories and current target. */
  profileId: string;
  /** Raised by a sign-out or a changed account: a page's stores belong to one epoch. */
  epoch?: number;
  now?: () => number;
  /** The page's current target; tests share one between contexts. */
  current?: CurrentTarget;
  /**
   * The worker's first view of this profile and epoch (lib/storage/first-view-read.ts): what the
   * page shows in its first render, before zod and the worker; `start` checks it.
   */
  first?: FirstView | null;
}

export function createPageContext({
  send,
  profileId,
  epoch = 0,
  now = Date.now,
  current = createCurrentTarget(profileId),
  first = null,
}: PageContextOptions) {
  const settings = signal<Loadable<SettingsView>>(LOADING);
  /** The settings' value, null until known. */
  const settingsValue = computed(() => valueOf(settings.value));
  const premium = computed(() => settingsValue.value?.premium ?? false);
  let settingsLoad: Promise<SettingsView | null> | null = null;
  const loadSettings = () =>
    (settingsLoad ??= send('getSettings', {}).then((answer) => {
      settings.value = settled(settings.value, answer, now());
      return settingsValue.value;
    }));
  /** The profile's freshness window: younger cached answers are shown without a request. */
  const freshMs = async () =>
    ((await loadSettings())?.freshnessMinutes ?? FRESHNESS_MINUTES_DEFAULT) * 60_000;
  const buildings = createBuildingList({ send, profileId, now, freshMs, current, first: first?.buildings });
  const factories = createFactoryList({ send, profileId, current });
  /** What this account clears a slot with ('' unless its server refused empty text). */
  const placeholder = createPlaceholder(profileId);
  let started: Promise<void> | null = null;

  return {
    send,
    profileId,
    epoch,
    now,
    first,
    settings,
    settingsValue,
    premium,
    loadSettings,
    freshMs,
    current,
    buildings,
    factories,
    placeholder,
    /** Loads the settings, the remembered target, then the building list and the factories; once. */
    start(): Promise<void> {
      started ??= (async () => {
        void loadSettings();
        void factories.load();
        void placeholder.load();
        await current.load();
        await buildings.load(false);
      })();
      return started;
    },
    dispose(): void {
      current.dispose();
    },
  };
}

export type PageContext = ReturnType<typeof createPageContext>;
