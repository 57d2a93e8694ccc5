/**
 * Every name the extension stores a value under, declared once: the single items (one key each)
 * and the per-profile families (`p.<profile>.<family>:<part>:…`). `storedItem` and `storedFamily`
 * take only these names, so no two modules can share one. Each family also says what a sign-out
 * does with it and what bounds its size; test/unit/storage-names.test.ts holds them to it.
 */
import { FIRST_VIEW_KEY, PROFILES_KEY, dashboardTabKey } from './page-keys';
import type { BudgetFamily } from './quota';

/** Single items: the key each one is stored under (zod-free: page first views read some by hand). */
export const ITEM_KEYS = {
  // Read before zod loads (a page's first view): declared in page-keys.ts, zod-free.
  profiles: PROFILES_KEY,
  firstView: FIRST_VIEW_KEY,
  requestQueues: 'requestQueues',
  scheduler: 'scheduler',
  pendingImport: 'pendingImport',
  pendingSelection: 'pendingSelection',
  portfolioSettings: 'portfolioSettings',
  dashboardTabPopup: dashboardTabKey('popup'),
  dashboardTabSidepanel: dashboardTabKey('sidepanel'),
  dashboardTabDashboard: dashboardTabKey('dashboard'),
} as const;

/**
 * What a sign-out (Forget) does with a family: `removed` always; `askFirst` only when the user
 * says drafts and history go too.
 */
export type SignOut = 'removed' | 'askFirst';

/** What bounds a family: its byte budget per profile (quota.ts holds the numbers), or why it needs none. */
export type Bound = { budget: BudgetFamily } | { boundedBy: string };

export interface FamilySpec {
  area: 'local' | 'session';
  signOut: SignOut;
}

/** The per-profile families, by name. */
export const FAMILIES = {
  cache: { area: 'local', signOut: 'removed' },
  history: { area: 'local', signOut: 'askFirst' },
  draft: { area: 'local', signOut: 'askFirst' },
  job: { area: 'local', signOut: 'removed' },
  backup: { area: 'local', signOut: 'removed' },
  backupSlots: { area: 'local', signOut: 'removed' },
  docDraft: { area: 'local', signOut: 'askFirst' },
  portfolio: { area: 'local', signOut: 'removed' },
  alertSeen: { area: 'local', signOut: 'removed' },
  labels: { area: 'local', signOut: 'removed' },
  current: { area: 'local', signOut: 'removed' },
  targets: { area: 'local', signOut: 'removed' },
  credentials: { area: 'local', signOut: 'removed' },
  sessionCredentials: { area: 'session', signOut: 'removed' },
} as const satisfies Record<string, FamilySpec>;

export type FamilyName = keyof typeof FAMILIES;

/**
 * What bounds each family's size. Only the tests read it; a constant of its own, so the worker,
 * which needs the areas and the sign-out rule, does not carry this text.
 */
export const FAMILY_BOUNDS = {
  cache: { budget: 'cache' },
  history: { budget: 'history' },
  draft: { budget: 'draft' },
  job: { boundedBy: 'the finished jobs kept (KEEP_FINISHED); their bytes by jobsBudget (quota.ts)' },
  backup: { boundedBy: 'one backup job per profile' },
  backupSlots: { boundedBy: 'the values of one backup, at most BACKUP_MAX_BYTES (quota.ts)' },
  docDraft: { boundedBy: 'one entry per document being edited (no byte budget yet)' },
  portfolio: { boundedBy: 'one table per profile' },
  alertSeen: { boundedBy: 'one baseline per profile' },
  labels: { boundedBy: 'one entry: a label per building' },
  current: { boundedBy: 'one entry: the current target' },
  targets: { boundedBy: 'one entry: the factories added by hand' },
  credentials: { boundedBy: 'one entry: token and secret' },
  sessionCredentials: { boundedBy: 'one entry: token and secret, until the browser closes' },
} as const satisfies Record<FamilyName, Bound>;

/** The name a family's keys carry: the session credentials share `credentials` in their own area. */
export const familyKeyName = (name: FamilyName): string =>
  name === 'sessionCredentials' ? 'credentials' : name;
