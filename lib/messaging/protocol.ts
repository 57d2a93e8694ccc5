/**
 * The message protocol between extension pages and the background worker: a map from message
 * type to its request and response schemas. The handler map is typed from it, so a page cannot
 * send what the worker cannot answer, and both ends validate what crosses.
 *
 * Over 300 lines on purpose: the map is one object literal, one entry per message, so that its type
 * is the protocol's type; split across modules, that type would have to be assembled by hand.
 */
import { AppError } from '../app-error';
import { Priority, QueueView } from '../api/scheduler-types';
import {
  Building,
  BuildingListEntry,
  LooseRecord,
  OptionNumber,
  PageOption,
  Room,
  Scope,
  SlotValue,
  Target,
  Tenant,
  TransactionsPage,
} from '../api/schemas';
import { FactoryDiscovery, FactoryListUnavailable } from '../factories/discovery';
import { MultiTargetDocument } from '../import/format-schema';
import { BackupJob } from '../storage/backup-jobs';
import { PlanStorage, TargetPlan } from '../jobs/multi-plan';
import { PlanCost, PlannedSlot } from '../jobs/write-plan';
import { ProfileEpoch, ProfileId, ProfileMeta } from '../storage/profiles';
import { PortfolioSettings, PortfolioTable } from '../storage/portfolio';
import { PremiumOverride, SecretPersistence, Settings } from '../storage/settings';
import { z } from '../zod';

const resultOf = <T extends z.ZodMiniType>(value: T) =>
  z.union([z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: AppError })]);

const Empty = z.object({});
/**
 * Optional on reads: how urgent the page finds it ('user' for Refresh, 'visible' for what is on
 * screen, 'background' for revalidation) and, within that, an order (visible slots first).
 */
export const RequestHint = z.optional(z.object({ priority: Priority, order: z.optional(z.int()) }));
export type RequestHint = z.infer<typeof RequestHint>;
const BuildingRef = z.object({ buildingId: z.string().check(z.minLength(1)), hint: RequestHint });

/** What pages may know of the settings: whether credentials exist, never their values. */
export const SettingsView = z.object({
  ...Settings.shape,
  profileId: ProfileId,
  name: z.string(),
  color: z.string(),
  hasToken: z.boolean(),
  hasSecret: z.boolean(),
  premium: z.boolean(),
});
export type SettingsView = z.infer<typeof SettingsView>;

/**
 * The options form as submitted, for one profile (the active one when absent). An empty token or
 * secret keeps the stored one, but only while the base URL's origin stays the one they were
 * entered for.
 */
export const SettingsInput = z.object({
  profileId: z.optional(ProfileId),
  baseUrl: z.string(),
  token: z.string(),
  secret: z.string(),
  secretPersistence: SecretPersistence,
  premiumOverride: PremiumOverride,
  requestsPerMinute: z.optional(Settings.shape.requestsPerMinute),
  freshnessMinutes: z.optional(Settings.shape.freshnessMinutes),
});
export type SettingsInput = z.infer<typeof SettingsInput>;

export const ConnectionReport = z.object({
  buildings: z.array(BuildingListEntry),
  /** Scopes whose probe was refused with 403: they appear to be missing from the token. */
  missingScopes: z.array(Scope),
  /** Scopes that could not be probed (no building to probe with, or not premium). */
  uncheckedScopes: z.array(Scope),
  premium: z.nullable(z.boolean()),
  /** The factories GET /factory/list/ answered, or why it answered none. */
  factories: z.union([z.object({ count: z.int() }), FactoryListUnavailable]),
});
export type ConnectionReport = z.infer<typeof ConnectionReport>;

/**
 * A checked write (lib/jobs/checked-write.ts): the worker reads the slot again and writes only while
 * it still holds `expected`, what the edit began from (the one conflict rule, lib/slots/conflict.ts);
 * the replaced value goes to history.
 */
export const SaveSlotRequest = z.object({
  target: Target,
  option: OptionNumber,
  ...SlotValue.shape,
  expected: SlotValue,
});
export type SaveSlotRequest = z.infer<typeof SaveSlotRequest>;

