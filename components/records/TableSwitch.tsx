/**
 * The Text | Table switch beside a text that may hold a list of records, the reason when it holds
 * none, and the Table view itself, whose code loads on its first open (a chunk of its own).
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { TableSource } from './records-model';
import { describeNotATable } from './records-text';
import { type TableSession, mayBeTable } from './table-session';

type View = ComponentType<{ source: TableSource; label: string }>;
let loaded: View | null = null;
const load = () => import('./RecordsView').then((m) => (loaded = m.RecordsView));

export function TableSwitch({ session, text }: { session: TableSession; text: string }) {
  const view = session.view.value;
  const reason = session.notATable.value;
  if (view === 'text' && !mayBeTable(text) && !reason) return null;
  return (
    <>
      <div class="records__switch" role="group" aria-label={t('records_view')}>
        <button
          type="button"
          class="button button--small"
          aria-pressed={view === 'text' ? 'true' : 'false'}
          onClick={() => session.show('text')}
        >
          {t('records_viewText')}
        </button>
        <button
          type="button"
          class="button button--small"
          aria-pressed={view === 'table' ? 'true' : 'false'}
          onClick={() => session.show('table')}
        >
          {t('records_viewTable')}
        </button>
      </div>
      {reason && (
        <p class="field-error records__reason" role="alert">
          {t('records_noTable', describeNotATable(reason))}
        </p>
      )}
    </>
  );
}

/** The Table view, once its code is here; a status line until then, the error if it cannot load. */
export function LazyTable(props: { source: TableSource; label: string }) {
  const [View, setView] = useState<View | null>(() => loaded);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!View)
      load().then(
        (v) => setView(() => v),
        (e: unknown) => setFailed(String(e)),
      );
  }, [View]);
  if (failed)
    return (
      <p class="field-error" role="alert">
        {t('view_loadFailed', failed)}
      </p>
    );
  if (!View)
    return (
      <p class="hint" role="status">
        {t('records_loading')}
      </p>
    );
  return <View {...props} />;
}
