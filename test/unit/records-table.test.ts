/** A list of records as a table: offered for lists of records only, saying why otherwise. */
import { describe, expect, it } from 'vitest';
import { minify, parseExact } from '../../lib/records/exact-json';
import { cellType, columnType } from '../../lib/records/cells';
import { cellOf, tableFromText, tableToText } from '../../lib/records/table';
import { DEALER, table } from './records-helpers';

describe('tableFromText', () => {
  it('columns are the union of keys in first-seen order; absent is not null and not ""', () => {
    const t = table(DEALER);
    expect(t.columns).toEqual(['id', 'name', 'price', 'sold', 'img']);
    const [, second, third] = t.rows;
    expect(second && cellOf(second, 'img')).toBeUndefined();
    expect(third && cellOf(third, 'img')).toEqual({ kind: 'string', value: '', raw: '""' });
    expect(third && cellOf(third, 'sold')).toEqual({ kind: 'null' });
  });

  it('writes the text back exactly, minified', () => {
    expect(tableToText(table(DEALER))).toBe(DEALER);
    const pretty = '[\n  { "a": 1e3, "b": "x" },\n  { "b": "y" }\n]';
    expect(tableToText(table(pretty))).toBe('[{"a":1e3,"b":"x"},{"b":"y"}]');
  });

  it('an object with one list of records: the rest is kept untouched', () => {
    const text = '{"version":2,"title":"Cars","cars":[{"id":1},{"id":2,"x":[1,2]}],"meta":{"tags":["a"]}}';
    const t = table(text);
    expect(t.wrapper).toMatchObject({ kind: 'object', key: 'cars' });
    expect(t.columns).toEqual(['id', 'x']);
    expect(tableToText(t)).toBe(text);
    expect(tableToText(table('{"cars":[{"a":1}]}'))).toBe('{"cars":[{"a":1}]}');
    expect(tableToText(table('{"c\\u0061rs":[{"a":1}],"z":0}'))).toBe('{"c\\u0061rs":[{"a":1}],"z":0}');
  });

  it('an object with one list of records beside arrays of other things picks the records', () => {
    const t = table('{"tags":["a","b"],"cars":[{"id":1}],"empty":[]}');
    expect(t.wrapper).toMatchObject({ key: 'cars' });
  });

  it('an empty list is a table without columns', () => {
    expect(table('[]')).toEqual({ columns: [], rows: [], wrapper: { kind: 'array' } });
  });

  it.each([
    ['[1,{"a":1}', { code: 'syntax', offset: 10 }],
    ['{"a":1}', { code: 'notAList' }],
    ['"text"', { code: 'notAList' }],
    ['{"a":[],"b":[]}', { code: 'notAList' }],
    ['[{"a":1},{"a":2},3]', { code: 'itemNotRecord', item: 3, kind: 'number' }],
    ['[{"a":1},[1]]', { code: 'itemNotRecord', item: 2, kind: 'array' }],
    ['{"cars":[{"a":1},"x"]}', { code: 'itemNotRecord', item: 2, kind: 'string' }],
    ['[{},{},{},{},{"a":1,"b":2,"a":3}]', { code: 'duplicateKey', key: 'a', record: 5 }],
    ['{"cars":[{"a":1}],"bikes":[{"b":1}]}', { code: 'severalLists', keys: ['cars', 'bikes'] }],
  ])('%s is not a table: %j', (text, reason) => {
    expect(tableFromText(text)).toEqual({ ok: false, reason });
  });

  it('5,000 records of {"a":1}', () => {
    const text = `[${Array.from({ length: 5000 }, () => '{"a":1}').join(',')}]`;
    const t = table(text);
    expect(t.rows).toHaveLength(5000);
    expect(t.columns).toEqual(['a']);
    expect(tableToText(t)).toBe(text);
  });

  it('a record with 60 keys, a 2,400-character cell, __proto__ and constructor, a column named ""', () => {
    const keys = Array.from({ length: 60 }, (_, i) => `"k${i}":${i}`).join(',');
    const text = `[{${keys}},{"__proto__":"p","constructor":{"a":1},"":"empty","long":"${'x'.repeat(2400)}"}]`;
    const t = table(text);
    expect(t.columns).toHaveLength(64);
    expect(t.columns.slice(60)).toEqual(['__proto__', 'constructor', '', 'long']);
    expect(tableToText(t)).toBe(text);
    expect(minify((parseExact(text) as { ok: true; value: never }).value)).toBe(text);
  });
});

describe('cell types', () => {
  it('each value keeps its own type in a mixed column; the column type is the most common', () => {
    const t = table('[{"a":"5"},{"a":5},{"a":6},{"a":null},{"b":1}]');
    expect(t.rows.map((row) => cellOf(row, 'a')).map((v) => v && cellType(v))).toEqual([
      'text',
      'number',
      'number',
      'null',
      undefined,
    ]);
    expect(columnType(t, 'a')).toBe('number');
    expect(columnType(t, 'b')).toBe('number');
    expect(cellType({ kind: 'array', items: [] })).toBe('json');
  });
});