/**
 * 'saved' carries the slot as written (marked as written now; no read after the write), and how the
 * replaced value was kept when storage was full; 'conflict' the server's value, unwritten.
 */
export const SaveOutcome = z.union([
  z.object({
    status: z.literal('saved'),
    option: PageOption,
    /** 'madeRoom': older cached answers or history were removed; 'notKept': see `replaced`. */
    history: z.optional(z.enum(['madeRoom', 'notKept'])),
    /** The replaced value, when storage was too full to keep it in history. */
    replaced: z.optional(PageOption),
  }),
  z.object({ status: z.literal('conflict'), server: PageOption }),
]);
export type SaveOutcome = z.infer<typeof SaveOutcome>;

/**
 * One slot to write, as checked by the import format (data already serialized), with the value
 * its preview showed (`expected`): a slot that holds anything else by then is a conflict.
 */
export const ImportSlotWrite = z.object({
  slot: OptionNumber,
  ...SlotValue.shape,
  expected: z.optional(SlotValue),
});
export type ImportSlotWrite = z.infer<typeof ImportSlotWrite>;

/**
 * A slot of a previewed import, planned by the one write plan (lib/jobs/write-plan.ts): the new
 * value against the one shown (with its time), its status; `unchanged`: nothing to write.
 */
export const PreviewItem = z.object({
  ...PlannedSlot.shape,
  slot: OptionNumber,
  unchanged: z.boolean(),
});
export type PreviewItem = z.infer<typeof PreviewItem>;

/** Either every problem of the document (nothing may be written) or what would change. */
export const ImportPreview = z.union([
  z.object({
    status: z.literal('problems'),
    problems: z.array(z.object({ path: z.string(), message: z.string() })),
  }),
  z.object({ status: z.literal('ready'), target: Target, items: z.array(PreviewItem), cost: PlanCost }),
]);
export type ImportPreview = z.infer<typeof ImportPreview>;

/** An export: a document in the import format (lib/import/format-schema.ts), accepted back unchanged. */
export const ExportedDocument = z.object({
  format: z.string(),
  exportedAt: z.string(),
  target: Target,
  slots: z.array(z.object({ slot: z.int(), ...PageOption.shape })),
});

const JobRef = z.object({ id: z.string().check(z.minLength(1)) });

/** The preview of a write across targets (lib/jobs/multi-plan.ts): per target, cost, storage. */
export const TargetsPreview = z.union([
  z.object({
    status: z.literal('problems'),
    problems: z.array(z.object({ path: z.string(), message: z.string() })),
  }),
  z.object({
    status: z.literal('ready'),
    targets: z.array(TargetPlan),
    cost: PlanCost,
    storage: PlanStorage,
  }),
]);
export type TargetsPreview = z.infer<typeof TargetsPreview>;

/** One slot of a job across targets: its target, the value, and what the preview showed it holds. */
export const TargetSlotWrite = z.object({ ...ImportSlotWrite.shape, target: Target });
export type TargetSlotWrite = z.infer<typeof TargetSlotWrite>;
/** What a write across targets is, as its job is stored (none: an import of a document with several targets). */
export const AcrossKind = z.enum(['restore', 'copy']);
export type AcrossKind = z.infer<typeof AcrossKind>;

export const BackupFile = z.object({ name: z.string(), document: MultiTargetDocument });
export type BackupFile = z.infer<typeof BackupFile>;

/** What every page may know of a profile: no token, no secret. */
export const ProfileView = z.object({
  id: ProfileId,
  name: z.string(),
  color: z.string(),
  baseUrl: z.string(),
  hasToken: z.boolean(),
  epoch: ProfileEpoch,
});
export type ProfileView = z.infer<typeof ProfileView>;
export const ProfilesView = z.object({ active: z.nullable(ProfileId), list: z.array(ProfileView) });
export type ProfilesView = z.infer<typeof ProfilesView>;

