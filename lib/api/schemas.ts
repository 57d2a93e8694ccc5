/**
 * One schema per resource of the Page Options API spec; types are inferred, never written twice.
 * Response schemas keep only the fields the extension knows: the server may add fields, and what
 * is cached and sent to pages must not carry what nobody reads (an unknown field nested 100 000
 * levels deep broke the reply to a page).
 */
import { DATA_MAX, PREMIUM_SLOTS, TITLE_MAX, countCharacters } from './slot-limits';
import { z } from '../zod';

/**
 * Every id that goes into a URL path (building, factory, bank account; in a body too): exactly one
 * path segment. Blank, `.` and `..` would name another path (or none); `/`, `\\` and `%` could become
 * separators or dot segments on a server that decodes them; control characters are never part of
 * an id. The API's ids are 24 hex characters, the sandbox's `b-1001`: nothing real is refused.
 */
export const PathId = z.string().check(
  z.minLength(1, 'must not be blank'),
  z.maxLength(200, 'at most 200 characters'),
  z.refine((id) => id.trim() !== '', { message: 'must not be blank' }),
  z.refine((id) => id.trim() !== '.' && id.trim() !== '..', {
    message: 'must not be “.” or “..” (they name another path of the API)',
  }),
  z.refine((id) => !/[/\\%]/.test(id) && ![...id].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f'), {
    message: 'must not contain “/”, “\\”, “%” or control characters (one path segment only)',
  }),
);

/** The first problem of an id as a path segment, or null when it is one. */
export function pathIdProblem(id: unknown): string | null {
  const parsed = PathId.safeParse(id);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'not an id');
}

export const BuildingId = PathId;
export const FactoryId = PathId;

export const Building = z.object({
  id: z.string(),
  hash: z.string(),
  label: z.string(),
  address: z.string(),
  area: z.string(),
  garageSlots: z.int(),
  price: z.number(),
  totalRooms: z.int(),
  occupiedRooms: z.int(),
  freeRooms: z.int(),
});
export type Building = z.infer<typeof Building>;

/**
 * Entry of GET /building/list. The spec does not show its fields: only an identifier is required.
 * The live service is observed to send only `id` and `hash`.
 */
export const BuildingListEntry = z.object({
  id: z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((v) => String(v)),
  ),
  hash: z.optional(z.string()),
  label: z.optional(z.string()),
  name: z.optional(z.string()),
  address: z.optional(z.string()),
  area: z.optional(z.string()),
});
export type BuildingListEntry = z.infer<typeof BuildingListEntry>;

/**
 * Entry of GET /factory/list/ (not in the spec; public clients of the live service read it):
 * `{ id, name, adLine, isOpen, type, address }`. Only the id is required; the name is the one
 * other field the extension uses, so it is the only other one kept.
 */
export const FactoryListEntry = z.object({
  id: BuildingListEntry.shape.id,
  name: z.optional(z.nullable(z.string())),
});
export type FactoryListEntry = z.infer<typeof FactoryListEntry>;

export const Tenant = z.object({
  roomId: z.string(),
  roomHash: z.string(),
  roomName: z.string(),
  tenantName: z.string(),
  lastPayDate: z.optional(z.string()),
});
export type Tenant = z.infer<typeof Tenant>;

export const InteriorDetails = z.object({
  inventoryCapacity: z.int(),
  kitchenCapacity: z.int(),
  wardrobeCapacity: z.int(),
});
export type InteriorDetails = z.infer<typeof InteriorDetails>;

export const Room = z.object({
  id: z.string(),
  hash: z.string(),
  name: z.string(),
  rent: z.number(),
  occupied: z.boolean(),
  interior: z.string(),
  interiorImage: z.nullable(z.string()),
  interiorDetails: InteriorDetails,
});
export type Room = z.infer<typeof Room>;

/** A slot's value: what a write expects the slot to hold, what a draft started from (no limits checked). */
export const SlotValue = z.object({ title: z.string(), data: z.string() });
export type SlotValue = z.infer<typeof SlotValue>;

/**
 * A slot as the extension keeps it. Limits are not enforced on reads: what the server stores is
 * shown as it is. `lastUpdated` null: the time is unknown (a save then compares title and data).
 */
