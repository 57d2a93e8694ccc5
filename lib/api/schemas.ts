/**
 * One schema per resource of the Page Options API spec; types are inferred, never written twice.
 * Response schemas are loose (unknown fields are kept) because the server may add fields.
 */
import { DATA_MAX, PREMIUM_SLOTS, TITLE_MAX, countCharacters } from '../slots/count';
import { z } from '../zod';

export const BuildingId = z.string().check(z.minLength(1));
export const FactoryId = z.string().check(z.minLength(1));

export const Building = z.looseObject({
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
export const BuildingListEntry = z.looseObject({
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
 * `{ id, name, adLine, isOpen, type, address }`. Only the id is required and the name is used; the
 * other fields are kept as sent (a loose object).
 */
export const FactoryListEntry = z.looseObject({
  id: BuildingListEntry.shape.id,
  name: z.optional(z.nullable(z.string())),
});
export type FactoryListEntry = z.infer<typeof FactoryListEntry>;

export const Tenant = z.looseObject({
  roomId: z.string(),
  roomHash: z.string(),
  roomName: z.string(),
  tenantName: z.string(),
  lastPayDate: z.optional(z.string()),
});
export type Tenant = z.infer<typeof Tenant>;

export const InteriorDetails = z.looseObject({
  inventoryCapacity: z.int(),
  kitchenCapacity: z.int(),
  wardrobeCapacity: z.int(),
});
export type InteriorDetails = z.infer<typeof InteriorDetails>;

export const Room = z.looseObject({
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

/** A slot as read. Limits are not enforced on reads: what the server stores is shown as it is. */
export const PageOption = z.looseObject({
  title: z.string(),
  data: z.string(),
  lastUpdated: z.nullable(z.string()),
});
export type PageOption = z.infer<typeof PageOption>;

/** Any record of a shape the spec does not show (bank accounts, transactions): kept whole for display. */
export const LooseRecord = z.record(z.string(), z.unknown());
export type LooseRecord = z.infer<typeof LooseRecord>;

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

/**
 * A target's id goes into a URL path: blank, `.` and `..` would name another path (or none), so
 * they are refused with a message saying so.
 */
export const TargetId = z.string().check(
  z.minLength(1, 'must not be blank'),
  z.refine((id) => id.trim() !== '', { message: 'must not be blank' }),
  z.refine((id) => id.trim() !== '.' && id.trim() !== '..', {
    message: 'must not be “.” or “..” (they name another path of the API)',
  }),
);

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
