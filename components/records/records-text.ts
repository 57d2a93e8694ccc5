/** The records table's words: the core's codes (why no table, why an edit was refused) as sentences. */
import { t } from '../../lib/i18n';
import type { CellRefusalCode, CellType, EditRefusal, NotATable } from '../../lib/records/types';

export type ViewRefusal =
  | EditRefusal
  | { code: 'clipboard'; clipboard: 'empty' | 'notATable' | 'tooManyRows'; limit?: number | undefined };

const KINDS = {
  string: 'records_kind_string',
  number: 'records_kind_number',
  boolean: 'records_kind_boolean',
  null: 'records_kind_null',
  array: 'records_kind_array',
} as const;

export function describeNotATable(reason: NotATable): string {
  switch (reason.code) {
    case 'syntax':
      return t('records_not_syntax', String(reason.offset));
    case 'notAList':
      return t('records_not_list');
    case 'itemNotRecord':
      return t('records_not_record', [String(reason.item), t(KINDS[reason.kind])]);
    case 'duplicateKey':
      return t('records_not_duplicate', [reason.key, String(reason.record)]);
    case 'severalLists':
      return t('records_not_several', reason.keys.join(', '));
  }
}

/** Each cell type's label (the types are declared once, in lib/records/cells.ts). */
const TYPES = {
  text: 'records_type_text',
  number: 'records_type_number',
  boolean: 'records_type_boolean',
  null: 'records_type_null',
  json: 'records_type_json',
} as const satisfies Record<CellType, string>;

export const typeLabel = (type: CellType | 'mixed') =>
  type === 'mixed' ? t('records_type_mixed') : t(TYPES[type]);

export function cellRefusal(code: CellRefusalCode, detail?: string): string {
  if (code === 'notANumber')
    return detail ? t('records_cell_notANumberHint', detail) : t('records_cell_notANumber');
  if (code === 'notJson') return t('records_cell_notJson', detail ?? '');
  if (code === 'notBoolean') return t('records_cell_notBoolean');
  return t('records_cell_tooLong');
}

export function describeRefusal(refusal: ViewRefusal): string {
  switch (refusal.code) {
    case 'columnExists':
      return t('records_refused_columnExists', refusal.name);
    case 'emptyColumnName':
      return t('records_refused_emptyColumn');
    case 'reservedName':
      return t('records_refused_reserved', refusal.name);
    case 'unknownColumn':
    case 'unknownRow':
      return t('records_refused_gone');
    case 'cellRefused':
      return cellRefusal(refusal.cell, refusal.detail);
    case 'clipboard':
      if (refusal.clipboard === 'tooManyRows') return t('records_paste_tooMany', String(refusal.limit ?? ''));
      return refusal.clipboard === 'empty' ? t('records_paste_empty') : t('records_paste_notATable');
  }
}
