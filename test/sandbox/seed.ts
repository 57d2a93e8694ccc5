/**
 * Deterministic demo data for the sandbox API. `DEMO` names everything tests and the CLI need;
 * `createSeedData()` returns a fresh deep copy of the full data set for one sandbox instance.
 */
import {
  type BankAccountRecord,
  type BuildingRecord,
  type CharacterId,
  type FactoryRecord,
  type Interior,
  type RoomRecord,
  SCOPES,
  type SandboxData,
  type Scope,
  type SlotRecord,
  type TransactionRecord,
} from './types';
import { addLandlord, LANDLORD } from './landlord';

/** lastUpdated of every slot nobody has written yet. */
export const SEED_TIME = '2025-03-01T09:00:00.000Z';

export const DEMO = {
  premium: { token: 'demo-premium-token', secret: 'demo-secret-juergen', character: 'Jürgen Großmann' },
  basic: { token: 'demo-basic-token', secret: 'demo-secret-kaethe', character: 'Käthe Weiß' },
  readonly: { token: 'demo-readonly-token', secret: 'demo-secret-juergen', character: 'Jürgen Großmann' },
  buildings: { juergen: ['b-1001', 'b-1002', 'b-1003'], kaethe: ['b-2001', 'b-2002'] },
  /** Jürgen rents a room there; owned by Käthe, so 404 for Jürgen. */
  rentedByJuergen: 'b-2001',
  /** All rooms free (no tenants). */
  fullyFreeBuilding: 'b-1003',
  /** All rooms occupied. */
  fullyOccupiedBuilding: 'b-1002',
  factories: { juergen: ['f-501'], kaethe: ['f-601'] },
  htmlTitle: { building: 'b-1001', option: 3, title: '<img src=x onerror=alert(1)>' },
  /** Filled slots of every building and factory (all others are empty). */
  slots: { note: 1, json: 2, long: 4, premium: 12 },
  /** b-1001 only: a title with an emoji (2 UTF-16 code units). */
  emojiTitle: { building: 'b-1001', option: 5, title: '🏠 Übergabeprotokolle' },
  /** acc-1001-1 has 260 transactions (only 225 reachable via limit 25, skip 200), acc-1001-2 has 3. */
  bankAccounts: {
    'b-1001': ['acc-1001-1', 'acc-1001-2'],
    'b-1002': ['acc-1002-1'],
    'b-1003': [],
    'b-2001': ['acc-2001-1'],
    'b-2002': ['acc-2002-1'],
  },
  transactionCounts: {
    'acc-1001-1': 260,
    'acc-1001-2': 3,
    'acc-1002-1': 12,
    'acc-2001-1': 8,
    'acc-2002-1': 5,
  },
  seedTime: SEED_TIME,
  unknownToken: 'not-a-token',
} as const;

const INTERIORS: Interior[] = [
  { hash: 'altbau-stuck', name: 'Altbau mit Stuck', ...caps(40, 6, 8), color: '#c9a27e' },
  { hash: 'modernes-loft', name: 'Modernes Loft', ...caps(60, 10, 12), color: '#7ea6c9' },
  { hash: 'landhaus-eiche', name: 'Landhaus Eiche', ...caps(50, 8, 10), color: '#a3b86c' },
  { hash: 'studentenbude', name: 'Studentenbude', ...caps(20, 2, 4), color: '#d98c8c' },
  { hash: 'penthouse-glas', name: 'Penthouse Glasfront', ...caps(80, 14, 16), color: '#8cc9c0' },
  { hash: 'gruenderzeit-salon', name: 'Gründerzeit-Salon', ...caps(55, 9, 11), color: '#b59ad1' },
];

function caps(inventoryCapacity: number, kitchenCapacity: number, wardrobeCapacity: number) {
  return { inventoryCapacity, kitchenCapacity, wardrobeCapacity };
}

const POSITIONS = [
  'EG links',
  'EG rechts',
  '1. OG links',
  '1. OG rechts',
  '2. OG links',
  '2. OG rechts',
  '3. OG links',
  '3. OG rechts',
  '4. OG links',
  '4. OG rechts',
  'Dachgeschoss Süd',
  'Dachgeschoss Nord',
];

/** Deterministic ISO timestamp with milliseconds in February 2025, varied by `k`. */
function febTimestamp(k: number): string {
  return new Date(
    Date.UTC(2025, 1, 1 + ((k * 7) % 27), 6 + (k % 12), (k * 17) % 60, (k * 29) % 60, (k * 137) % 1000),
  ).toISOString();
}

let tenantCounter = 0;

