/**
 * Import and export in the full editor: a document from a file, a drop or a paste (or handed over
 * by the popup or the context menu) is checked and previewed by the worker; one Confirm starts the
 * job there. Progress follows the job as stored, so it survives closing and reopening this page.
 *
 * The editor shows it in three of its sections (import, document, backup's restore: the Backup
 * tab, components/backup/BackupTab.tsx, holds its restore and history parts), one at a time: the
 * panel stays mounted across them, and its result (a preview, the job) appears in the section that
 * started it, brought into view as it arrives. Its state is one model
 * (import-panel-model.ts), which the page makes and disposes; what it shows of the page (the
 * target, names, the slots) it reads from `page`.
 */
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { DocumentPanel } from '../document/DocumentPanel';
import { showResult } from '../in-view';
import { CheckResult } from './CheckResult';
import { type PanelProps, namesOf } from './import-panel-model';
import { lazyView } from '../lazy-view';
import { ImportPart } from './ImportPart';
import { JobPart } from './JobPart';
import './import.css';

/** The history reads every kept job from storage: its code loads after the editor's first view. */
const ImportHistory = lazyView(
  () => import('./ImportHistory').then((module) => module.ImportHistory),
  'history_loading',
);

export function ImportPanel({ model }: PanelProps) {
  const section = model.section.value;
  const shows = (part: 'import' | 'document') => section === undefined || section === part;
  return (
    <div class="import" id="import" hidden={section === 'slots'}>
      {shows('import') && <ImportPart model={model} />}
      {shows('document') && <DocumentPart model={model} />}
      <ImportResults model={model} />
      {shows('import') && <HistoryPart model={model} />}
    </div>
  );
}

/** Every kept import with its Undo (or why there is none), in the import and backup sections. */
export function HistoryPart({ model }: PanelProps) {
  const page = model.page.value;
  const part = model.section.value === 'backup' ? 'backup' : 'import';
  return (
    <ImportHistory profileId={page.profileId} undoJob={(id) => model.undoJob(id, part)} {...namesOf(page)} />
  );
}

/** The document across the current target's slots; in its own section, a word when there is none. */
function DocumentPart({ model }: PanelProps) {
  if (model.document.view.value)
    return <DocumentPanel document={model.document} onPreview={model.previewDocument} />;
  return model.section.value === 'document' ? <p class="empty">{t('slots_noTarget')}</p> : null;
}

/** Where a check's result and the job appear: in the section that started them, brought into view. */
function ImportResults({ model }: PanelProps) {
  const results = useRef<HTMLDivElement>(null);
  const check = model.check.check.value;
  const source = model.check.source.value;
  const section = model.section.value;
  // A result that arrives is brought into view: the preview, the problems, the offer, an error.
  useEffect(() => {
    if (check.status !== 'idle' && check.status !== 'checking') showResult(results.current);
  }, [check]);
  return (
    <div
      class="import__results"
      ref={results}
      tabIndex={-1}
      hidden={section !== undefined && section !== model.shownIn.value}
    >
      {source && <p class="hint">{t('import_source', source)}</p>}
      <CheckResult model={model} />
      <JobPart model={model} />
    </div>
  );
}
