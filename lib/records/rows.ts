/**
 * Records changed one key at a time, and the ids new records get: the row's own id and, in a column
 * of whole numbers named like `id`, max + 1.
 */
import { cellOf } from './table';
import type { Entry, Json, RecordRow, RecordTable } from './types';

/** The same text written another way (`"caf\u00e9"` and `"café"`): the literal as stored is kept. */
const sameText = (a: Json, b: Json) => a.kind === 'string' && b.kind === 'string' && a.value === b.value;

/** `row` with `column` set to `value`: in place when present, else at its column's position. */
export function withCell(row: RecordRow, columns: readonly string[], column: string, value: Json): RecordRow {
  const at = row.entries.findIndex(([key]) => key === column);
  const entries = [...row.entries];
  if (at >= 0) {
    const old = row.entries[at] as Entry;
    if (old[1] === value || sameText(old[1], value)) return row;
    entries[at] = old[2] === undefined ? [column, value] : [column, value, old[2]];
  } else {
    // After the last key whose column comes before it (the record's other keys keep their order).
    const place = columns.indexOf(column);
    const after = row.entries.findLastIndex(([key]) => columns.indexOf(key) < place);
    entries.splice(after + 1, 0, [column, value]);
  }
  return { id: row.id, entries };
}

export function withoutCell(row: RecordRow, column: string): RecordRow {
  if (!row.entries.some(([key]) => key === column)) return row;
  return { id: row.id, entries: row.entries.filter(([key]) => key !== column) };
}

/** `id`, `_id`, `car_id`, `car-id`, `carId`, `carID`, `nr`, `no`; not `paid` or `valid`. */
const isIdName = (name: string) => /^(?:_?id|.+[_-]id|nr|no)$/i.test(name) || /[a-z0-9](?:Id|ID)$/.test(name);
const WHOLE = /^-?\d+$/;

/** A column named like `id` whose values are all whole numbers (at least one): its max, as a BigInt. */
export function idColumn(table: RecordTable): { column: string; max: bigint } | null {
  for (const column of table.columns) {
    if (!isIdName(column)) continue;
    let max: bigint | null = null;
    let whole = true;
    for (const row of table.rows) {
      const value = cellOf(row, column);
      if (!value) continue;
      if (value.kind !== 'number' || !WHOLE.test(value.raw)) {
        whole = false;
        break;
      }
      const n = BigInt(value.raw);
      if (max === null || n > max) max = n;
    }
    if (whole && max !== null) return { column, max };
  }
  return null;
}

/** Hands out the next ids of an id-like column (max + 1, max + 2, …) and of the rows. */
export function idSource(table: RecordTable) {
  const ids = idColumn(table);
  let next = ids ? ids.max : 0n;
  let rowId = table.rows.reduce((max, row) => Math.max(max, row.id), 0);
  return {
    column: ids?.column ?? null,
    nextValue: (): Json => {
      next += 1n;
      return { kind: 'number', raw: String(next) };
    },
    nextRowId: () => ++rowId,
  };
}
