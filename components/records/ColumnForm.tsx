/** Adding a column (name and type, its value given to every record) or renaming the focused one. */
import { useId, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { CellType } from '../../lib/records/types';
import { typeLabel } from './records-text';
import { CELL_TYPES } from '../../lib/records/cells';

export function ColumnForm({
  mode,
  initial,
  onSubmit,
  onCancel,
}: {
  mode: 'add' | 'rename';
  initial: string;
  /** True when the table kept it (else the refusal shows and the form stays). */
  onSubmit: (name: string, type: CellType) => boolean;
  onCancel: () => void;
}) {
  const ids = { name: useId(), type: useId() };
  const [name, setName] = useState(initial);
  const [type, setType] = useState<CellType>('text');
  return (
    <form
      class="records__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (onSubmit(name, type)) onCancel();
      }}
    >
      <label for={ids.name}>{t('records_columnName')}</label>
      <input
        id={ids.name}
        type="text"
        value={name}
        spellcheck={false}
        onInput={(e) => setName(e.currentTarget.value)}
      />
      {mode === 'add' && (
        <>
          <label for={ids.type}>{t('records_columnType')}</label>
          <select id={ids.type} value={type} onChange={(e) => setType(e.currentTarget.value as CellType)}>
            {CELL_TYPES.map((each) => (
              <option key={each} value={each}>
                {typeLabel(each)}
              </option>
            ))}
          </select>
        </>
      )}
      <button type="submit" class="button button--small button--primary">
        {mode === 'add' ? t('records_addColumn') : t('records_renameColumn')}
      </button>
      <button type="button" class="button button--small" onClick={onCancel}>
        {t('records_cancel')}
      </button>
    </form>
  );
}