/** One room per entry of `tenants`; null means the room is free. */
function rooms(
  num: string,
  baseRent: number,
  interiorOffset: number,
  tenants: (string | null)[],
): RoomRecord[] {
  return tenants.map((tenant, i) => {
    const pos = String(i + 1).padStart(2, '0');
    const interior = INTERIORS[(i + interiorOffset) % INTERIORS.length] as Interior;
    return {
      id: `r-${num}-${pos}`,
      hash: `whg-${num}-${pos}`,
      name: `Wohnung ${i + 1} (${POSITIONS[i] ?? `Anbau ${i + 1}`})`,
      rent: baseRent + Math.floor(i / 2) * 35 + (i % 2) * 12.5,
      interior: interior.hash,
      tenant: tenant === null ? null : { name: tenant, lastPayDate: febTimestamp(++tenantCounter) },
    };
  });
}

function emptySlot(): SlotRecord {
  return { title: '', data: '', lastUpdated: SEED_TIME };
}

function longText(topic: string, length: number): string {
  const sentence =
    `${topic}: Die Nettokaltmiete liegt je nach Lage, Ausstattung und Baujahr zwischen 9,80 € und ` +
    '14,20 € pro m². Größere Wohnungen über 90 m² erhalten Zuschläge für Balkon, Aufzug und ' +
    'Fußbodenheizung; Gärten und Stellplätze werden gesondert abgerechnet. ';
  return `${sentence
    .repeat(Math.ceil(length / sentence.length))
    .slice(0, length - 1)
    .trimEnd()}…`;
}

/** The 20 slots of one building or factory: a few filled, the rest empty. */
function slots(
  label: string,
  site: string,
  note: { title: string; data: string },
  extra: Record<number, SlotRecord> = {},
) {
  const filled: Record<number, SlotRecord> = {
    [DEMO.slots.note]: { ...note, lastUpdated: '2025-01-14T10:15:30.250Z' },
    [DEMO.slots.json]: {
      title: 'Website-Sync (JSON)',
      data: JSON.stringify({
        schema: 'page-options/v1',
        name: label,
        website: `https://${site}.example`,
        öffnungszeiten: { mo_fr: '08:00–18:00', sa: '09:00–13:00' },
        tags: ['Größe: mittel', 'barrierearm', 'Süd-Balkon'],
        aktiv: true,
      }),
      lastUpdated: '2025-02-03T07:45:12.004Z',
    },
    [DEMO.slots.long]: {
      title: `Mietspiegel – ${label}`,
      data: longText(`Mietspiegel ${label}`, 2390),
      lastUpdated: '2025-02-20T16:02:44.918Z',
    },
    [DEMO.slots.premium]: {
      title: 'Premium-Slot: Jahresplanung',
      data: 'Q2: Fassade streichen; Q3: Heizungswartung; Q4: Nebenkostenabrechnung prüfen.',
      lastUpdated: '2025-02-25T12:00:00.500Z',
    },
    ...extra,
  };
  return Array.from({ length: 20 }, (_, i) => filled[i + 1] ?? emptySlot());
}

const HOUSE_NOTE = {
  title: 'Hausordnung',
  data: 'Ruhezeiten 22–6 Uhr. Mülltonnen stehen im Hof; Sperrmüll nur nach Absprache mit Frau Kühn.',
};

function building(
  b: Omit<BuildingRecord, 'rooms' | 'slots'>,
  rooms: RoomRecord[],
  extra: Record<number, SlotRecord> = {},
): BuildingRecord {
  return { ...b, rooms, slots: slots(b.label, b.hash, HOUSE_NOTE, extra) };
}

