import type { EditResult, PastePlan, RecordTable, TableEdit } from './types';

export function applyEdit(_table: RecordTable, _edit: TableEdit): EditResult {
  throw new Error('not yet');
}
export function pastePlan(
  _table: RecordTable,
  _at: { row: number; column: string },
  _grid: string[][],
): PastePlan {
  throw new Error('not yet');
}