const ProfileRef = z.object({ id: ProfileId });

/** Per family of stored data (cache, draft, history, job, …): entries and bytes. */
export const StorageUsage = z.object({
  families: z.record(z.string(), z.object({ count: z.int(), bytes: z.int() })),
  /** The profile's budget per family, in bytes. */
  budgets: z.record(z.string(), z.int()),
});
export type StorageUsage = z.infer<typeof StorageUsage>;
export const ClearableFamily = z.enum(['cache', 'draft', 'history']);
export type ClearableFamily = z.infer<typeof ClearableFamily>;

export const protocol = {
  listProfiles: { request: Empty, response: resultOf(ProfilesView) },
  addProfile: {
    request: z.object({
      name: z.optional(ProfileMeta.shape.name),
      color: z.optional(ProfileMeta.shape.color),
    }),
    response: resultOf(ProfilesView),
  },
  updateProfileMeta: {
    request: z.object({ ...ProfileMeta.shape, ...ProfileRef.shape }),
    response: resultOf(ProfilesView),
  },
  duplicateProfile: { request: ProfileRef, response: resultOf(ProfilesView) },
  removeProfile: { request: ProfileRef, response: resultOf(ProfilesView) },
  activateProfile: { request: ProfileRef, response: resultOf(ProfilesView) },
  /** Sign-out: token, secret, cached answers and queued work go; drafts and history only if asked. */
  forgetProfile: {
    request: z.object({ ...ProfileRef.shape, deleteDraftsAndHistory: z.boolean() }),
    response: resultOf(ProfilesView),
  },
  profileStorage: { request: ProfileRef, response: resultOf(StorageUsage) },
  clearProfileData: {
    request: z.object({ ...ProfileRef.shape, families: z.array(ClearableFamily) }),
    response: resultOf(StorageUsage),
  },
  /** The active profile's settings, or those of `profileId` (the options page edits any profile). */
  getSettings: { request: z.object({ profileId: z.optional(ProfileId) }), response: resultOf(SettingsView) },
  saveSettings: { request: SettingsInput, response: resultOf(SettingsView) },
  testConnection: { request: SettingsInput, response: resultOf(ConnectionReport) },
  listBuildings: { request: z.object({ hint: RequestHint }), response: resultOf(z.array(BuildingListEntry)) },
  listFactories: { request: z.object({ hint: RequestHint }), response: resultOf(FactoryDiscovery) },
  readBuilding: { request: BuildingRef, response: resultOf(Building) },
  listRooms: { request: BuildingRef, response: resultOf(z.array(Room)) },
  listTenants: { request: BuildingRef, response: resultOf(z.array(Tenant)) },
  listBankAccounts: { request: BuildingRef, response: resultOf(z.array(LooseRecord)) },
  listTransactions: {
    request: z.object({
      bankId: z.string().check(z.minLength(1)),
      limit: z.int(),
      skip: z.int(),
      hint: RequestHint,
    }),
    response: resultOf(TransactionsPage),
  },
  readOption: {
    request: z.object({ target: Target, option: OptionNumber, hint: RequestHint }),
    response: resultOf(PageOption),
  },
  saveSlot: { request: SaveSlotRequest, response: resultOf(SaveOutcome) },
  /** `read`: slots not freshly cached are read for the preview (the user asked to see current values). */
  previewImport: {
    request: z.object({ document: z.unknown(), read: z.optional(z.boolean()) }),
    response: resultOf(ImportPreview),
  },
  startImport: {
    /** `finalSlot`: a document's manifest, written last (lib/slots/document.ts); ignored when not among the slots. */
    request: z.object({
      target: Target,
      slots: z.array(ImportSlotWrite),
      finalSlot: z.optional(OptionNumber),
    }),
    response: resultOf(JobRef),
  },
  /** A document with several targets (or a copy's): `read` reads what is not freshly cached (a copy). */
  previewTargets: {
    request: z.object({ document: z.unknown(), read: z.optional(z.boolean()) }),
    response: resultOf(TargetsPreview),
  },
  /** A write across targets: a restore, a copy, or (no kind) an import of a document with several targets. */
  startTargets: {
    request: z.object({ slots: z.array(TargetSlotWrite), kind: z.optional(AcrossKind) }),
    response: resultOf(JobRef),
  },
  undoImport: { request: JobRef, response: resultOf(JobRef) },
  cancelImport: { request: JobRef, response: resultOf(JobRef) },
  /** Goes on with a job paused by the server's wait past the cap. */
  resumeImport: { request: JobRef, response: resultOf(JobRef) },
  /**
   * Settles a slot of a finished job found in conflict, as part of that job: 'mine' writes the
   * job's value over the value shown (kept in history for its Undo); 'server' keeps the later one.
   * Answers `conflict` with the newer value when the slot changed again since.
   */
  settleConflict: {
    request: z.object({
      id: z.string().check(z.minLength(1)),
      target: z.optional(Target),
      slot: OptionNumber,
      choice: z.enum(['mine', 'server']),
    }),
    response: resultOf(
      z.union([
        z.object({ status: z.literal('settled') }),
        z.object({ status: z.literal('conflict'), server: PageOption }),
        /** Settled already in another tab, or the job undone since: nothing written. */
        z.object({ status: z.literal('alreadySettled') }),
      ]),
    ),
  },
  exportSlots: { request: z.object({ target: Target }), response: resultOf(ExportedDocument) },
  /**
   * The queue of the page's profile (its key, and the wait, what is queued, the learned budget);
   * the page then follows it in session storage (lib/storage/request-queues.ts) by its key.
   */
  getRequestQueue: {
    request: Empty,
    response: resultOf(z.object({ key: z.nullable(z.string()), queue: z.nullable(QueueView) })),
  },
  /** "Learn again": the page's key forgets its learned budget; false when nothing was learned. */
  relearnBudget: { request: Empty, response: resultOf(z.object({ forgotten: z.boolean() })) },
  /** Resolves queued requests (all, or an import job's by its id) as aborted. */
  cancelQueuedRequests: {
    request: z.object({ tag: z.optional(z.string()) }),
    response: resultOf(z.object({ cancelled: z.int() })),
  },
  /** The page's profile's portfolio table (null before the first list read); wakes the refresh. */
  getPortfolio: { request: Empty, response: resultOf(z.nullable(PortfolioTable)) },
  /** One row's answers read now, at the user's priority. */
  refreshPortfolioRow: {
    request: z.object({ buildingId: z.string().check(z.minLength(1)) }),
    response: resultOf(z.nullable(PortfolioTable)),
  },
  getPortfolioSettings: { request: Empty, response: resultOf(PortfolioSettings) },
  savePortfolioSettings: { request: PortfolioSettings, response: resultOf(PortfolioSettings) },
  /** "Back up everything": starts the profile's backup job (or answers the one running). */
  startBackup: { request: Empty, response: resultOf(BackupJob) },
  getBackup: { request: Empty, response: resultOf(z.nullable(BackupJob)) },
  cancelBackup: { request: JobRef, response: resultOf(JobRef) },
  /** Goes on with a backup paused by the server's wait past the cap: it reads only the slots it lacks. */
  resumeBackup: { request: JobRef, response: resultOf(JobRef) },
  /** The finished backup as a document of several targets, and the file name to save it under. */
  getBackupFile: { request: Empty, response: resultOf(BackupFile) },
} as const;

export type Protocol = typeof protocol;
export type MessageType = keyof Protocol;
export type RequestOf<K extends MessageType> = z.infer<Protocol[K]['request']>;
export type ResponseOf<K extends MessageType> = z.infer<Protocol[K]['response']>;

/** `profile`: the profile the sending page shows; the worker refuses it once another is active. */
export const Envelope = z.object({ type: z.string(), payload: z.unknown(), profile: z.optional(z.string()) });

export function isMessageType(type: string): type is MessageType {
  return Object.hasOwn(protocol, type);
}
