import { signal } from '@preact/signals';
import { render } from '@testing-library/preact';
import { vi } from 'vitest';
import { Dashboard } from '../../components/dashboard/Dashboard';
import type { DashboardShown } from '../../components/dashboard/dashboard-store';
import { MoreSections } from '../../components/dashboard/MoreSections';
import type { SectionKey } from '../../components/dashboard/sections';
import type { TransactionsState } from '../../components/dashboard/transactions';
import type { Building, BuildingListEntry, LooseRecord, Room, Tenant } from '../../lib/api/schemas';
import type { Loadable } from '../../lib/loadable';
import type { DashboardTab } from '../../lib/storage/dashboard-tab';

export const NOW = Date.parse('2025-03-01T12:00:00.000Z');

export const ready = <T,>(data: T, savedAt = NOW - 3 * 60_000): Loadable<T> => ({
  status: 'ready',
  value: data,
  savedAt,
  refreshing: false,
  refreshError: null,
});

export const BUILDINGS: BuildingListEntry[] = [
  { id: 'b-1', label: 'Haus Müllerstraße', address: 'Müllerstraße 7', area: 'Südviertel' },
  { id: 'b-2', label: 'Königshof', address: 'Königsallee 12', area: 'Altstadt' },
];

export const BUILDING: Building = {
  id: 'b-1',
  hash: 'haus',
  label: 'Haus Müllerstraße',
  address: 'Müllerstraße 7',
  area: 'Südviertel',
  garageSlots: 4,
  price: 1_250_000,
  totalRooms: 3,
  occupiedRooms: 2,
  freeRooms: 1,
};

const caps = { inventoryCapacity: 40, kitchenCapacity: 6, wardrobeCapacity: 8 };
export const ROOMS: Room[] = [
  {
    id: 'r1',
    hash: 'h1',
    name: 'Wohnung 1',
    rent: 700,
    occupied: true,
    interior: 'Loft',
    interiorImage: 'https://img.example/loft.svg',
    interiorDetails: caps,
  },
  {
    id: 'r2',
    hash: 'h2',
    name: 'Wohnung 2',
    rent: 500,
    occupied: false,
    interior: 'Altbau',
    interiorImage: null,
    interiorDetails: caps,
  },
  {
    id: 'r3',
    hash: 'h3',
    name: 'Wohnung 3',
    rent: 900,
    occupied: true,
    interior: 'Salon',
    interiorImage: null,
    interiorDetails: caps,
  },
];

export const TENANTS: Tenant[] = [
  {
    roomId: 'r1',
    roomHash: 'h1',
    roomName: 'Wohnung 1',
    tenantName: 'Björn Schäfer',
    lastPayDate: '2025-03-01T09:00:00.123Z',
  },
  {
    roomId: 'r3',
    roomHash: 'h3',
    roomName: 'Wohnung 3',
    tenantName: 'Zoë Müller',
    lastPayDate: '2025-02-20T12:00:00.000Z',
  },
];

export const ACCOUNTS: LooseRecord[] = [
  { id: 'acc-1', label: 'Mietkonto', iban: 'DE02300501100001001001', balance: 12345.5, currency: 'EUR' },
];

export const transactionsPage = (skip: number, count: number, total: number | null = null) => ({
  total,
  transactions: Array.from({ length: count }, (_, i): LooseRecord => ({
    id: `tx-${skip + i}`,
    date: '2025-02-28T17:45:00.000Z',
    amount: i % 2 ? -96.4 : 700,
    purpose: `Miete ${skip + i}`,
    counterparty: 'Björn Schäfer',
  })),
});

/** What a store shows, and the choices it is told of (recorded): the dashboard's input. */
interface Shown {
  layout: 'compact' | 'full';
  premium: boolean | null;
  buildings: Loadable<BuildingListEntry[]>;
  selectedId: string | null;
  details: Loadable<Building>;
  rooms: Loadable<Room[]>;
  tenants: Loadable<Tenant[]>;
  accounts: Loadable<LooseRecord[]>;
  transactions: TransactionsState | null;
  tab: DashboardTab;
}

/** Renders the dashboard over a store holding `overrides` as its signals; `props` records each choice. */
export function renderDashboard(overrides: Partial<Shown> = {}) {
  const shown: Shown = {
    layout: 'compact',
    premium: true,
    buildings: ready(BUILDINGS),
    selectedId: 'b-1',
    details: ready(BUILDING),
    rooms: ready(ROOMS),
    tenants: ready(TENANTS),
    accounts: ready(ACCOUNTS),
    transactions: null,
    tab: 'building',
    ...overrides,
  };
  const tab = signal(shown.tab);
  const props = {
    ...shown,
    onSelect: vi.fn(),
    onRetry: vi.fn((_: SectionKey) => undefined),
    onRetryBuildings: vi.fn(),
    onOpenSettings: vi.fn(),
    onOpenAccount: vi.fn(),
    onPageTransactions: vi.fn(),
    /** Holds the tab as a page does, reporting each change. */
    onTabChange: vi.fn((next: DashboardTab) => void (tab.value = next)),
  };
  const store: DashboardShown = {
    premium: signal(shown.premium),
    buildings: signal(shown.buildings),
    shownId: signal(shown.selectedId),
    factories: signal([]),
    factoryId: signal(null),
    sections: {
      details: signal(shown.details),
      rooms: signal(shown.rooms),
      tenants: signal(shown.tenants),
      accounts: signal(shown.accounts),
    },
    transactions: signal(shown.transactions),
    tab,
    select: props.onSelect,
    chooseFactory: vi.fn(),
    removeFactory: vi.fn(),
    retry: props.onRetry,
    retryBuildings: props.onRetryBuildings,
    openAccount: props.onOpenAccount,
    closeAccount: vi.fn(),
    pageTransactions: props.onPageTransactions,
    exportTransactions: vi.fn(async () => ({ name: 'transactions.csv', text: '' })),
    chooseTab: props.onTabChange,
  };
  const view = (
    <Dashboard
      store={store}
      layout={shown.layout}
      now={NOW}
      onOpenSettings={props.onOpenSettings}
      moreSections={(given) => <MoreSections {...given} />}
      slots={() => <p>slot workspace</p>}
    />
  );
  return { ...render(view), props };
}
