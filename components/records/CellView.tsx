/**
 * One value as a cell shows it: absent, null and "" each look their own; a mixed column names each
 * value's type; a line break in text shows as ↵.
 */
import { t } from '../../lib/i18n';
import { cellText, cellType } from '../../lib/records/cells';
import { type DecimalMark, decimalMarkOf, formatLocaleNumber } from '../../lib/records/locale-number';
import { uiLanguage } from '../display-format';
import type { Json } from '../../lib/records/types';
import { typeLabel } from './records-text';

export function CellView({ value, showType }: { value: Json | undefined; showType: boolean }) {
  if (value === undefined) return <span class="cell cell--absent">{t('records_absent')}</span>;
  const type = cellType(value);
  const text = shownText(value);
  return (
    <>
      {value.kind === 'string' && text === '' ? (
        <span class="cell cell--empty">{t('records_emptyText')}</span>
      ) : (
        <span class={`cell cell--${type}`}>{withBreaks(text)}</span>
      )}
      {showType && <span class="cell__type">{typeLabel(type)}</span>}
    </>
  );
}

let mark: DecimalMark | undefined;

/** A number grouped with the language's decimal mark, yes/no in its words; edits show the raw value. */
export function shownText(value: Json): string {
  if (value.kind === 'number') return formatLocaleNumber(value.raw, (mark ??= decimalMarkOf(uiLanguage())));
  if (value.kind === 'boolean') return value.value ? t('state_yes') : t('state_no');
  return cellText(value);
}

/** A kept line break shown as ↵ (rows keep one line each), named for a screen reader. */
function withBreaks(text: string) {
  if (!text.includes('\n')) return text;
  return text.split('\n').map((line, i) => (
    <>
      {i > 0 && (
        <span class="cell__break" title={t('records_lineBreak')}>
          <span aria-hidden="true">↵</span>
          <span class="visually-hidden">{t('records_lineBreak')}</span>
        </span>
      )}
      {line}
    </>
  ));
}
