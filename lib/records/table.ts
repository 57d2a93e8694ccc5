import type { CellType, Json, RecordRow, RecordTable, TableResult } from './types';

export function tableFromText(_text: string): TableResult {
  throw new Error('not yet');
}
export function tableToText(_table: RecordTable): string {
  throw new Error('not yet');
}
export function cellOf(_row: RecordRow, _column: string): Json | undefined {
  throw new Error('not yet');
}
export function cellType(_value: Json): CellType {
  throw new Error('not yet');
}
