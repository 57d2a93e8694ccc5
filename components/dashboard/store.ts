/**
 * The dashboard's state as signals, shared by every view of one page (picker, sections, tabs, the
 * Slots tab): the selected building and one cache-backed entry per section. Each section loads on
 * its own, so one failure never blanks the others. The store talks to the worker only through `send`.
 */
import { type Signal, batch, computed, effect, signal } from '@preact/signals';
import type {
  Building,
  BuildingListEntry,
  LooseRecord,
  Room,
  Tenant,
  TransactionsPage,
} from '../../lib/api/schemas';
import { isFresh } from '../../lib/cache/fresh';
import type { SettingsView } from '../../lib/messaging/protocol';
import type { AppError } from '../../lib/app-error';
import type { Send } from '../../lib/messaging/client';
import type { DashboardTab, DashboardView } from '../../lib/storage/dashboard-tab';
import type { FirstView } from '../../lib/storage/first-view';
import { afterPaint } from '../after-paint';
import { type CurrentTarget, createCurrentTarget } from '../current-target';
import type { Loadable, WorkspaceContext } from '../slots/store';

export const TRANSACTIONS_PAGE = 25;
export const TRANSACTIONS_SKIP_MAX = 200;

export type SectionState<T> =
  | { status: 'loading' }
  | { status: 'notPremium' }
  | { status: 'error'; error: AppError }
  /** Data, from the cache or the API; `refreshError` when a newer answer could not be fetched. */
  | { status: 'ready'; data: T; savedAt: number; refreshing: boolean; refreshError: AppError | null };

export interface TransactionsState {
  bankId: string;
  skip: number;
  page: SectionState<TransactionsPage>;
}

const SECTIONS = {
  details: { type: 'readBuilding', premium: false },
  rooms: { type: 'listRooms', premium: false },
  tenants: { type: 'listTenants', premium: true },
  accounts: { type: 'listBankAccounts', premium: true },
} as const;

/** The cache and its schemas (with zod) load after the first render, in parallel with the storage read. */
const sectionCache = () => import('./section-cache');
export type SectionKey = keyof typeof SECTIONS;
export const SECTION_KEYS = Object.keys(SECTIONS) as SectionKey[];

interface SectionData {
  details: Building;
  rooms: Room[];
  tenants: Tenant[];
  accounts: LooseRecord[];
}

export interface StoreDeps {
  send: Send;
  /** The profile the page shows: its cached answers and its current target. */
  profileId: string;
  now?: () => number;
  /** The page's current target; the store makes its own when the page has none to share. */
  current?: CurrentTarget;
  /** The view whose tab is remembered; without one the tab starts on Building every time. */
  view?: DashboardView;
  /** What the page's first read found (lib/storage/first-view-read.ts): shown at once, then checked. */
  first?: FirstSeed;
}

export interface FirstSeed {
  /** The worker's first view of this profile and epoch, or null. */
  view: FirstView | null;
  tab: DashboardTab | null;
}

/** Data shown before it is checked: as cached data is, refreshing until the check is done. */
const shownAt = <T>(part: { value: T; savedAt: number }): SectionState<T> => ({
  status: 'ready',
  data: part.value,
  savedAt: part.savedAt,
  refreshing: true,
  refreshError: null,
});

/** The building the first view shows: its details' building, else the current one when listed, else the first. */
function shownOf(view: FirstView | null): string | null {
  if (!view) return null;
  const list = view.buildings.value;
  const target = view.target;
  if (view.details) return view.details.buildingId;
  return target?.kind === 'building' && list.some((b) => b.id === target.id)
    ? target.id
    : (list[0]?.id ?? null);
}

/** The state after an answer: new data, or the error — kept beside older data when there is some. */
export function settled<T>(
  current: SectionState<T>,
  answer: { ok: true; value: T } | { ok: false; error: AppError },
  savedAt: number,
): SectionState<T> {
  if (answer.ok)
    return { status: 'ready', data: answer.value, savedAt, refreshing: false, refreshError: null };
  if (current.status === 'ready') return { ...current, refreshing: false, refreshError: answer.error };
  return { status: 'error', error: answer.error };
}

/** Premium is known to be absent: the premium sections are not requested at all. */
const knownNotPremium = (s: SettingsView | null) =>
  s !== null &&
  (s.premiumOverride === 'off' || (s.premiumOverride === 'auto' && s.detectedPremium === false));

/** Refresh asks the API even when the worker holds a fresh answer. */
const forced = (force: boolean) => (force ? { hint: { priority: 'user' as const } } : {});

/** A live-style 401 about premium always; a 403 unless premium is known to be there. */
const needsPremium = (error: AppError, s: SettingsView | null) =>
  error.kind === 'premiumRequired' || (error.kind === 'forbidden' && s?.premium !== true);

