/**
 * The message protocol between extension pages and the background worker: a map from message
 * type to its request and response schemas. The handler map is typed from it, so a page cannot
 * send what the worker cannot answer, and both ends validate what crosses.
 */
import { ApiError } from '../api/errors';
import {
  Building,
  BuildingListEntry,
  LooseRecord,
  OptionNumber,
  PageOption,
  Room,
  Scope,
  Target,
  Tenant,
} from '../api/schemas';
import { ImportJob } from '../import/job';
import { PremiumOverride, SecretPersistence } from '../storage/settings';
import { z } from '../zod';

/** Everything that can go wrong behind a message: an API failure or one of the worker's own. */
export const AppError = z.union([
  ApiError,
  z.object({ kind: z.literal('notConfigured'), missing: z.array(z.enum(['baseUrl', 'token', 'secret'])) }),
  z.object({ kind: z.literal('permissionMissing'), origin: z.string() }),
  z.object({ kind: z.literal('badMessage'), message: z.string() }),
  z.object({ kind: z.literal('internal'), message: z.string() }),
]);
export type AppError = z.infer<typeof AppError>;

const resultOf = <T extends z.ZodMiniType>(value: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: AppError }),
  ]);

const Empty = z.object({});
const BuildingRef = z.object({ buildingId: z.string().check(z.minLength(1)) });

/** What pages may know of the settings: whether credentials exist, never their values. */
export const SettingsView = z.object({
  baseUrl: z.string(),
  hasToken: z.boolean(),
  hasSecret: z.boolean(),
  secretPersistence: SecretPersistence,
  premiumOverride: PremiumOverride,
  detectedPremium: z.nullable(z.boolean()),
  premium: z.boolean(),
});
export type SettingsView = z.infer<typeof SettingsView>;

/** The options form as submitted. An empty token or secret keeps the stored one. */
export const SettingsInput = z.object({
  baseUrl: z.string(),
  token: z.string(),
  secret: z.string(),
  secretPersistence: SecretPersistence,
  premiumOverride: PremiumOverride,
});
export type SettingsInput = z.infer<typeof SettingsInput>;

export const ConnectionReport = z.object({
  buildings: z.array(BuildingListEntry),
  /** Scopes whose probe was refused with 403: they appear to be missing from the token. */
  missingScopes: z.array(Scope),
  /** Scopes that could not be probed (no building to probe with, or not premium). */
  uncheckedScopes: z.array(Scope),
  premium: z.nullable(z.boolean()),
});
export type ConnectionReport = z.infer<typeof ConnectionReport>;

/**
 * A checked write: the worker re-reads the slot and writes only when its lastUpdated is still
 * `expectedLastUpdated` (the version the edit started from); the replaced value goes to history.
 */
export const SaveSlotRequest = z.object({
  target: Target,
  option: OptionNumber,
  title: z.string(),
  data: z.string(),
  expectedLastUpdated: z.nullable(z.string()),
});
export type SaveSlotRequest = z.infer<typeof SaveSlotRequest>;

/** 'saved' carries the slot as re-read after the write; 'conflict' the server's value, unwritten. */
export const SaveOutcome = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), option: PageOption }),
  z.object({ status: z.literal('conflict'), server: PageOption }),
]);
export type SaveOutcome = z.infer<typeof SaveOutcome>;

/** One slot to write, as checked by the import format (data already serialized). */
export const ImportSlotWrite = z.object({ slot: OptionNumber, title: z.string(), data: z.string() });
export type ImportSlotWrite = z.infer<typeof ImportSlotWrite>;

/** A slot of a previewed import: the new value against the current one. */
export const PreviewItem = z.object({
  slot: OptionNumber,
  title: z.string(),
  data: z.string(),
  current: z.nullable(PageOption),
  unchanged: z.boolean(),
});
export type PreviewItem = z.infer<typeof PreviewItem>;

/** Either every problem of the document (nothing may be written) or what would change. */
export const ImportPreview = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('problems'),
    problems: z.array(z.object({ path: z.string(), message: z.string() })),
  }),
  z.object({ status: z.literal('ready'), target: Target, items: z.array(PreviewItem) }),
]);
export type ImportPreview = z.infer<typeof ImportPreview>;

/** An export: a document in the import format (lib/import/format.ts), accepted back unchanged. */
export const ExportedDocument = z.object({
  format: z.string(),
  exportedAt: z.string(),
  target: Target,
  slots: z.array(
    z.object({ slot: z.int(), title: z.string(), data: z.string(), lastUpdated: z.nullable(z.string()) }),
  ),
});

const JobRef = z.object({ id: z.string().check(z.minLength(1)) });

export const protocol = {
  getSettings: { request: Empty, response: resultOf(SettingsView) },
  saveSettings: { request: SettingsInput, response: resultOf(SettingsView) },
  testConnection: { request: SettingsInput, response: resultOf(ConnectionReport) },
  forgetCredentials: { request: Empty, response: resultOf(SettingsView) },
  listBuildings: { request: Empty, response: resultOf(z.array(BuildingListEntry)) },
  readBuilding: { request: BuildingRef, response: resultOf(Building) },
  listRooms: { request: BuildingRef, response: resultOf(z.array(Room)) },
  listTenants: { request: BuildingRef, response: resultOf(z.array(Tenant)) },
  listBankAccounts: { request: BuildingRef, response: resultOf(z.array(LooseRecord)) },
  listTransactions: {
    request: z.object({ bankId: z.string().check(z.minLength(1)), limit: z.int(), skip: z.int() }),
    response: resultOf(z.array(LooseRecord)),
  },
  readOption: { request: z.object({ target: Target, option: OptionNumber }), response: resultOf(PageOption) },
  saveSlot: { request: SaveSlotRequest, response: resultOf(SaveOutcome) },
  previewImport: { request: z.object({ document: z.unknown() }), response: resultOf(ImportPreview) },
  startImport: {
    request: z.object({ target: Target, slots: z.array(ImportSlotWrite) }),
    response: resultOf(JobRef),
  },
  getImportJob: { request: JobRef, response: resultOf(z.nullable(ImportJob)) },
  undoImport: { request: JobRef, response: resultOf(JobRef) },
  cancelImport: { request: JobRef, response: resultOf(JobRef) },
  exportSlots: { request: z.object({ target: Target }), response: resultOf(ExportedDocument) },
} as const;

export type Protocol = typeof protocol;
export type MessageType = keyof Protocol;
export type RequestOf<K extends MessageType> = z.infer<Protocol[K]['request']>;
export type ResponseOf<K extends MessageType> = z.infer<Protocol[K]['response']>;

export const Envelope = z.object({ type: z.string(), payload: z.unknown() });

export function isMessageType(type: string): type is MessageType {
  return Object.hasOwn(protocol, type);
}
