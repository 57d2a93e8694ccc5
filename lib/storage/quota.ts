/**
 * How much of storage.local the extension lets itself use. The browser gives an extension 10 MB
 * there (Chrome's QUOTA_BYTES; Firefox allows as much without `unlimitedStorage`). The budgets of
 * all profiles together take at most TOTAL_BUDGETS (5.5 MB, 52 % of the quota), which leaves 4.7 MB
 * for import jobs, profiles, labels and everything else. Each profile gets its own budget per family
 * (PROFILE_BUDGETS with one profile), shared out evenly when there are more.
 */
export const STORAGE_QUOTA_BYTES = 10_485_760;

export const TOTAL_BUDGETS = { cache: 1_500_000, history: 3_000_000, draft: 1_000_000 } as const;
/** Bytes per profile (UTF-16 code units of key + JSON) when it is the only one. */
export const PROFILE_BUDGETS = { cache: 1_000_000, history: 2_000_000, draft: 500_000 } as const;
export type BudgetFamily = keyof typeof PROFILE_BUDGETS;
export type Budgets = Record<BudgetFamily, number>;

/** One profile's budgets when `profiles` profiles exist: never more than their share of the total. */
export function budgetsFor(profiles: number): Budgets {
  const share = (family: BudgetFamily) =>
    Math.min(PROFILE_BUDGETS[family], Math.floor(TOTAL_BUDGETS[family] / Math.max(1, profiles)));
  return { cache: share('cache'), history: share('history'), draft: share('draft') };
}

/**
 * No single cached answer is larger than this (a fifth of one profile's cache budget): a slot
 * answer within the spec's limits (64 + 2400 characters) takes at most ~32 KB even with every
 * character escaped, and a slot answer beyond those limits is not cached at all either. A larger
 * answer is beyond anything the spec describes; it is shown, never kept.
 */
export const CACHE_ENTRY_MAX_BYTES = 200_000;

/**
 * What one import job across targets may take, with the backups it keeps in history until it can
 * no longer be undone: under half of what the budgets leave free (4.7 MB). A larger restore is
 * refused before Confirm, saying so (restore fewer targets at once).
 */
export const JOB_MAX_BYTES = 2_000_000;

/**
 * What the kept jobs of all profiles take together, records and the history they keep for Undo:
 * one pool of one job's bound, whichever profile holds them (a profile holding nothing leaves its
 * room to the others). Past it the oldest finished job's undo data goes first
 * (lib/storage/jobs.ts); a running job is never cut, nor a job's own undo data for itself.
 */
export const JOBS_BUDGET = JOB_MAX_BYTES;

/**
 * What the backups (lib/storage/backup-jobs.ts) may hold: 50 targets × 20 slots × 2.56 KB = 2.56 MB
 * of the 4.7 MB the budgets leave, shared out evenly when there are several profiles. A backup that
 * would need more is refused before it starts. With a restore job's JOB_MAX_BYTES that is 4.56 MB:
 * both fit in what the budgets leave at once.
 */
export const BACKUP_MAX_BYTES = 2_560_000;

/** One profile's backup bound when `profiles` profiles exist: their share of BACKUP_MAX_BYTES. */
export const backupBudget = (profiles: number) => Math.floor(BACKUP_MAX_BYTES / Math.max(1, profiles));

/** The bytes a stored value takes, as the budgets count them. */
export const storedSize = (key: string, value: unknown) =>
  key.length + JSON.stringify({ v: 1, value }).length;

/** Whether an error is the browser refusing a write because the storage area is full. */
export function isQuotaError(error: unknown): boolean {
  return /quota/i.test(String(error instanceof Error ? error.message : error));
}
