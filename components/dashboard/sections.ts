/**
 * The sections of the building shown (details, rooms, tenants, bank accounts): each one the cached
 * answer at once, then the worker's, on its own, so one failure never blanks the others. The
 * details come first; the sections below the fold start once the details are painted.
 */
import { type Signal, batch, createModel, signal } from '@preact/signals';
import type { Building, LooseRecord, Room, Tenant } from '../../lib/api/schemas';
import type { AppError } from '../../lib/app-error';
import { type Answer, LOADING, type Loadable, ready } from '../../lib/loadable';
import type { SettingsView } from '../../lib/messaging/protocol';
import { cachedAnswers, forced } from '../page/buildings';
import type { PageContext } from '../page/context';
import { afterPaint } from '../after-paint';

const SECTIONS = {
  details: { type: 'readBuilding', premium: false },
  rooms: { type: 'listRooms', premium: false },
  tenants: { type: 'listTenants', premium: true },
  accounts: { type: 'listBankAccounts', premium: true },
} as const;

export type SectionKey = keyof typeof SECTIONS;
export const SECTION_KEYS = Object.keys(SECTIONS) as SectionKey[];

export interface SectionData {
  details: Building;
  rooms: Room[];
  tenants: Tenant[];
  accounts: LooseRecord[];
}

/** Premium is known to be absent: the premium sections are not requested at all. */
const knownNotPremium = (s: SettingsView | null) =>
  s !== null &&
  (s.premiumOverride === 'off' || (s.premiumOverride === 'auto' && s.detectedPremium === false));

/** A live-style 401 about premium always; a 403 unless premium is known to be there. */
const needsPremium = (error: AppError, s: SettingsView | null) =>
  error.kind === 'premiumRequired' || (error.kind === 'forbidden' && s?.premium !== true);

export const Sections = createModel((page: PageContext) => {
  // The first view's details are shown in the first render (its building is the one shown first).
  const first = page.first?.details;
  const sections: { [K in SectionKey]: Signal<Loadable<SectionData[K]>> } = {
    details: signal(first ? ready(first.value as Building, first.savedAt, true) : LOADING),
    rooms: signal(LOADING),
    tenants: signal(LOADING),
    accounts: signal(LOADING),
  };
  /** Raised for each building shown: answers for an earlier one are dropped. */
  let generation = 0;

  async function load<K extends SectionKey>(
    key: K,
    buildingId: string,
    force: boolean,
    cacheChecked?: () => void,
    unchecked = false,
  ) {
    const spec = SECTIONS[key];
    const mine = generation;
    const cache = await cachedAnswers();
    const answer = await cache.showCachedThenRefresh<SectionData[K]>({
      cell: sections[key] as Signal<Loadable<SectionData[K]>>,
      readCache: () =>
        cache.readSection(page.profileId, key, buildingId) as Promise<{
          value: SectionData[K];
          savedAt: number;
        } | null>,
      ask: (force) =>
        page.send(spec.type, { buildingId, ...forced(force) }) as Promise<Answer<SectionData[K]>>,
      freshMs: page.freshMs,
      now: page.now,
      force,
      unchecked,
      current: () => mine === generation,
      cacheChecked,
      instead: async () =>
        spec.premium && knownNotPremium(await page.loadSettings()) ? { status: 'notPremium' } : null,
      reinterpret: (answer) =>
        !answer.ok && spec.premium && needsPremium(answer.error, page.settingsValue.value)
          ? { status: 'notPremium' }
          : null,
    });
    if (answer?.ok && key === 'details') page.buildings.name(buildingId, (answer.value as Building).label);
  }

  return {
    sections,
    /**
     * Shows the building's sections from nothing: details first, the rest after they are painted.
     * `keepDetails`: the details shown came from the first view; they stay while they are checked.
     */
    show(id: string, keepDetails = false): void {
      const mine = ++generation;
      batch(() => {
        for (const key of SECTION_KEYS) if (!keepDetails || key !== 'details') sections[key].value = LOADING;
      });
      const rest = () =>
        void afterPaint().then(() => {
          if (mine !== generation) return;
          for (const key of SECTION_KEYS) if (key !== 'details') void load(key, id, false);
        });
      void load('details', id, false, rest, keepDetails);
    },
    /** Asks the API again, keeping what is shown until the answer arrives. */
    retry(key: SectionKey, buildingId: string): void {
      void load(key, buildingId, true);
    },
  };
});
