/** The document as one text: its length, pretty/minify, and the stored document to start from. */
import { useId, useMemo } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { minifyJson, prettyJson } from '../../lib/slots/validate';
import { useGrowToContent } from '../grow-to-content';
import type { TableSession } from '../records/table-session';
import { LazyTable, TableSwitch } from '../records/TableSwitch';
import { mayBeTable } from '../records/table-session';
import type { TableSource } from '../records/records-model';
import type { ReadonlySignal } from '@preact/signals';

export function DocumentText({
  text,
  textSignal,
  session,
  storedText,
  onChange,
  onLoad,
}: {
  text: string;
  /** The same text as a signal, and its Table view's state (records). */
  textSignal: ReadonlySignal<string>;
  session: TableSession;
  /** The document the slots hold now (joined), when they hold a whole one. */
  storedText: string | null;
  onChange: (text: string) => void;
  /** Puts the stored document into the text: the edit begins again from what the slots hold. */
  onLoad: (text: string) => void;
}) {
  const ids = { text: useId(), count: useId() };
  const box = useGrowToContent(text);
  const source = useMemo<TableSource>(
    () => ({ session, text: textSignal, write: (next) => onChange(next), limit: null }),
    [session, textSignal],
  );
  const asTable = session.view.value === 'table';
  return (
    <div class="field">
      <div class="field__head">
        <label for={ids.text}>{t('doc_text')}</label>
        <TableSwitch session={session} text={text} />
        <span id={ids.count} class="hint">
          {t('doc_length', String(text.length))}
        </span>
      </div>
      {asTable && <LazyTable source={source} label={t('records_documentTable')} />}
      <textarea
        hidden={asTable}
        ref={box}
        id={ids.text}
        rows={10}
        spellcheck={false}
        value={text}
        aria-describedby={ids.count}
        onInput={(event) => onChange(event.currentTarget.value)}
      />
      {storedText !== null && text === '' && <p class="hint">{t('doc_loadHint')}</p>}
      <div class="json-tools">
        {storedText !== null && storedText !== text && (
          <button
            type="button"
            class="button button--small"
            onClick={() => onLoad(prettyJson(storedText) ?? storedText)}
          >
            {t('doc_load')}
          </button>
        )}
        {storedText !== null && !asTable && mayBeTable(storedText) && (
          // One click from the Document tab to its records: the stored document loaded, as a table.
          <button
            type="button"
            class="button button--small"
            onClick={() => {
              if (storedText !== text) onLoad(prettyJson(storedText) ?? storedText);
              session.show('table');
            }}
          >
            {t('doc_editAsTable')}
          </button>
        )}
        <button type="button" class="button button--small" onClick={() => onChange(prettyJson(text) ?? text)}>
          {t('slot_json_pretty')}
        </button>
        <button type="button" class="button button--small" onClick={() => onChange(minifyJson(text) ?? text)}>
          {t('slot_json_minify')}
        </button>
      </div>
    </div>
  );
}
