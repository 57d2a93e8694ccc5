/** How wide the grid draws a column: from every record, so widths stay put while rows scroll in. */
import { cellOf } from './table';
import type { RecordTable } from './types';

/** About how many characters wide a column's widest value or its name is (capped: cells cut at 16rem). */
export /** About how many characters wide a column's widest value or its name is (capped: cells cut at 16rem). */
function columnWidth(table: RecordTable, column: string): number {
  let widest = column.length + 2;
  for (const row of table.rows) {
    const value = cellOf(row, column);
    const length = !value
      ? 6
      : value.kind === 'string'
        ? value.value.length
        : value.kind === 'number'
          ? value.raw.length + Math.floor(value.raw.length / 3)
          : value.kind === 'boolean' || value.kind === 'null'
            ? 5
            : 30;
    widest = Math.max(widest, length + 1);
    if (widest >= 30) return 30;
  }
  return widest;
}