function buildBuildings(): BuildingRecord[] {
  tenantCounter = 0;
  return [
    building(
      {
        id: 'b-1001',
        hash: 'haus-muellerstrasse',
        label: 'Haus Müllerstraße',
        address: 'Müllerstraße 7',
        area: 'Südviertel',
        garageSlots: 4,
        price: 1_250_000,
        owner: 'juergen',
      },
      rooms('1001', 640, 0, [
        'Björn Schäfer',
        null,
        'Zoë Müller',
        'Ümit Öztürk',
        null,
        'Anaïs Dubois',
        null,
        'Łukasz Wójcik',
        'Søren Ødegård',
        null,
      ]),
      {
        [DEMO.htmlTitle.option]: {
          title: DEMO.htmlTitle.title,
          data: '<script>alert("data")</script> <b>fett?</b> – muss als Text erscheinen.',
          lastUpdated: '2025-01-28T21:30:00.001Z',
        },
        [DEMO.emojiTitle.option]: {
          title: DEMO.emojiTitle.title,
          data: 'Zählerstände: Strom 48 213 kWh, Wasser 1 024 m³ – erfasst von Jürgen.\nNächste Ablesung: 1. März.',
          lastUpdated: '2025-02-11T08:05:09.777Z',
        },
      },
    ),
    building(
      {
        id: 'b-1002',
        hash: 'koenigshof',
        label: 'Königshof',
        address: 'Königsallee 12',
        area: 'Altstadt',
        garageSlots: 6,
        price: 2_480_000,
        owner: 'juergen',
      },
      rooms('1002', 890, 4, [
        'Renée Faßbender',
        'José Núñez',
        'Çağla Yılmaz',
        'Dörte Krüger',
        'Mårten Ålund',
        'Frédéric Lefèvre',
        'Małgorzata Nowak',
        'Hélène Vogt',
      ]),
    ),
    building(
      {
        id: 'b-1003',
        hash: 'gaertnerhaus-schlosspark',
        label: 'Gärtnerhaus am Schloßpark',
        address: 'Schloßparkweg 3',
        area: 'Grünau',
        garageSlots: 2,
        price: 640_000,
        owner: 'juergen',
      },
      rooms('1003', 520, 2, [null, null, null, null, null, null]),
    ),
    building(
      {
        id: 'b-2001',
        hash: 'haus-weissenfels',
        label: 'Haus Weißenfels',
        address: 'Flußstraße 21',
        area: 'Hafenviertel',
        garageSlots: 8,
        price: 1_890_000,
        owner: 'kaethe',
      },
      rooms('2001', 710, 1, [
        'Ludwig Öhler',
        null,
        'Jürgen Großmann',
        null,
        'Grete Späth',
        null,
        null,
        'Tomáš Dvořák',
        null,
        'Inês Gonçalves',
        null,
        null,
      ]),
    ),
    building(
      {
        id: 'b-2002',
        hash: 'buergerhaus-loewental',
        label: 'Bürgerhaus Löwental',
        address: 'Löwengasse 4',
        area: 'Östliche Vorstadt',
        garageSlots: 3,
        price: 980_000,
        owner: 'kaethe',
      },
      rooms('2002', 580, 3, ['Jörg Wähner', null, 'Åsa Lindqvist', null, null, 'Ömer Çelik', null]),
    ),
  ];
}

function factory(
  id: string,
  hash: string,
  label: string,
  owner: CharacterId,
  listed: Pick<FactoryRecord, 'type' | 'address' | 'adLine' | 'isOpen'>,
  note: { title: string; data: string },
) {
  return { id, hash, label, owner, ...listed, slots: slots(label, hash, note) } satisfies FactoryRecord;
}

function buildFactories(): FactoryRecord[] {
  return [
    factory(
      'f-501',
      'baeckerei-gross',
      'Bäckerei Groß',
      'juergen',
      { type: 'bakery', address: 'Mühlenweg 3', adLine: 'Frische Brötchen ab 6 Uhr', isOpen: true },
      {
        title: 'Öffnungszeiten',
        data: 'Mo–Fr 6–18 Uhr, Sa 6–13 Uhr. Brötchenbestellungen bis 20 Uhr am Vortag.',
      },
    ),
    factory(
      'f-601',
      'schmiede-kuehn',
      'Schmiede Kühn & Söhne',
      'kaethe',
      { type: 'forge', address: 'Am Amboss 12', adLine: 'Hufbeschlag nach Termin', isOpen: false },
      {
        title: 'Auftragsannahme',
        data: 'Hufbeschlag und Kunstschmiede: Anfragen bitte über Käthe Weiß, Lieferzeit ca. 2 Wochen.',
      },
    ),
  ];
}

/** A German IBAN with correct check digits. */
function deIban(blz: string, account: string): string {
  const bban = blz + account.padStart(10, '0');
  const check = 98n - (BigInt(`${bban}131400`) % 97n);
  return `DE${String(check).padStart(2, '0')}${bban}`;
}

const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

const EXPENSES: [counterparty: string, purpose: string, amount: number][] = [
  ['Stadtwerke Düsseldorf', 'Abschlag Strom/Gas Allgemeinflächen', 184.3],
  ['Hausmeisterservice Kühn', 'Treppenhausreinigung und Winterdienst', 245],
  ['Stadtkasse', 'Grundsteuer B – Quartalszahlung', 612.75],
  ['Dachdeckerei Müßig GmbH', 'Reparatur Dachrinne Hofseite', 1840.25],
  ['Gebäudeversicherung Süd AG', 'Beitrag Wohngebäudeversicherung', 398.6],
  ['Schornsteinfeger Weißbach', 'Feuerstättenschau', 96.4],
];

/** `count` transactions, newest first, generated from a seeded pseudo-random sequence. */
/** A tenant paying rent, with the name of the rented room. */
interface Payer {
  name: string;
  room: string;
  rent: number;
}

