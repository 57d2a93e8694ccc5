/**
 * The landlord of the portfolio demo: Lotte Landmann owns 12 buildings (rooms let and free, a few
 * tenants late with the rent, one bank account each). A character and token of her own, so the other
 * characters' buildings, counts and tests stay as they were. Payment dates are relative to the
 * moment the seed is made, so "late" (default: last payment over 7 days ago) holds whenever it runs.
 */
import type { BankAccountRecord, BuildingRecord, RoomRecord, SandboxData, SlotRecord } from './types';

export const LANDLORD = {
  token: 'demo-landlord-token',
  secret: 'demo-secret-lotte',
  character: 'Lotte Landmann',
  /** Building ids of the default profile (the live profile gives them 24-hex ids). */
  buildings: Array.from({ length: 12 }, (_, i) => `b-${3001 + i}`),
  /** Rooms whose tenant's last payment is older than 7 days (late), by default-profile room id. */
  lateRooms: ['r-3002-01', 'r-3005-02', 'r-3009-03'],
  /** A free room: letting it (control endpoint `room`) changes the portfolio. */
  freeRoom: 'r-3001-04',
  /** A let room: freeing it raises a "room became free" alert. */
  letRoom: 'r-3001-01',
} as const;

const STREETS = [
  'Lindenallee',
  'Ahornweg',
  'Birkenhof',
  'Eichendorffstraße',
  'Kastanienplatz',
  'Ulmenring',
  'Weidenufer',
  'Erlenstieg',
  'Buchenhang',
  'Fichtengrund',
  'Tannenblick',
  'Pappelgasse',
];
const AREAS = ['Nordstadt', 'Südviertel', 'Altstadt', 'Hafenviertel'];
const TENANTS = [
  'Anton Acker',
  'Berta Brand',
  'Carl Cramer',
  'Doris Dahl',
  'Emil Engel',
  'Frieda Fuchs',
  'Gustav Gärtner',
  'Hanna Hübner',
  'Ida Iske',
  'Jonas Jäger',
  'Klara Kühn',
  'Lutz Lang',
];
const DAY_MS = 86_400_000;

function slots(): SlotRecord[] {
  return Array.from({ length: 20 }, () => ({ title: '', data: '', lastUpdated: '2025-03-01T09:00:00.000Z' }));
}

/** Rooms of building `n` (0-based): 6 to 9 rooms, every third one free; some tenants late. */
function rooms(n: number, now: number): RoomRecord[] {
  const num = String(3001 + n);
  const count = 6 + (n % 4);
  return Array.from({ length: count }, (_, i) => {
    const id = `r-${num}-${String(i + 1).padStart(2, '0')}`;
    const free = (i + n) % 3 === 0 && id !== LANDLORD.letRoom;
    const late = (LANDLORD.lateRooms as readonly string[]).includes(id);
    const daysAgo = late ? 9 + n : 1 + ((i + n) % 5);
    return {
      id,
      hash: `zimmer-${num}-${i + 1}`,
      name: `Zimmer ${i + 1}`,
      rent: 400 + n * 15 + i * 25,
      interior: i % 2 === 0 ? 'altbau-stuck' : 'modernes-loft',
      tenant: free
        ? null
        : {
            name: TENANTS[(n + i) % TENANTS.length]!,
            lastPayDate: new Date(now - daysAgo * DAY_MS - i * 3_600_000).toISOString(),
          },
    };
  });
}

export function landlordBuildings(now: number): BuildingRecord[] {
  return STREETS.map((street, n) => ({
    id: LANDLORD.buildings[n]!,
    hash: `${street.toLowerCase()}-${n + 1}`,
    label: `${street} ${n + 1}`,
    address: `${street} ${n + 1}`,
    area: AREAS[n % AREAS.length]!,
    garageSlots: n % 5,
    price: 500_000 + n * 75_000,
    owner: 'landlord',
    rooms: rooms(n, now),
    slots: slots(),
  }));
}

