/**
 * What every view of one page shares, for one profile and epoch: the worker (its messages name the
 * profile), the settings, the current target, the buildings, the factories (listed and added by
 * hand) and the account's clearing placeholder. A page makes one (components/page/mount.tsx) and
 * disposes it when the profile or its epoch changes.
 */
import { computed, createModel, signal } from '@preact/signals';
import { FRESHNESS_MINUTES_DEFAULT } from '../../lib/storage/freshness-default';
import type { FirstView } from '../../lib/storage/first-view';
import type { Send } from '../../lib/messaging/page-client';
import type { SettingsView } from '../../lib/messaging/protocol';
import { LOADING, type Loadable, settled, valueOf } from '../../lib/loadable';
import { BuildingList } from './buildings';
import { CurrentTarget } from './current-target';
import { FactoryList } from './factories';
import { Placeholder } from './placeholder';

export interface PageContextOptions {
  send: Send;
  /** The profile the page shows: its cached answers, drafts, factories and current target. */
  profileId: string;
  now?: () => number;
  /** The page's current target; tests share one between contexts (then it is theirs to dispose). */
  current?: CurrentTarget;
  /**
   * The worker's first view of this profile and epoch (lib/storage/first-view-read.ts): what the
   * page shows in its first render, before zod and the worker; `start` checks it.
   */
  first?: FirstView | null;
}

function pageContext({
  send,
  profileId,
  now = Date.now,
  current = new CurrentTarget(profileId),
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
  const buildings = new BuildingList({ send, profileId, now, freshMs, current, first: first?.buildings });
  const factories = new FactoryList({ send, profileId, current });
  /** What this account clears a slot with ('' unless its server refused empty text). */
  const placeholder = new Placeholder(profileId);
  let started: Promise<void> | null = null;

  return {
    send,
    profileId,
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
  };
}

export type PageContext = ReturnType<typeof pageContext> & Disposable;

/**
 * `new PageContext(options)`. createModel types a model as signals and actions only; a page context
 * also carries what it was made for (its profile and the worker's first view), fixed for its life,
 * which createModel keeps as they are at run time: hence the one cast.
 */
export const PageContext = createModel(pageContext as never) as unknown as new (
  options: PageContextOptions,
) => PageContext;
