/** Table edits: each changes what it says and nothing else, written back exactly. */
import { describe, expect, it } from 'vitest';
import { parseCell } from '../../lib/records/cells';
import { applyEdit } from '../../lib/records/edits';
import { parseExact } from '../../lib/records/exact-json';
import { tableToText } from '../../lib/records/table';
import type { Json, RecordTable, TableEdit } from '../../lib/records/types';
import { DEALER, table } from './records-helpers';

const json = (text: string): Json => {
  const parsed = parseExact(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value;
};

function edit(t: RecordTable, ...edits: TableEdit[]): RecordTable {
  for (const e of edits) {
    const result = applyEdit(t, e);
    if (!result.ok) throw new Error(JSON.stringify(result.refusal));
    t = result.table;
  }
  return t;
}

const text = (source: string, ...edits: TableEdit[]) => tableToText(edit(table(source), ...edits));

describe('cells', () => {
  it('setCell changes one value; untouched rows stay the same objects', () => {
    const before = table(DEALER);
    const after = edit(before, { kind: 'setCell', row: 2, column: 'price', value: json('79999.00') });
    expect(tableToText(after)).toBe(DEALER.replace('80000.50', '79999.00'));
    expect(after.rows[0]).toBe(before.rows[0]);
    expect(after.rows[2]).toBe(before.rows[2]);
  });

  it('an absent key goes in at its column position', () => {
    expect(text(DEALER, { kind: 'setCell', row: 2, column: 'img', value: json('"b.jpg"') })).toContain(
      '"sold":true,"img":"b.jpg"}',
    );
    expect(
      text('[{"a":1,"b":2,"c":3},{"c":3,"a":1}]', { kind: 'setCell', row: 2, column: 'b', value: json('0') }),
    ).toBe('[{"a":1,"b":2,"c":3},{"c":3,"a":1,"b":0}]');
    expect(
      text('[{"a":1,"b":2,"c":3},{"c":3}]', { kind: 'setCell', row: 2, column: 'a', value: json('0') }),
    ).toBe('[{"a":1,"b":2,"c":3},{"a":0,"c":3}]');
  });

  it('clearCell makes the key absent; the column stays', () => {
    const t = edit(table(DEALER), { kind: 'clearCell', row: 1, column: 'img' });
    expect(tableToText(t)).toBe(DEALER.replace(',"img":"https://x.test/a4.jpg"', ''));
    expect(t.columns).toContain('img');
  });

  it('the same text typed again keeps its literal as stored (escapes included)', () => {
    const t = table('[{"a":"caf\\u00e9"}]');
    const typed = parseCell('café', 'text');
    expect(typed.ok && applyEdit(t, { kind: 'setCell', row: 1, column: 'a', value: typed.value })).toEqual({
      ok: true,
      table: t,
    });
  });

  it('a type change on purpose: "5" to 5', () => {
    const value = parseCell('5', 'number');
    expect(
      value.ok && text('[{"a":"5"}]', { kind: 'setCell', row: 1, column: 'a', value: value.value }),
    ).toBe('[{"a":5}]');
  });

  it('refuses an unknown row or column', () => {
    expect(applyEdit(table(DEALER), { kind: 'setCell', row: 9, column: 'id', value: json('1') })).toEqual({
      ok: false,
      refusal: { code: 'unknownRow', row: 9 },
    });
    expect(applyEdit(table(DEALER), { kind: 'clearCell', row: 1, column: 'nope' })).toEqual({
      ok: false,
      refusal: { code: 'unknownColumn', name: 'nope' },
    });
  });
});

describe('rows', () => {
  it('a new record gets max + 1 in an id-like column of whole numbers, at the end or below a row', () => {
    expect(text(DEALER, { kind: 'addRow' })).toBe(DEALER.replace(/]$/, ',{"id":15}]'));
    const t = edit(table(DEALER), { kind: 'addRow', after: 1 });
    expect(tableToText(t)).toContain('"img":"https://x.test/a4.jpg"},{"id":15},{"id":13');
    expect(new Set(t.rows.map((r) => r.id)).size).toBe(4);
  });

  it('max + 1 beyond 2^53 is exact; no id column gives an empty record', () => {
    expect(text('[{"id":9007199254740993}]', { kind: 'addRow' })).toBe(
      '[{"id":9007199254740993},{"id":9007199254740994}]',
    );
    expect(text('[{"carId":1},{"carId":7}]', { kind: 'addRow' })).toBe(
      '[{"carId":1},{"carId":7},{"carId":8}]',
    );
    expect(text('[{"id":"a1"}]', { kind: 'addRow' })).toBe('[{"id":"a1"},{}]');
    expect(text('[{"id":1.5}]', { kind: 'addRow' })).toBe('[{"id":1.5},{}]');
    expect(text('[{"idea":1}]', { kind: 'addRow' })).toBe('[{"idea":1},{}]');
    expect(text('[{"paid":1}]', { kind: 'addRow' })).toBe('[{"paid":1},{}]');
    expect(text('[{"car_id":3}]', { kind: 'addRow' })).toBe('[{"car_id":3},{"car_id":4}]');
    expect(text('[{"ID":3}]', { kind: 'addRow' })).toBe('[{"ID":3},{"ID":4}]');
  });

  it('duplicate puts each copy below its original, with a new id', () => {
    expect(
      text('[{"id":1,"n":"a"},{"id":2,"n":"b"},{"id":3,"n":"c"}]', { kind: 'duplicateRows', rows: [1, 3] }),
    ).toBe('[{"id":1,"n":"a"},{"id":4,"n":"a"},{"id":2,"n":"b"},{"id":3,"n":"c"},{"id":5,"n":"c"}]');
    expect(text('[{"n":"a"}]', { kind: 'duplicateRows', rows: [1] })).toBe('[{"n":"a"},{"n":"a"}]');
  });

  it('delete several; move up and down (a no-op at the edges)', () => {
    expect(text('[{"a":1},{"a":2},{"a":3}]', { kind: 'deleteRows', rows: [1, 3] })).toBe('[{"a":2}]');
    expect(text('[{"a":1},{"a":2},{"a":3}]', { kind: 'moveRows', rows: [3], by: -1 })).toBe(
      '[{"a":1},{"a":3},{"a":2}]',
    );
    expect(text('[{"a":1},{"a":2}]', { kind: 'moveRows', rows: [1], by: 1 })).toBe('[{"a":2},{"a":1}]');
    const t = table('[{"a":1},{"a":2}]');
    expect(applyEdit(t, { kind: 'moveRows', rows: [1], by: -1 })).toEqual({ ok: true, table: t });
  });

  it('fills down: the cell above into one row, the topmost checked row’s into the others; absent stays absent', () => {
    const four = '[{"a":1,"b":"x"},{"a":2},{"a":3,"b":"z"},{"a":4,"b":"w"}]';
    expect(text(four, { kind: 'fillDown', rows: [2], column: 'b' })).toBe(
      '[{"a":1,"b":"x"},{"a":2,"b":"x"},{"a":3,"b":"z"},{"a":4,"b":"w"}]',
    );
    expect(text(four, { kind: 'fillDown', rows: [4, 1, 3], column: 'b' })).toBe(
      '[{"a":1,"b":"x"},{"a":2},{"a":3,"b":"x"},{"a":4,"b":"x"}]',
    );
    expect(text(four, { kind: 'fillDown', rows: [3], column: 'b' })).toBe(
      '[{"a":1,"b":"x"},{"a":2},{"a":3},{"a":4,"b":"w"}]',
    );
    const t = table(four);
    expect(applyEdit(t, { kind: 'fillDown', rows: [1], column: 'b' })).toEqual({ ok: true, table: t });
  });

  it('moves several chosen rows together; a block at the edge stays and the rest close up to it', () => {
    const five = '[{"a":1},{"a":2},{"a":3},{"a":4},{"a":5}]';
    expect(text(five, { kind: 'moveRows', rows: [2, 4], by: -1 })).toBe(
      '[{"a":2},{"a":1},{"a":4},{"a":3},{"a":5}]',
    );
    expect(text(five, { kind: 'moveRows', rows: [3, 4], by: 1 })).toBe(
      '[{"a":1},{"a":2},{"a":5},{"a":3},{"a":4}]',
    );
    expect(text(five, { kind: 'moveRows', rows: [1, 2, 4], by: -1 })).toBe(
      '[{"a":1},{"a":2},{"a":4},{"a":3},{"a":5}]',
    );
    expect(applyEdit(table(five), { kind: 'moveRows', rows: [9], by: 1 })).toMatchObject({ ok: false });
  });
});