export function createDashboardStore({
  send,
  profileId,
  now = Date.now,
  current = createCurrentTarget(profileId),
  view,
  first,
}: StoreDeps) {
  const tabItem = view
    ? () => import('../../lib/storage/dashboard-tab').then((module) => module.dashboardTabItem(view))
    : null;
  const settingsState = signal<Loadable<SettingsView>>({ status: 'loading' });
  const settings = computed(() =>
    settingsState.value.status === 'ready' ? settingsState.value.value : null,
  );
  const seed = first?.view ?? null;
  const tab = signal<DashboardTab>(first?.tab ?? 'building');
  const buildings = signal<SectionState<BuildingListEntry[]>>(
    seed ? shownAt(seed.buildings) : { status: 'loading' },
  );
  const selectedId = signal<string | null>(shownOf(seed));
  /** What the first view showed and the cache (with zod) or the worker has not confirmed yet. */
  const unchecked = { buildings: seed !== null, selection: seed !== null };
  const sections: { [K in SectionKey]: Signal<SectionState<SectionData[K]>> } = {
    details: signal(seed?.details ? shownAt(seed.details) : { status: 'loading' }),
    rooms: signal({ status: 'loading' }),
    tenants: signal({ status: 'loading' }),
    accounts: signal({ status: 'loading' }),
  };
  const transactions = signal<TransactionsState | null>(null);
  let settingsReady: Promise<SettingsView | null> = Promise.resolve(null);
  /** The profile's freshness window: younger cached answers are shown without a request. */
  const freshMs = async () => ((await settingsReady)?.freshnessMinutes ?? 5) * 60_000;
  let generation = 0;
  let tabChosen = false;

  function settle<T>(
    target: Signal<SectionState<T>>,
    answer: { ok: true; value: T } | { ok: false; error: AppError },
    savedAt: number,
  ): void {
    target.value = settled(target.value, answer, savedAt);
  }

  async function loadSection<K extends SectionKey>(
    key: K,
    buildingId: string,
    force: boolean,
    /** Called once the cache has been checked: its data is shown, or the API is being asked. */
    cacheChecked?: () => void,
    /** What is shown came from the first view: checked against the cache like data not yet shown. */
    recheck = false,
  ): Promise<void> {
    const spec = SECTIONS[key];
    const target = sections[key] as Signal<SectionState<SectionData[K]>>;
    const mine = generation;
    const cache = sectionCache();
    if (target.value.status !== 'ready' || recheck) {
      const cached = await (await cache).readSection(profileId, key, buildingId);
      if (mine !== generation) return;
      // Shown at once; whether it is fresh enough to skip the request depends on the profile's window.
      if (cached) {
        target.value = {
          status: 'ready',
          data: cached.value as SectionData[K],
          savedAt: cached.savedAt,
          refreshing: true,
          refreshError: null,
        };
      }
      cacheChecked?.();
      const fresh = cached !== null && isFresh(cached.savedAt, now(), await freshMs());
      if (mine !== generation) return;
      if (fresh && !force) {
        if (target.value.status === 'ready') target.value = { ...target.value, refreshing: false };
        return;
      }
    } else {
      cacheChecked?.();
      target.value = { ...target.value, refreshing: true, refreshError: null };
    }
    if (spec.premium) {
      const view = await settingsReady;
      if (mine !== generation) return;
      if (knownNotPremium(view)) {
        target.value = { status: 'notPremium' };
        return;
      }
    }
    const answer = (await send(spec.type, { buildingId, ...forced(force) })) as
      { ok: true; value: SectionData[K] } | { ok: false; error: AppError };
    if (mine !== generation) return;
    if (!answer.ok && spec.premium && needsPremium(answer.error, settings.value)) {
      target.value = { status: 'notPremium' };
      return;
    }
    if (answer.ok && key === 'details') nameBuilding(buildingId, (answer.value as Building).label);
    settle(target, answer, now());
  }

  async function loadBuildings(force: boolean): Promise<void> {
    const cache = sectionCache();
    const recheck = unchecked.buildings;
    unchecked.buildings = false;
    if (buildings.value.status !== 'ready' || recheck) {
      const cached = await (await cache).readSection(profileId, 'buildings');
      if (cached) {
        buildings.value = {
          status: 'ready',
          data: cached.value,
          savedAt: cached.savedAt,
          refreshing: true,
          refreshError: null,
        };
        if (selectedId.value === null) choose(cached.value);
        if (isFresh(cached.savedAt, now(), await freshMs()) && !force) {
          buildings.value = { ...buildings.value, refreshing: false };
          return;
        }
      }
    } else {
      buildings.value = { ...buildings.value, refreshing: true, refreshError: null };
    }
    const answer = await send('listBuildings', forced(force));
    settle(buildings, answer, now());
    if (answer.ok) choose(answer.value);
  }

  /** A list of only ids and hashes gets the label a details answer brought. */
  function nameBuilding(id: string, label: string): void {
    const list = buildings.value;
    if (list.status !== 'ready' || !list.data.some((b) => b.id === id && !b.label)) return;
    const data = list.data.map((b) => (b.id === id && !b.label ? { ...b, label } : b));
    buildings.value = { ...list, data };
  }

  /**
   * Keeps the selection when the list has it, else falls back to the first building. While a
   * factory is the current target (chosen on the Slots tab) the fallback is shown, not chosen.
   */
  function choose(list: BuildingListEntry[]): void {
    const shown = selectedId.value;
    if (shown !== null && list.some((b) => b.id === shown)) return;
    const first = list[0];
    if (!first) selectedId.value = null;
    else if (current.target.value?.kind === 'factory') show(first.id);
    else select(first.id);
  }

  /** The user's choice: the building becomes the current target of every view. */
  function select(id: string): void {
    current.choose({ kind: 'building', id });
  }

  function show(id: string): void {
    // The first view's building is loaded as any other, keeping its details on screen meanwhile.
    const recheck = unchecked.selection && id === selectedId.value;
    unchecked.selection = false;
    if (id === selectedId.value && !recheck) return;
    generation += 1;
    batch(() => {
      selectedId.value = id;
      for (const key of SECTION_KEYS)
        if (!recheck || key !== 'details') sections[key].value = { status: 'loading' };
      transactions.value = null;
    });
    // The details come first: the sections below the fold start once they are painted (or asked for).
    void loadSection(
      'details',
      id,
      false,
      () => {
        const mine = generation;
        void afterPaint().then(() => {
          if (mine !== generation) return;
          for (const key of SECTION_KEYS) if (key !== 'details') void loadSection(key, id, false);
        });
      },
      recheck,
    );
  }

  // A building made current anywhere (this page's picker, another page) is the one shown.
  const stopFollowing = effect(() => {
    const target = current.target.value;
    if (target?.kind === 'building') show(target.id);
  });

  function retry(key: SectionKey): void {
    const id = selectedId.value;
    if (id !== null) void loadSection(key, id, true);
  }

  async function loadTransactions(bankId: string, skip: number): Promise<void> {
    const current = transactions.value;
    const shown = current?.bankId === bankId && current.skip === skip ? current.page : null;
    transactions.value = {
      bankId,
      skip,
      page:
        shown?.status === 'ready'
          ? { ...shown, refreshing: true, refreshError: null }
          : { status: 'loading' },
    };
    const mine = generation;
    const answer = await send('listTransactions', { bankId, limit: TRANSACTIONS_PAGE, skip });
    const now_ = transactions.value;
    if (mine !== generation || now_?.bankId !== bankId || now_.skip !== skip) return;
    transactions.value = { bankId, skip, page: settled(now_.page, answer, now()) };
  }

  /** What the Slots tab shares with the dashboard: the target, the settings and the building list. */
  const workspaceContext: WorkspaceContext = {
    send,
    profileId,
    current,
    settings: settingsState,
    buildings: computed(() => {
      const list = buildings.value;
      if (list.status === 'ready') return { status: 'ready', value: list.data };
      if (list.status === 'error') return { status: 'error', error: list.error };
      return { status: 'loading' };
    }),
  };

  return {
    settings,
    buildings,
    tab,
    workspaceContext,
    selectedId,
    sections,
    transactions,
    select,
    retry,
    retryBuildings: () => void loadBuildings(true),
    /** Asks the API again for everything shown, keeping what is shown until the answers arrive. */
    refresh(): void {
      void loadBuildings(true);
      for (const key of SECTION_KEYS) retry(key);
    },
    openAccount: (bankId: string) => void loadTransactions(bankId, 0),
    closeAccount: () => {
      transactions.value = null;
    },
    pageTransactions(skip: number): void {
      const current = transactions.value;
      if (!current) return;
      const bounded = Math.max(0, Math.min(TRANSACTIONS_SKIP_MAX, skip));
      void loadTransactions(current.bankId, bounded);
    },
    /** Loads settings, the remembered target and tab, and the list; follows choices made in other views. */
    async start(): Promise<void> {
      void sectionCache(); // fetched while the stored target is read, not after it
      settingsReady = send('getSettings', {}).then((answer) => {
        settingsState.value = answer.ok
          ? { status: 'ready', value: answer.value }
          : { status: 'error', error: answer.error };
        return settings.value;
      });
      void tabItem?.()
        .then((item) => item.get())
        .then(
          (stored) => {
            if (!tabChosen) tab.value = stored;
          },
          () => undefined,
        );
      await current.load();
      await loadBuildings(false);
      // The first view's building, unless the stored target replaced it: made current as the
      // list's first building would be, and loaded through the cache or the worker.
      const shown = selectedId.value;
      if (unchecked.selection && shown !== null) {
        if (current.target.value === null) select(shown);
        else show(shown);
      }
    },
    /** Shows the Building or the Slots tab, and reopens it next time. */
    chooseTab(next: DashboardTab): void {
      tabChosen = true;
      tab.value = next;
      void tabItem?.()
        .then((item) => item.set(next))
        .catch(() => undefined);
    },
    dispose(): void {
      stopFollowing();
      current.dispose();
    },
  };
}

export type DashboardStore = ReturnType<typeof createDashboardStore>;