/** One account per building: rent in, costs out, one entry a day over the last weeks. */
export function landlordAccounts(buildings: BuildingRecord[], now: number): BankAccountRecord[] {
  return buildings.map((building, n) => {
    const transactions = Array.from({ length: 20 + n * 3 }, (_, k) => {
      const rent = k % 3 !== 2;
      const tenant = building.rooms[k % building.rooms.length];
      return {
        id: `tx-${3001 + n}-${String(k + 1).padStart(4, '0')}`,
        date: new Date(now - k * DAY_MS - n * 60_000).toISOString(),
        amount: rent ? (tenant?.rent ?? 400) : -Math.round((120 + ((k * 37) % 300)) * 100) / 100,
        purpose: rent ? `Miete – ${tenant?.name ?? 'Zimmer'}` : 'Instandhaltung',
        counterparty: rent ? (tenant?.tenant?.name ?? 'Mieter') : 'Hausmeisterservice Kühn',
      };
    });
    const balance = Math.round((5_000 + transactions.reduce((sum, tx) => sum + tx.amount, 0)) * 100) / 100;
    return {
      id: `acc-${3001 + n}-1`,
      buildingId: building.id,
      label: `Mietkonto ${building.label}`,
      iban: `DE00300501100000${3001 + n}01`,
      balance,
      transactions,
    };
  });
}

/** Adds the landlord, her token and her buildings to a seed; payment dates count back from `now`. */
export function addLandlord(data: SandboxData, now: number): SandboxData {
  data.tokens[LANDLORD.token] = {
    character: 'landlord',
    premium: true,
    scopes: [...(data.tokens['demo-premium-token']?.scopes ?? [])],
    description: `${LANDLORD.character}: premium, all scopes, 12 buildings (portfolio demo)`,
  };
  const buildings = landlordBuildings(now);
  data.buildings.push(...buildings);
  data.bankAccounts.push(...landlordAccounts(buildings, now));
  return data;
}

export type LandlordChange =
  | { kind: 'room'; roomId: string; tenant: string | null }
  | { kind: 'payment'; roomId: string; lastPayDate: string }
  | { kind: 'sell'; buildingId: string };

/** Parses a control request body into a change, or says what is wrong. */
export function parseChange(kind: LandlordChange['kind'], body: unknown): LandlordChange | string {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (kind === 'sell')
    return typeof b.buildingId === 'string'
      ? { kind, buildingId: b.buildingId }
      : 'buildingId must be a string';
  if (typeof b.roomId !== 'string') return 'roomId must be a string';
  if (kind === 'room') {
    if (b.tenant !== null && typeof b.tenant !== 'string')
      return 'tenant must be a name or null (free the room)';
    return { kind, roomId: b.roomId, tenant: b.tenant };
  }
  const date =
    typeof b.daysAgo === 'number' ? new Date(Date.now() - b.daysAgo * DAY_MS).toISOString() : b.lastPayDate;
  if (typeof date !== 'string' || Number.isNaN(Date.parse(date)))
    return 'lastPayDate (ISO time) or daysAgo (number) is needed';
  return { kind, roomId: b.roomId, lastPayDate: new Date(date).toISOString() };
}

/** Frees or lets a room, moves a payment date or sells a building; null, or why it could not. */
export function applyChange(data: SandboxData, change: LandlordChange): string | null {
  if (change.kind === 'sell') {
    const index = data.buildings.findIndex((b) => b.id === change.buildingId);
    if (index === -1) return `no building ${change.buildingId}`;
    data.buildings.splice(index, 1);
    return null;
  }
  const room = data.buildings.flatMap((b) => b.rooms).find((r) => r.id === change.roomId);
  if (!room) return `no room ${change.roomId}`;
  if (change.kind === 'room') {
    room.tenant =
      change.tenant === null ? null : { name: change.tenant, lastPayDate: new Date().toISOString() };
    return null;
  }
  if (!room.tenant) return `room ${change.roomId} is free`;
  room.tenant.lastPayDate = change.lastPayDate;
  return null;
}
