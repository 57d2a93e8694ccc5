/** The places of the two full pages a header's menu leads to, and which page offers which. */
import type { MessageKey } from '../../lib/i18n';
import type { IconName } from './menu-icons';

export const PLACES = {
  dashboard: { path: '/dashboard.html', label: 'nav_dashboard', icon: 'dashboard' },
  import: { path: '/editor.html#import-export', label: 'editor_tab_import', icon: 'importExport' },
  document: { path: '/editor.html#document', label: 'editor_tab_document', icon: 'document' },
  backup: { path: '/editor.html#backup', label: 'editor_tab_backup', icon: 'backup' },
} as const satisfies Record<string, { path: string; label: MessageKey; icon: IconName }>;

export type Place = keyof typeof PLACES;
/** What the editor's menu leads to, and a dashboard's. */
export const EDITOR_PLACES: readonly Place[] = ['dashboard'];
export const DASHBOARD_PLACES: readonly Place[] = ['import', 'document', 'backup'];
