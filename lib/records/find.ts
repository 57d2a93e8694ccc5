/** Find in the table: the next cell whose text holds the query (any case), row by row, wrapping round. */
import { cellText } from './cells';
import { cellOf } from './table';
import type { Json, RecordTable } from './types';

export interface FoundCell {
  row: number;
  column: string;
}

/** `textOf`: the text a cell is searched in (by default as stored; a view adds what it shows). */
export function findCell(
  table: RecordTable,
  query: string,
  after: FoundCell | null,
  textOf: (value: Json) => string = cellText,
): FoundCell | null {
  const wanted = query.trim().toLocaleLowerCase();
  if (wanted === '' || table.columns.length === 0) return null;
  const width = table.columns.length;
  const total = table.rows.length * width;
  const start = after
    ? table.rows.findIndex((r) => r.id === after.row) * width + table.columns.indexOf(after.column)
    : -1;
  for (let step = 1; step <= total; step++) {
    const at = (((start + step) % total) + total) % total;
    const row = table.rows[Math.floor(at / width)];
    const column = table.columns[at % width];
    if (!row || column === undefined) continue;
    const value = cellOf(row, column);
    if (value && textOf(value).toLocaleLowerCase().includes(wanted)) return { row: row.id, column };
  }
  return null;
}
