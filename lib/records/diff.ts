/**
 * Two versions of a list as records (a conflict: ours against the server's): which records were
 * added, removed or changed. Records are matched by their id-like column when both versions have
 * one (then a changed record is one id with other values), else by their whole text (then a change
 * shows as one removed and one added).
 */
import { minify } from './exact-json';
import { idColumn } from './rows';
import { cellOf, rowText } from './table';
import type { RecordRow, RecordTable } from './types';

/** A record with its 1-based place in its version. */
export interface PlacedRecord {
  place: number;
  row: RecordRow;
}

export interface RecordsDiff {
  /** The column records were matched by, null when by their text. */
  matchedBy: string | null;
  added: PlacedRecord[];
  removed: PlacedRecord[];
  changed: { before: PlacedRecord; after: PlacedRecord }[];
}

export function diffRecords(before: RecordTable, after: RecordTable): RecordsDiff {
  const ids = idColumn(before);
  const column = ids && idColumn(after)?.column === ids.column ? ids.column : null;
  const keyOf = (row: RecordRow) => {
    const id = column === null ? undefined : cellOf(row, column);
    return id ? `id:${minify(id)}` : `text:${rowText(row)}`;
  };
  const waiting = new Map<string, PlacedRecord[]>();
  before.rows.forEach((row, i) => {
    const key = keyOf(row);
    waiting.set(key, [...(waiting.get(key) ?? []), { place: i + 1, row }]);
  });
  const diff: RecordsDiff = { matchedBy: column, added: [], removed: [], changed: [] };
  after.rows.forEach((row, i) => {
    const placed = { place: i + 1, row };
    const match = waiting.get(keyOf(row))?.shift();
    if (!match) diff.added.push(placed);
    else if (rowText(match.row) !== rowText(row)) diff.changed.push({ before: match, after: placed });
  });
  for (const left of waiting.values()) diff.removed.push(...left);
  diff.removed.sort((a, b) => a.place - b.place);
  return diff;
}
