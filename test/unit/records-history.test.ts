/** One undo history: each edit one step, a paste or a sort one step. */
import { describe, expect, it } from 'vitest';
import { applyEdit } from '../../lib/records/edits';
import { HISTORY_LIMIT, historyPush, historyStart, redo, undo } from '../../lib/records/history';
import { tableToText } from '../../lib/records/table';
import type { History, TableEdit } from '../../lib/records/types';
import { DEALER, table } from './records-helpers';

function apply(history: History, edit: TableEdit): History {
  const result = applyEdit(history.present, edit);
  if (!result.ok) throw new Error(JSON.stringify(result.refusal));
  return historyPush(history, result.table);
}

describe('history', () => {
  it('undo and redo step through edits; a paste and a sort are one step each', () => {
    let h = historyStart(table(DEALER));
    h = apply(h, { kind: 'paste', row: 1, column: 'price', grid: [['1'], ['2'], ['3'], ['4']] });
    h = apply(h, { kind: 'sortRows', column: 'price', direction: 'desc' });
    expect(h.past).toHaveLength(2);
    const sorted = tableToText(h.present);
    h = undo(h);
    expect(tableToText(h.present)).toBe(
      DEALER.replace('12500', '1')
        .replace('80000.50', '2')
        .replace('9007199254740993', '3')
        .replace(/]$/, ',{"id":15,"price":4}]'),
    );
    h = undo(h);
    expect(tableToText(h.present)).toBe(DEALER);
    expect(undo(h)).toBe(h);
    h = redo(redo(h));
    expect(tableToText(h.present)).toBe(sorted);
    expect(redo(h)).toBe(h);
  });

  it('an edit after an undo drops the redo steps; an edit that changes nothing adds no step', () => {
    let h = historyStart(table('[{"a":1},{"a":2}]'));
    h = apply(h, { kind: 'moveRows', rows: [1], by: 1 });
    h = undo(h);
    h = apply(h, { kind: 'deleteRows', rows: [2] });
    expect(h.future).toEqual([]);
    expect(apply(h, { kind: 'moveRows', rows: [1], by: -1 })).toBe(h);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    let h = historyStart(table('[{"a":0}]'));
    for (let i = 1; i <= HISTORY_LIMIT + 5; i++)
      h = apply(h, { kind: 'setCell', row: 1, column: 'a', value: { kind: 'number', raw: String(i) } });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(tableToText(h.past[0] as never)).toBe('[{"a":5}]');
  });
});
