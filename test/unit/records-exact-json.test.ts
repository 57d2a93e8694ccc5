/** Exact JSON: what is read is written back as it was, and only what JSON.parse accepts is read. */
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, minify, parseExact } from '../../lib/records/exact-json';
import type { Json } from '../../lib/records/types';

const roundTrip = (text: string) => {
  const parsed = parseExact(text);
  if (!parsed.ok) throw new Error(`syntax at ${parsed.offset}`);
  return minify(parsed.value);
};

describe('parseExact and minify', () => {
  it('keep numbers as written: 80000.50, 9007199254740993, 1e3, 20 decimals', () => {
    const text = '[80000.50,9007199254740993,1e3,-0,0.12345678901234567890,1E+2]';
    expect(roundTrip(text)).toBe(text);
  });

  it('keep strings with their escapes and emoji', () => {
    const text = '{"a":"caf\\u00e9 \\"q\\" \\/ 🚗","b\\u0061":"\\ud83d\\ude97"}';
    expect(roundTrip(text)).toBe(text);
    const parsed = parseExact(text);
    expect(parsed.ok && parsed.value.kind === 'object' && parsed.value.entries.map(([key]) => key)).toEqual([
      'a',
      'ba',
    ]);
  });

  it('keep key order and duplicate keys', () => {
    const parsed = parseExact('{"b":1,"a":2,"b":3}');
    expect(parsed.ok && parsed.value).toEqual({
      kind: 'object',
      entries: [
        ['b', { kind: 'number', raw: '1' }],
        ['a', { kind: 'number', raw: '2' }],
        ['b', { kind: 'number', raw: '3' }],
      ],
    });
  });

  it('minify drops white space only', () => {
    expect(roundTrip(' {\n  "a" : [ 1 , { } , [ ] , true, false, null ],\t"b":"x y" }\r\n')).toBe(
      '{"a":[1,{},[],true,false,null],"b":"x y"}',
    );
  });

  it('__proto__ and constructor are keys like any other', () => {
    const parsed = parseExact('{"__proto__":{"x":1},"constructor":2}');
    expect(parsed.ok && parsed.value.kind === 'object' && parsed.value.entries.map(([k]) => k)).toEqual([
      '__proto__',
      'constructor',
    ]);
    expect(({} as { x?: number }).x).toBeUndefined();
  });

  it.each([
    ['', 0],
    ['[1,]', 3],
    ['{"a":1,}', 7],
    ['01', 1],
    ['1.', 1],
    ['.5', 0],
    ['+1', 0],
    ['"a\tb"', 0],
    ['"\\x"', 0],
    ["{'a':1}", 1],
    ['[1 2]', 3],
    ['nul', 0],
    ['NaN', 0],
    ['[1]x', 3],
    ['{"a" 1}', 5],
  ])('refuses %j at offset %i, as JSON.parse does', (text, offset) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(parseExact(text)).toEqual({ ok: false, code: 'syntax', offset });
  });

  it(`refuses nesting deeper than ${MAX_DEPTH} rather than overflowing when written back`, () => {
    expect(parseExact('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH)).ok).toBe(true);
    const deep = '['.repeat(MAX_DEPTH + 1) + ']'.repeat(MAX_DEPTH + 1);
    expect(parseExact(deep)).toEqual({ ok: false, code: 'syntax', offset: MAX_DEPTH });
  });

  it('a string value decodes its escapes', () => {
    const parsed = parseExact('"a\\nb\\u00fc"');
    expect(parsed.ok && (parsed.value as Extract<Json, { kind: 'string' }>).value).toBe('a\nbü');
  });
});
