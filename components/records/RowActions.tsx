/** The table's row actions: add, then duplicate, delete, move and copy the checked rows (else the focused one). */
import { t } from '../../lib/i18n';
import type { RecordsModel } from './records-model';
import { ToolbarButton as Button } from './ToolbarButton';

async function copyToClipboard(rows: { text: string; html: string }): Promise<void> {
  const blob = (text: string, type: string) => new Blob([text], { type });
  if (typeof ClipboardItem === 'function' && navigator.clipboard?.write) {
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/plain': blob(rows.text, 'text/plain'),
        'text/html': blob(rows.html, 'text/html'),
      }),
    ]);
  } else await navigator.clipboard.writeText(rows.text);
}

/** `row`: the focused row's id, null when there is none. */
export function RowActions({ model, row }: { model: RecordsModel; row: number | null }) {
  const noRow = row === null;
  const rows = () => model.targetRows();
  return (
    <div class="records__group" role="group" aria-label={t('records_rows')}>
      <Button label={t('records_addRowEnd')} onClick={() => model.apply({ kind: 'addRow' })} />
      <Button
        label={t('records_addRowBelow')}
        disabled={noRow}
        onClick={() => row !== null && model.apply({ kind: 'addRow', after: row })}
      />
      <Button
        label={t('records_duplicate')}
        disabled={noRow}
        onClick={() => model.apply({ kind: 'duplicateRows', rows: rows() })}
      />
      <Button
        label={
          model.selected.value.size > 1
            ? t('records_deleteRows', String(model.selected.value.size))
            : t('records_deleteRow')
        }
        disabled={noRow}
        onClick={() => (
          model.apply({ kind: 'deleteRows', rows: rows() }),
          (model.selected.value = new Set())
        )}
      />
      <Button
        label={t('records_moveUp')}
        disabled={noRow}
        onClick={() => model.apply({ kind: 'moveRows', rows: rows(), by: -1 })}
      />
      <Button
        label={t('records_moveDown')}
        disabled={noRow}
        onClick={() => model.apply({ kind: 'moveRows', rows: rows(), by: 1 })}
      />
      <Button
        label={t('records_copyRows')}
        disabled={noRow}
        onClick={() => {
          const copied = model.copyRows();
          if (copied)
            void copyToClipboard(copied).then(
              () => (model.message.value = t('records_copied')),
              (e: unknown) => (model.message.value = t('records_copyFailed', String(e))),
            );
        }}
      />
    </div>
  );
}