describe('columns', () => {
  it('add: the value in every record at the column position; refuses "" and an existing name', () => {
    expect(text('[{"a":1,"b":2},{"b":3}]', { kind: 'addColumn', name: 'c', type: 'number', at: 1 })).toBe(
      '[{"a":1,"c":0,"b":2},{"c":0,"b":3}]',
    );
    expect(text('[{"a":1}]', { kind: 'addColumn', name: 'x', type: 'text', value: json('"-"') })).toBe(
      '[{"a":1,"x":"-"}]',
    );
    const t = table('[{"a":1}]');
    expect(applyEdit(t, { kind: 'addColumn', name: '', type: 'text' })).toEqual({
      ok: false,
      refusal: { code: 'emptyColumnName' },
    });
    expect(applyEdit(t, { kind: 'addColumn', name: 'a', type: 'text' })).toEqual({
      ok: false,
      refusal: { code: 'columnExists', name: 'a' },
    });
  });

  it('a column named "" that exists is kept and edited', () => {
    expect(text('[{"":1,"a":2}]', { kind: 'setCell', row: 1, column: '', value: json('3') })).toBe(
      '[{"":3,"a":2}]',
    );
  });

  it('__proto__ and constructor as column names are plain keys', () => {
    const t = edit(
      table('[{"a":1}]'),
      { kind: 'addColumn', name: '__proto__', type: 'text' },
      { kind: 'addColumn', name: 'constructor', type: 'number' },
      { kind: 'renameColumn', from: 'a', to: 'toString' },
    );
    expect(tableToText(t)).toBe('[{"toString":1,"__proto__":"","constructor":0}]');
    expect(t.columns).toEqual(['toString', '__proto__', 'constructor']);
  });

  it('rename keeps the key position in each record; refuses an existing name', () => {
    expect(text('[{"a":1,"b":2},{"b":3,"a":4}]', { kind: 'renameColumn', from: 'a', to: 'z' })).toBe(
      '[{"z":1,"b":2},{"b":3,"z":4}]',
    );
    expect(applyEdit(table('[{"a":1,"b":2}]'), { kind: 'renameColumn', from: 'a', to: 'b' })).toEqual({
      ok: false,
      refusal: { code: 'columnExists', name: 'b' },
    });
    expect(applyEdit(table('[{"a":1,"b":2}]'), { kind: 'renameColumn', from: 'a', to: '' })).toEqual({
      ok: false,
      refusal: { code: 'emptyColumnName' },
    });
  });

  it('remove takes the key out of every record', () => {
    expect(text(DEALER, { kind: 'removeColumn', name: 'img' })).toBe(
      DEALER.replace(',"img":"https://x.test/a4.jpg"', '').replace(',"img":""', ''),
    );
  });

  it('move: every record key order follows', () => {
    const t = edit(table('[{"a":1,"b":2,"c":3},{"c":4,"a":5}]'), { kind: 'moveColumn', name: 'c', by: -1 });
    expect(t.columns).toEqual(['a', 'c', 'b']);
    expect(tableToText(t)).toBe('[{"a":1,"c":3,"b":2},{"a":5,"c":4}]');
    expect(text('[{"a":1,"b":2}]', { kind: 'moveColumn', name: 'a', by: 1 })).toBe('[{"b":2,"a":1}]');
  });
});

