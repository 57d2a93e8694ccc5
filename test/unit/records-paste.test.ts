/** A paste of spreadsheet rows: typed by the cells it lands in, a header mapped by name. */
import { describe, expect, it } from 'vitest';
import { columnType, parseCell } from '../../lib/records/cells';
import { applyEdit, pastePlan } from '../../lib/records/edits';
import { tableToText } from '../../lib/records/table';
import type { RecordTable } from '../../lib/records/types';
import { DEALER, table } from './records-helpers';

function paste(t: RecordTable, row: number, column: string, grid: string[][]): string {
  const result = applyEdit(t, { kind: 'paste', row, column, grid });
  if (!result.ok) throw new Error(JSON.stringify(result.refusal));
  return tableToText(result.table);
}

function text(t: RecordTable, edit: Parameters<typeof applyEdit>[1]): string {
  const result = applyEdit(t, edit);
  if (!result.ok) throw new Error(JSON.stringify(result.refusal));
  return tableToText(result.table);
}

describe('paste', () => {
  it('fills from the current cell rightwards and down, each value as its cell type', () => {
    const t = table('[{"a":"x","b":1,"c":true},{"a":"y","b":2,"c":false}]');
    expect(
      paste(t, 1, 'a', [
        ['007', '12500', 'false'],
        ['', '1e3', 'WAHR'],
      ]),
    ).toBe('[{"a":"007","b":12500,"c":false},{"a":"","b":1e3,"c":true}]');
  });

  it('12500 pasted into a text column stays text; an empty cell in a typed column makes it absent', () => {
    const t = table('[{"a":"x","b":1}]');
    expect(paste(t, 1, 'a', [['12500', '']])).toBe('[{"a":"12500"}]');
    expect(paste(t, 1, 'b', [['null']])).toBe('[{"a":"x","b":null}]');
  });

  it('a paste and a typed cell type an absent cell of one column the same: as most of its records', () => {
    // A typed cell is read as columnType says (the records model's startEdit), as a paste is.
    const typed = (t: RecordTable, input: string) => {
      const value = parseCell(input, columnType(t, 'a'));
      return value.ok ? text(t, { kind: 'setCell', row: 4, column: 'a', value: value.value }) : value.code;
    };
    const mixed = table('[{"a":"n/a"},{"a":5},{"a":6},{"b":1}]');
    expect(paste(mixed, 4, 'a', [['7']])).toBe('[{"a":"n/a"},{"a":5},{"a":6},{"a":7,"b":1}]');
    expect(typed(mixed, '7')).toBe(paste(mixed, 4, 'a', [['7']]));
    expect(pastePlan(mixed, { kind: 'paste', row: 4, column: 'a', grid: [['abc']] })).toMatchObject({
      refusals: [{ code: 'notANumber' }],
    });
    expect(typed(mixed, 'abc')).toBe('notANumber');
    const texts = table('[{"a":"x"},{"a":"y"},{"a":5},{"b":1}]');
    expect(typed(texts, '7')).toBe(paste(texts, 4, 'a', [['7']]));
    expect(typed(texts, '7')).toBe('[{"a":"x"},{"a":"y"},{"a":5},{"a":"7","b":1}]');
  });

  it('into a null cell: null stays null, anything else is text (never dropped)', () => {
    const t = table('[{"a":null},{"a":null}]');
    expect(paste(t, 1, 'a', [['null'], ['abc']])).toBe('[{"a":null},{"a":"abc"}]');
  });

  it('adds rows past the end, with max + 1 ids where the id is not pasted', () => {
    expect(paste(table(DEALER), 3, 'name', [['Golf'], ['Polo'], ['Up!']])).toBe(
      DEALER.replace('"Golf 🚗"', '"Golf"').replace(/]$/, ',{"id":15,"name":"Polo"},{"id":16,"name":"Up!"}]'),
    );
  });

  it('a header row maps the grid columns by name, in any order', () => {
    const t = table('[{"id":1,"name":"a","price":5}]');
    expect(
      paste(t, 1, 'id', [
        ['price', 'name'],
        ['6', 'b'],
        ['7.50', 'c'],
      ]),
    ).toBe('[{"id":1,"name":"b","price":6},{"id":2,"name":"c","price":7.50}]');
  });

  it('a row that only looks partly like a header is data', () => {
    const t = table('[{"a":"1","b":"2"}]');
    expect(
      paste(t, 1, 'a', [
        ['a', 'x'],
        ['c', 'd'],
      ]),
    ).toBe('[{"a":"a","b":"x"},{"a":"c","b":"d"}]');
  });

  it('keeps the good cells of a paste and lists the refused ones, which keep their value (abc into a number column)', () => {
    const t = table('[{"n":"x","p":1},{"n":"y","p":2}]');
    const grid = [
      ['a', '2'],
      ['b', 'abc'],
      ['c', '1,5'],
    ];
    expect(text(t, { kind: 'paste', row: 1, column: 'n', grid })).toBe(
      '[{"n":"a","p":2},{"n":"b","p":2},{"n":"c"}]',
    );
    expect(pastePlan(t, { kind: 'paste', row: 1, column: 'n', grid }).refusals).toEqual([
      { gridRow: 2, column: 'p', code: 'notANumber' },
      { gridRow: 3, column: 'p', code: 'notANumber', detail: '1.5' },
    ]);
  });

  it('plain text in the interface’s decimal mark: 12.500,50 and 38.000,00 € read as they say', () => {
    const t = table('[{"name":"a","price":1},{"name":"b","price":2},{"name":"c","price":3}]');
    const grid = [['12.500,50'], ['38.000,00 €'], ['240.000,99']];
    const german = { kind: 'paste' as const, row: 1, column: 'price', grid, decimal: ',' as const };
    expect(text(t, german)).toBe(
      '[{"name":"a","price":12500.5},{"name":"b","price":38000},{"name":"c","price":240000.99}]',
    );
    const english = {
      kind: 'paste' as const,
      row: 1,
      column: 'price',
      grid: [['12,500.50'], ['1.5'], ['−7']],
      decimal: '.' as const,
    };
    expect(text(t, english)).toBe(
      '[{"name":"a","price":12500.5},{"name":"b","price":1.5},{"name":"c","price":-7}]',
    );
    // From the HTML (the stored numbers), no locale reading: 1.5 stays 1.5.
    expect(text(t, { kind: 'paste', row: 1, column: 'price', grid: [['1.5']] })).toContain('"price":1.5');
  });

  it('the plan says what a paste changes and the length written after it', () => {
    const t = table('[{"id":1,"name":"a","price":5},{"id":2,"name":"b","price":6}]');
    const grid = [
      ['name', 'price'],
      ['a', '9'],
      ['c', '7'],
      ['d', '8', 'extra'],
    ];
    const plan = pastePlan(t, { kind: 'paste', row: 1, column: 'name', grid });
    const after = paste(t, 1, 'name', grid);
    expect(after).toBe(
      '[{"id":1,"name":"a","price":9},{"id":2,"name":"c","price":7},{"id":3,"name":"d","price":8}]',
    );
    expect(plan).toEqual({
      header: true,
      changedCells: 5,
      addedRows: 1,
      droppedColumns: 0,
      refusals: [],
      lengthAfter: after.length,
    });
    expect(pastePlan(t, { kind: 'paste', row: 2, column: 'price', grid: [['1', '2']] }).droppedColumns).toBe(
      1,
    );
  });

  it('into an empty list', () => {
    const t = table('{"v":1,"cars":[]}');
    expect(applyEdit(t, { kind: 'paste', row: 0, column: 'x', grid: [['1']] })).toEqual({
      ok: false,
      refusal: { code: 'unknownColumn', name: 'x' },
    });
  });
});
