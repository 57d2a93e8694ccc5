/**
 * The Table toggle beside a text that may hold a list of records, the reason when it holds none,
 * and the Table view itself, whose code loads on its first open (a chunk of its own). Kept small:
 * this much is in the first scripts of the editor.
 */
import { t } from '../../lib/i18n';
import { lazyView } from '../lazy-view';
import { type TableSession, mayBeTable } from './table-session';

type Loaded = typeof import('./RecordsView');
/** The table's module once loaded: a reason is only ever set by its code, so it is here to word one. */
let loaded: Loaded | null = null;
const load = () => import('./RecordsView').then((m) => (loaded = m));

export function TableSwitch({ session, text }: { session: TableSession; text: string }) {
  const table = session.view.value === 'table';
  const reason = session.notATable.value;
  if (!table && !mayBeTable(text) && !reason) return null;
  return (
    <>
      <button
        type="button"
        class="button button--small"
        aria-pressed={table ? 'true' : 'false'}
        onClick={() => session.show(table ? 'text' : 'table')}
      >
        {t('records_viewTable')}
      </button>
      {reason && loaded && (
        <p class="field-error records__reason" role="alert">
          {t('records_noTable', loaded.describeNotATable(reason))}
        </p>
      )}
    </>
  );
}

/** The Table view, once its code is here; a status line until then (or why it could not load). */
export const LazyTable = lazyView(() => load().then((m) => m.RecordsView), 'records_loading');
