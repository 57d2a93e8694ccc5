/** One value as a cell shows it: absent, null and "" each look their own; a mixed column names each value's type. */
import { t } from '../../lib/i18n';
import { cellText } from '../../lib/records/cells';
import { cellType } from '../../lib/records/table';
import type { Json } from '../../lib/records/types';
import { typeLabel } from './records-text';

export function CellView({ value, showType }: { value: Json | undefined; showType: boolean }) {
  if (value === undefined) return <span class="cell cell--absent">{t('records_absent')}</span>;
  const type = cellType(value);
  const text = cellText(value);
  return (
    <>
      {value.kind === 'string' && text === '' ? (
        <span class="cell cell--empty">{t('records_emptyText')}</span>
      ) : (
        <span class={`cell cell--${type}`}>{text}</span>
      )}
      {showType && <span class="cell__type">{typeLabel(type)}</span>}
    </>
  );
}
