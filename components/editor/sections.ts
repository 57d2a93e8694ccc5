/** The full editor's sections, one tab each, and the section a link opens. */
import type { ImportSection } from '../import/import-panel-model';

export const SECTIONS = [
  { key: 'slots', label: 'editor_tab_slots' },
  { key: 'import', label: 'editor_tab_import' },
  { key: 'document', label: 'editor_tab_document' },
  { key: 'backup', label: 'editor_tab_backup' },
] as const satisfies readonly { key: ImportSection; label: string }[];

/** The section a link opens: #import-export, #import and #selection (handed over), #document, #backup. */
export function sectionOf(hash: string): ImportSection {
  if (hash === '#import-export' || hash === '#import' || hash === '#selection') return 'import';
  if (hash === '#document') return 'document';
  if (hash === '#backup' || hash === '#restore') return 'backup';
  return 'slots';
}
