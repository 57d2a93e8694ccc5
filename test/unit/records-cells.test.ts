/** Typed cells never change type silently. */
import { describe, expect, it } from 'vitest';
import { cellText, emptyValue, parseCell } from '../../lib/records/cells';
import { parseExact } from '../../lib/records/exact-json';
import type { Json } from '../../lib/records/types';

const json = (text: string): Json => {
  const parsed = parseExact(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value;
};

describe('parseCell', () => {
  it('"007" in a text cell stays the string "007"', () => {
    expect(parseCell('007', 'text')).toEqual({
      ok: true,
      value: { kind: 'string', value: '007', raw: '"007"' },
    });
    expect(parseCell('a "q"\n', 'text')).toEqual({
      ok: true,
      value: { kind: 'string', value: 'a "q"\n', raw: '"a \\"q\\"\\n"' },
    });
  });

  it('a number cell keeps the literal as typed, beyond 2^53 and with 20 decimals', () => {
    for (const raw of ['9007199254740993', '0.12345678901234567890', '1e3', '-0', '80000.50'])
      expect(parseCell(raw, 'number')).toEqual({ ok: true, value: { kind: 'number', raw } });
    expect(parseCell(' 12 ', 'number')).toEqual({ ok: true, value: { kind: 'number', raw: '12' } });
  });

  it('a number cell refuses abc, and 1,5 with the hint 1.5', () => {
    expect(parseCell('abc', 'number')).toEqual({ ok: false, code: 'notANumber' });
    expect(parseCell('1,5', 'number')).toEqual({ ok: false, code: 'notANumber', detail: '1.5' });
    for (const bad of ['', '007', 'NaN', 'Infinity', '1.', '+1', '0x10'])
      expect(parseCell(bad, 'number').ok).toBe(false);
  });

  it('yes/no takes true/false and the words of German spreadsheets', () => {
    for (const yes of ['true', 'TRUE', 'Ja', 'WAHR', 'yes'])
      expect(parseCell(yes, 'boolean')).toEqual({ ok: true, value: { kind: 'boolean', value: true } });
    for (const no of ['false', 'FALSCH', 'nein', 'No'])
      expect(parseCell(no, 'boolean')).toEqual({ ok: true, value: { kind: 'boolean', value: false } });
    expect(parseCell('1', 'boolean')).toEqual({ ok: false, code: 'notBoolean' });
  });

  it('a nested value must be valid JSON, kept exactly; one that stops being valid is refused', () => {
    expect(parseCell('{"a": [1.50, "\\u00e9"]}', 'json')).toEqual({
      ok: true,
      value: json('{"a":[1.50,"\\u00e9"]}'),
    });
    expect(parseCell('{"a": [1.50, "\\u00e9"]', 'json')).toEqual({
      ok: false,
      code: 'notJson',
      detail: '22',
    });
  });

  it('null is null, and text typed over a null is kept as text; a cell longer than a slot is refused', () => {
    expect(parseCell('null', 'null')).toEqual({ ok: true, value: { kind: 'null' } });
    expect(parseCell('', 'null')).toEqual({ ok: true, value: { kind: 'null' } });
    expect(parseCell('Audi', 'null')).toEqual({
      ok: true,
      value: { kind: 'string', value: 'Audi', raw: '"Audi"' },
    });
    expect(parseCell('x'.repeat(2400), 'text').ok).toBe(true);
    expect(parseCell('x'.repeat(2401), 'text')).toEqual({ ok: false, code: 'tooLong', detail: '2400' });
  });
});

describe('cellText', () => {
  it('text as it is, numbers as written, true/false, null, json minified', () => {
    expect(cellText(json('"caf\\u00e9"'))).toBe('café');
    expect(cellText(json('1e3'))).toBe('1e3');
    expect(cellText(json('false'))).toBe('false');
    expect(cellText(json('null'))).toBe('null');
    expect(cellText(json('{ "a" : [ 1 ] }'))).toBe('{"a":[1]}');
  });

  it('an added column gets an empty value of its type', () => {
    expect(['text', 'number', 'boolean', 'null', 'json'].map((t) => emptyValue(t as never))).toEqual([
      json('""'),
      json('0'),
      json('false'),
      json('null'),
      json('{}'),
    ]);
  });
});