export const PageOption = z.object({
  ...SlotValue.shape,
  lastUpdated: z.nullable(z.string()),
});
export type PageOption = z.infer<typeof PageOption>;

/**
 * A slot as the API answers it: the time as the spec names it (`lastUpdated`) or as one public
 * client of the live service types it (`lastUpdate`), either of them missing or null; read into
 * a PageOption.
 */
export const PageOptionAnswer = z.pipe(
  z.object({
    ...SlotValue.shape,
    lastUpdated: z.optional(z.nullable(z.string())),
    lastUpdate: z.optional(z.nullable(z.string())),
  }),
  z.transform(({ title, data, lastUpdated, lastUpdate }): PageOption => ({
    title,
    data,
    lastUpdated: lastUpdated ?? lastUpdate ?? null,
  })),
);

/**
 * The fields of bank account and transaction records the extension shows (the spec shows none:
 * these are what the sandbox's default shape and the live service's clients carry).
 */
export const RECORD_FIELDS = [
  'id',
  'label',
  'name',
  'note',
  'main',
  'date',
  'timestamp',
  'iban',
  'vban',
  'number',
  'accountNumber',
  'counterparty',
  'reference',
  'senderVban',
  'receiverVban',
  'purpose',
  'amount',
  'balance',
] as const;
const RecordValue = z.nullable(z.union([z.string(), z.number(), z.boolean()]));

/** A record of a shape the spec does not show (bank accounts, transactions): known fields, plain values. */
export const LooseRecord = z.record(z.string(), RecordValue);
export type LooseRecord = z.infer<typeof LooseRecord>;

/** A server's record reduced to the known fields with plain values; anything else is dropped. */
export function knownRecordFields(raw: Record<string, unknown>): LooseRecord {
  const out: LooseRecord = {};
  for (const field of RECORD_FIELDS) {
    const value = raw[field];
    if (RecordValue.safeParse(value).success) out[field] = value as LooseRecord[string];
  }
  return out;
}

/** One page of transactions; `total` when the server counts them (live: `totalTransactions`). */
export const TransactionsPage = z.object({
  total: z.nullable(z.int().check(z.nonnegative())),
  transactions: z.array(LooseRecord),
});
export type TransactionsPage = z.infer<typeof TransactionsPage>;

export const OptionNumber = z.int().check(z.minimum(1), z.maximum(PREMIUM_SLOTS));

const limitedText = (max: number) =>
  z.string().check(z.refine((s) => countCharacters(s) <= max, { message: `at most ${max} characters` }));
export const OptionTitle = limitedText(TITLE_MAX);
export const OptionData = limitedText(DATA_MAX);

/** The writable part of a slot, as a user or an import supplies it. */
export const OptionContent = z.object({ title: OptionTitle, data: OptionData });
export type OptionContent = z.infer<typeof OptionContent>;

export const BuildingOptionUpdate = z.object({
  apiSecret: z.string().check(z.minLength(1)),
  buildingId: BuildingId,
  option: OptionNumber,
  title: OptionTitle,
  data: OptionData,
});
export type BuildingOptionUpdate = z.infer<typeof BuildingOptionUpdate>;

export const FactoryOptionUpdate = z.object({
  apiSecret: z.string().check(z.minLength(1)),
  factoryId: FactoryId,
  option: OptionNumber,
  title: OptionTitle,
  data: OptionData,
});
export type FactoryOptionUpdate = z.infer<typeof FactoryOptionUpdate>;

export const TargetKind = z.enum(['building', 'factory']);
export type TargetKind = z.infer<typeof TargetKind>;

/** A target's id (building or factory): an id of the API, see PathId. */
export const TargetId = PathId;

/** A building or factory whose slots are read and written. */
export const Target = z.object({ kind: TargetKind, id: TargetId });
export type Target = z.infer<typeof Target>;

export const Scope = z.enum([
  'building',
  'building.details',
  'building.tenants',
  'building.tenants.activity',
  'building.rooms',
  'building.options',
  'building.options.edit',
  'building.bankaccount',
  'factory',
  'factory.options',
  'factory.options.edit',
]);
export type Scope = z.infer<typeof Scope>;
