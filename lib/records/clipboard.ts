import type { ClipboardGrid, RecordTable } from './types';

export function gridFromClipboard(
  _html: string | undefined,
  _text: string | undefined,
  _parseHtml: (html: string) => Document,
): ClipboardGrid {
  throw new Error('not yet');
}
export function clipboardFromRows(_table: RecordTable, _rowIds: number[]): { text: string; html: string } {
  throw new Error('not yet');
}
