/**
 * The size meter: the characters a save would write (lib/slots/count.ts counts them, as the server
 * does), kept incremental: each row's minified length is cached by the row object, which edits
 * replace only for the rows they change, so a keystroke costs one row's serialization.
 */
import { countCharacters } from '../api/slot-limits';
import { rowText, wrapperText } from './table';
import type { RecordRow, SizeMeter, TableWrapper } from './types';

export function createSizeMeter(): SizeMeter {
  const rowLengths = new WeakMap<RecordRow, number>();
  const wrapperLengths = new WeakMap<TableWrapper, number>();
  const rowLength = (row: RecordRow) => {
    let length = rowLengths.get(row);
    if (length === undefined) {
      length = countCharacters(rowText(row));
      rowLengths.set(row, length);
    }
    return length;
  };
  return {
    measure(table) {
      let wrapper = wrapperLengths.get(table.wrapper);
      if (wrapper === undefined) {
        const [before, after] = wrapperText(table);
        wrapper = countCharacters(before) + countCharacters(after);
        wrapperLengths.set(table.wrapper, wrapper);
      }
      let total = wrapper + Math.max(0, table.rows.length - 1);
      const byId = new Map<number, RecordRow>();
      for (const row of table.rows) {
        total += rowLength(row);
        byId.set(row.id, row);
      }
      return {
        total,
        /** A row's characters with its separating comma: what deleting it saves. */
        row: (id: number) => {
          const row = byId.get(id);
          return row ? rowLength(row) + (table.rows.length > 1 ? 1 : 0) : 0;
        },
      };
    },
  };
}
