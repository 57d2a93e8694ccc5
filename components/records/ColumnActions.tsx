/** The table's column actions on the focused cell's column: add, rename (both by a form), remove, move, sort. */
import { t } from '../../lib/i18n';
import type { RecordsModel } from './records-model';
import { ToolbarButton as Button } from './ToolbarButton';

export function ColumnActions(props: {
  model: RecordsModel;
  column: string | undefined;
  onForm: (form: 'add' | 'rename') => void;
}) {
  const { model, column, onForm } = props;
  const none = column === undefined;
  return (
    <div
      class="records__group"
      role="group"
      aria-label={none ? t('records_columns') : t('records_columnNamed', column)}
    >
      <Button label={t('records_addColumn')} onClick={() => onForm('add')} />
      <Button label={t('records_renameColumn')} disabled={none} onClick={() => onForm('rename')} />
      <Button
        label={t('records_removeColumn')}
        disabled={none}
        onClick={() => !none && model.apply({ kind: 'removeColumn', name: column })}
      />
      <Button
        label={t('records_moveLeft')}
        disabled={none}
        onClick={() => !none && model.apply({ kind: 'moveColumn', name: column, by: -1 })}
      />
      <Button
        label={t('records_moveRight')}
        disabled={none}
        onClick={() => !none && model.apply({ kind: 'moveColumn', name: column, by: 1 })}
      />
      <Button
        label={t('records_sortAsc')}
        disabled={none}
        onClick={() => !none && model.apply({ kind: 'sortRows', column, direction: 'asc' })}
      />
      <Button
        label={t('records_sortDesc')}
        disabled={none}
        onClick={() => !none && model.apply({ kind: 'sortRows', column, direction: 'desc' })}
      />
    </div>
  );
}
