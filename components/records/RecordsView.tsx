/**
 * The Table view of a text (issue 32), loaded on its first open: the actions, the grid, the size
 * meter and a paste's preview over one model. The text is the draft; the save stays the owner's.
 */
import { useModel } from '@preact/signals';
import { t } from '../../lib/i18n';
import { PastePreview } from './PastePreview';
import { RecordsGrid } from './RecordsGrid';
import { RecordsToolbar } from './RecordsToolbar';
import { RecordsModel, type TableSource } from './records-model';
import { SizeMeter } from './SizeMeter';
import './records.css';

export { describeNotATable } from './records-text';

export function RecordsView({ source, label }: { source: TableSource; label: string }) {
  const model = useModel(() => new RecordsModel(source));
  const table = model.table.value;
  if (!table) return null;
  return (
    <div class="records">
      <RecordsToolbar model={model} />
      <p class="hint">{t('records_keys')}</p>
      {model.message.value && (
        <p class="field-error" role="alert">
          {model.message.value}
        </p>
      )}
      <PastePreview model={model} limit={source.limit} />
      <RecordsGrid model={model} label={label} />
      {table.rows.length === 0 && <p class="empty">{t('records_noRows')}</p>}
      <SizeMeter model={model} source={source} />
    </div>
  );
}