function transactions(accountId: string, count: number, tenants: Payer[]): TransactionRecord[] {
  let state = [...accountId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const random = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  let time = Date.parse('2025-02-28T17:45:00.000Z');
  const list: TransactionRecord[] = [];
  for (let n = count; n >= 1; n--) {
    const date = new Date(time);
    const tenant = tenants[Math.floor(random() * tenants.length)];
    let record: Omit<TransactionRecord, 'id' | 'date'>;
    if (tenant !== undefined && random() < 0.6) {
      record = {
        amount: tenant.rent,
        purpose: `Miete ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} – ${tenant.room}`,
        counterparty: tenant.name,
      };
    } else {
      const [counterparty, purpose, base] = EXPENSES[Math.floor(random() * EXPENSES.length)] ?? EXPENSES[0]!;
      record = { amount: -Math.round(base * (0.9 + random() * 0.2) * 100) / 100, purpose, counterparty };
    }
    list.push({
      id: `tx-${accountId.slice(4)}-${String(n).padStart(4, '0')}`,
      date: date.toISOString(),
      ...record,
    });
    time -= Math.floor((6 + random() * 34) * 3_600_000 + random() * 1000);
  }
  return list;
}

function account(
  id: string,
  buildingId: string,
  label: string,
  iban: string,
  opening: number,
  count: number,
  tenants: Payer[],
): BankAccountRecord {
  const txs = transactions(id, count, tenants);
  const balance = Math.round((opening + txs.reduce((sum, t) => sum + t.amount, 0)) * 100) / 100;
  return { id, buildingId, label, iban, balance, transactions: txs };
}

function buildBankAccounts(buildings: BuildingRecord[]): BankAccountRecord[] {
  const tenantsOf = (id: string) =>
    buildings
      .find((b) => b.id === id)
      ?.rooms.flatMap((r) => (r.tenant ? [{ name: r.tenant.name, room: r.name, rent: r.rent }] : [])) ?? [];
  const c = DEMO.transactionCounts;
  return [
    account(
      'acc-1001-1',
      'b-1001',
      'Mietkonto Haus Müllerstraße',
      deIban('30050110', '1001001'),
      12_000,
      c['acc-1001-1'],
      tenantsOf('b-1001'),
    ),
    account(
      'acc-1001-2',
      'b-1001',
      'Rücklagenkonto Instandhaltung',
      deIban('30050110', '1001002'),
      12_500,
      c['acc-1001-2'],
      [],
    ),
    account(
      'acc-1002-1',
      'b-1002',
      'Mietkonto Königshof',
      deIban('30050110', '1002001'),
      8_000,
      c['acc-1002-1'],
      tenantsOf('b-1002'),
    ),
    account(
      'acc-2001-1',
      'b-2001',
      'Mietkonto Weißenfels',
      deIban('37040044', '2001001'),
      5_000,
      c['acc-2001-1'],
      tenantsOf('b-2001'),
    ),
    account(
      'acc-2002-1',
      'b-2002',
      'Geschäftskonto Löwental',
      deIban('37040044', '2002001'),
      3_000,
      c['acc-2002-1'],
      tenantsOf('b-2002'),
    ),
  ];
}

const READONLY_MISSING: Scope[] = [
  'building.options.edit',
  'factory.options.edit',
  'building.tenants.activity',
];

function buildSeed(): SandboxData {
  const buildings = buildBuildings();
  return {
    characters: {
      juergen: { id: 'juergen', name: DEMO.premium.character, apiSecret: DEMO.premium.secret },
      kaethe: { id: 'kaethe', name: DEMO.basic.character, apiSecret: DEMO.basic.secret },
      landlord: { id: 'landlord', name: LANDLORD.character, apiSecret: LANDLORD.secret },
    },
    tokens: {
      [DEMO.premium.token]: {
        character: 'juergen',
        premium: true,
        scopes: [...SCOPES],
        description: `${DEMO.premium.character}: premium, all scopes`,
      },
      [DEMO.basic.token]: {
        character: 'kaethe',
        premium: false,
        scopes: [...SCOPES],
        description: `${DEMO.basic.character}: no premium (10 slots, no tenants/bank, interiorImage null), all scopes`,
      },
      [DEMO.readonly.token]: {
        character: 'juergen',
        premium: true,
        scopes: SCOPES.filter((s) => !READONLY_MISSING.includes(s)),
        description: `${DEMO.readonly.character}: premium, lacks ${READONLY_MISSING.join(', ')}`,
      },
    },
    interiors: Object.fromEntries(INTERIORS.map((i) => [i.hash, i])),
    buildings,
    factories: buildFactories(),
    bankAccounts: buildBankAccounts(buildings),
  };
}

const SEED: SandboxData = buildSeed();

/**
 * A fresh deep copy of the seed data: every sandbox instance (and every reset) gets its own. The
 * landlord's buildings come last, with payment dates counted back from now.
 */
export function createSeedData(now = Date.now()): SandboxData {
  return addLandlord(structuredClone(SEED), now);
}
