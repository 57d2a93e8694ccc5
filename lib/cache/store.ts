/**
 * The dashboard's state as signals, shared by every view of one page (picker, sections, tabs):
 * the selected building and one cache-backed entry per section. Each section loads on its own, so
 * one failure never blanks the others. The store talks to the worker only through `send`.
 */
import { type Signal, batch, signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { Building, BuildingListEntry, LooseRecord, Room, Tenant, type TransactionsPage } from '../api/schemas';
import type { AppError, SettingsView } from '../messaging/protocol';
import type { Send } from '../messaging/client';
import { z } from '../zod';
import { cacheKey, isFresh, readCached, writeCached } from './cache';
import { lastBuildingItem } from './last-building';

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
  details: { type: 'readBuilding', schema: Building, premium: false },
  rooms: { type: 'listRooms', schema: z.array(Room), premium: false },
  tenants: { type: 'listTenants', schema: z.array(Tenant), premium: true },
  accounts: { type: 'listBankAccounts', schema: z.array(LooseRecord), premium: true },
} as const;
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
  now?: () => number;
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

/** A live-style 401 about premium always; a 403 unless premium is known to be there. */
const needsPremium = (error: AppError, s: SettingsView | null) =>
  error.kind === 'premiumRequired' || (error.kind === 'forbidden' && s?.premium !== true);

export function createDashboardStore({ send, now = Date.now }: StoreDeps) {
  const settings = signal<SettingsView | null>(null);
  const buildings = signal<SectionState<BuildingListEntry[]>>({ status: 'loading' });
  const selectedId = signal<string | null>(null);
  const sections: { [K in SectionKey]: Signal<SectionState<SectionData[K]>> } = {
    details: signal({ status: 'loading' }),
    rooms: signal({ status: 'loading' }),
    tenants: signal({ status: 'loading' }),
    accounts: signal({ status: 'loading' }),
  };
  const transactions = signal<TransactionsState | null>(null);
  let settingsReady: Promise<SettingsView | null> = Promise.resolve(null);
  let generation = 0;

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
  ): Promise<void> {
    const spec = SECTIONS[key];
    const target = sections[key] as Signal<SectionState<SectionData[K]>>;
    const mine = generation;
    const storageKey = cacheKey(key, buildingId);
    if (target.value.status !== 'ready') {
      const cached = await readCached(storageKey, spec.schema);
      if (mine !== generation) return;
      if (cached) {
        const fresh = isFresh(cached.savedAt, now());
        target.value = {
          status: 'ready',
          data: cached.value as SectionData[K],
          savedAt: cached.savedAt,
          refreshing: force || !fresh,
          refreshError: null,
        };
        if (fresh && !force) return;
      }
    } else {
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
    const answer = (await send(spec.type, { buildingId })) as
      { ok: true; value: SectionData[K] } | { ok: false; error: AppError };
    if (mine !== generation) return;
    if (!answer.ok && spec.premium && needsPremium(answer.error, settings.value)) {
      target.value = { status: 'notPremium' };
      return;
    }
    if (answer.ok && key === 'details') nameBuilding(buildingId, (answer.value as Building).label);
    const savedAt = now();
    if (answer.ok) void writeCached(storageKey, answer.value, savedAt);
    settle(target, answer, savedAt);
  }

  async function loadBuildings(force: boolean): Promise<void> {
    const key = cacheKey('buildings');
    if (buildings.value.status !== 'ready') {
      const cached = await readCached(key, z.array(BuildingListEntry));
      if (cached) {
        buildings.value = {
          status: 'ready',
          data: cached.value,
          savedAt: cached.savedAt,
          refreshing: true,
          refreshError: null,
        };
        if (selectedId.value === null) choose(cached.value);
        if (isFresh(cached.savedAt, now()) && !force) {
          buildings.value = { ...buildings.value, refreshing: false };
          return;
        }
      }
    } else {
      buildings.value = { ...buildings.value, refreshing: true, refreshError: null };
    }
    const answer = await send('listBuildings', {});
    const savedAt = now();
    if (answer.ok) void writeCached(key, answer.value, savedAt);
    settle(buildings, answer, savedAt);
    if (answer.ok) choose(answer.value);
  }

  /** A list of only ids and hashes gets the label a details answer brought. */
  function nameBuilding(id: string, label: string): void {
    const list = buildings.value;
    if (list.status !== 'ready' || !list.data.some((b) => b.id === id && !b.label)) return;
    const data = list.data.map((b) => (b.id === id && !b.label ? { ...b, label } : b));
    buildings.value = { ...list, data };
  }

  /** Keeps the selection when the list has it, else falls back to the first building. */
  function choose(list: BuildingListEntry[]): void {
    const current = selectedId.value;
    if (current !== null && list.some((b) => b.id === current)) return;
    const first = list[0];
    if (first) select(first.id);
    else selectedId.value = null;
  }

  function select(id: string, remember = true): void {
    if (id === selectedId.value) return;
    generation += 1;
    batch(() => {
      selectedId.value = id;
      for (const key of SECTION_KEYS) sections[key].value = { status: 'loading' };
      transactions.value = null;
    });
    if (remember) void lastBuildingItem.set(id).catch(() => undefined);
    for (const key of SECTION_KEYS) void loadSection(key, id, false);
  }

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

  return {
    settings,
    buildings,
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
    /** Loads settings, the remembered building and the list; follows choices made in other views. */
    async start(): Promise<void> {
      settingsReady = send('getSettings', {}).then((answer) => {
        settings.value = answer.ok ? answer.value : null;
        return settings.value;
      });
      const last = await lastBuildingItem.get().catch(() => null);
      if (last !== null && selectedId.value === null) select(last, false);
      try {
        browser.storage.onChanged.addListener((changes, area) => {
          const change = changes[lastBuildingItem.key];
          if (area === 'local' && change && typeof change.newValue === 'string')
            select(change.newValue, false);
        });
      } catch {
        // No storage events (tests): each view keeps its own choice.
      }
      await loadBuildings(false);
    },
  };
}

export type DashboardStore = ReturnType<typeof createDashboardStore>;
