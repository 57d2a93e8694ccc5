/** Find in the table (Ctrl+F in the grid comes here): Enter goes to the next cell holding the text. */
import type { RefObject } from 'preact';
import { useId, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { cellText } from '../../lib/records/cells';
import { findCell } from '../../lib/records/find';
import { shownText } from './CellView';
import type { CellAt, RecordsModel } from './records-model';

export function RecordsFind({
  model,
  input,
  onFound,
}: {
  model: RecordsModel;
  input: RefObject<HTMLInputElement>;
  onFound: (at: CellAt) => void;
}) {
  const id = useId();
  const [missing, setMissing] = useState(false);
  const next = (query: string) => {
    const table = model.table.peek();
    // As stored or as shown: 12500.5 and 12.500,5, true and ja.
    const found =
      table && findCell(table, query, model.focus.peek(), (v) => `${cellText(v)}\n${shownText(v)}`);
    setMissing(!found && query.trim() !== '');
    if (found) onFound(found);
  };
  return (
    <div class="records__find">
      <label for={id}>{t('records_find')}</label>
      <input
        ref={input}
        id={id}
        type="search"
        spellcheck={false}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          next(event.currentTarget.value);
        }}
        onInput={() => setMissing(false)}
      />
      <span class="hint" aria-live="polite">
        {missing ? t('records_findNone') : ''}
      </span>
    </div>
  );
}