describe('sort', () => {
  it('numbers by value, big literals and 20 decimals exactly; stable; absent last', () => {
    const source =
      '[{"n":1,"p":9007199254740993},{"n":2,"p":9007199254740992},{"n":3},{"n":4,"p":1e3},{"n":5,"p":-2},' +
      '{"n":6,"p":0.12345678901234567891},{"n":7,"p":0.12345678901234567890},{"n":8,"p":1000.0}]';
    const order = (direction: 'asc' | 'desc') =>
      (JSON.parse(text(source, { kind: 'sortRows', column: 'p', direction })) as { n: number }[]).map(
        (r) => r.n,
      );
    expect(order('asc')).toEqual([5, 7, 6, 4, 8, 2, 1, 3]);
    expect(order('desc')).toEqual([1, 2, 4, 8, 6, 7, 5, 3]);
  });

  it('text by the locale collation, numbers before text in a mixed column', () => {
    const source =
      '[{"s":"Zebra"},{"s":"äpfel"},{"s":"Apfel"},{"s":10},{"s":"item 10"},{"s":"item 9"},{"s":2}]';
    expect(text(source, { kind: 'sortRows', column: 's', direction: 'asc' })).toBe(
      '[{"s":2},{"s":10},{"s":"Apfel"},{"s":"äpfel"},{"s":"item 9"},{"s":"item 10"},{"s":"Zebra"}]',
    );
  });

  it('a sort that changes nothing returns the same table (no history step)', () => {
    const t = table('[{"a":1},{"a":2}]');
    expect(applyEdit(t, { kind: 'sortRows', column: 'a', direction: 'asc' })).toEqual({ ok: true, table: t });
  });
});
