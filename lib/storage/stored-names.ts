/**
 * Every name the extension stores a value under, in one list (as Bitwarden's state-definitions.ts):
 * what is kept, in which area, and which module declares it. The schema, version and sign-out rule
 * stay on each declaration (lib/storage/registry.ts), which refuses a name this list lacks.
 * Zod-free. (The single-account release's keys are only read and removed: lib/migrations/.)
 */
import type { StorageArea } from './area';
import { FIRST_VIEW_KEY, PROFILES_KEY, dashboardTabKey } from './page-keys';

/** Single values, one key each: name -> the module that declares it. */
export const STORED_ITEMS = {
  local: {
    [PROFILES_KEY]: 'profiles.ts',
    [FIRST_VIEW_KEY]: 'first-view.ts',
    portfolioSettings: 'portfolio.ts',
    [dashboardTabKey('popup')]: 'dashboard-tab.ts',
    [dashboardTabKey('sidepanel')]: 'dashboard-tab.ts',
    [dashboardTabKey('dashboard')]: 'dashboard-tab.ts',
  },
  session: {
    requestQueues: 'request-queues.ts',
    scheduler: 'scheduler-state.ts',
    pendingImport: 'pending.ts',
    pendingSelection: 'pending.ts',
  },
} as const;

/** Per-profile families, keys `p.<profile>.<name>:<part>:…`: name -> the module that declares it. */
export const STORED_FAMILIES = {
  local: {
    cache: 'cache.ts',
    history: 'history.ts',
    draft: 'drafts.ts',
    docDraft: 'document-drafts.ts',
    current: 'current-target.ts',
    labels: 'labels.ts',
    targets: 'added-factories.ts',
    placeholder: 'placeholder.ts',
    factoryNotice: 'factory-notice.ts',
    job: 'jobs.ts',
    backup: 'backup-jobs.ts',
    backupSlots: 'backup-jobs.ts',
    portfolio: 'portfolio.ts',
    alertSeen: 'portfolio.ts',
    credentials: 'credentials.ts',
  },
  session: {
    credentials: 'credentials.ts',
  },
} as const;

/** Whether `name` is listed above for its kind and area. */
export function isListedName(kind: 'item' | 'family', area: StorageArea, name: string): boolean {
  const list: Record<string, string> = (kind === 'item' ? STORED_ITEMS : STORED_FAMILIES)[area];
  return Object.hasOwn(list, name);
}
