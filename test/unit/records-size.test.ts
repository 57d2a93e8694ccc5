/** The size meter equals the length of the text a save writes, counted as the slot counter counts. */
import { describe, expect, it } from 'vitest';
import { applyEdit } from '../../lib/records/edits';
import { createSizeMeter } from '../../lib/records/size';
import { rowText, tableToText } from '../../lib/records/table';
import type { RecordTable, TableEdit } from '../../lib/records/types';
import { countCharacters } from '../../lib/api/slot-limits';
import { DEALER, dealerList, table } from './records-helpers';

const edit = (t: RecordTable, e: TableEdit) => {
  const result = applyEdit(t, e);
  if (!result.ok) throw new Error('refused');
  return result.table;
};

describe('size meter', () => {
  it.each([
    ['the dealer list', DEALER],
    ['an object around the list', '{"v":2,"cars":[{"a":"🚗"},{"b":1}],"z":null}'],
    ['an empty list', '[]'],
    ['one record', '[{"a":1}]'],
  ])('%s: total is the written length (emoji count 2)', (_, text) => {
    const meter = createSizeMeter();
    const t = table(text);
    expect(meter.measure(t).total).toBe(countCharacters(tableToText(t)));
  });

  it('follows every edit, and names a row cost (its text and comma)', () => {
    const meter = createSizeMeter();
    let t = table(dealerList(440));
    expect(tableToText(t).length).toBeGreaterThan(43_000);
    const edits: TableEdit[] = [
      { kind: 'setCell', row: 5, column: 'name', value: { kind: 'string', value: 'Ä', raw: '"Ä"' } },
      { kind: 'addRow', after: 3 },
      { kind: 'deleteRows', rows: [1, 2] },
      { kind: 'addColumn', name: 'x', type: 'text' },
      { kind: 'sortRows', column: 'price', direction: 'desc' },
    ];
    for (const e of edits) {
      t = edit(t, e);
      const measured = meter.measure(t);
      expect(measured.total).toBe(tableToText(t).length);
      const row = t.rows[7];
      expect(row && measured.row(row.id)).toBe(row && rowText(row).length + 1);
    }
  });
});
