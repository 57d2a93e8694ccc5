/**
 * Import numbers that JSON cannot carry exactly are a named problem with their place: never
 * silently changed (`1234567890123456789` previewed as `1234567890123456800`, `1e999` as `null`).
 */
import { describe, expect, it } from 'vitest';
import { readImportText } from '../../lib/import/import-parser';

/** The one parser, of the text of a one-target document as a file or a paste gives it. */
const parseImportText = (text: string, context: { premium: boolean }) =>
  readImportText(text, { ...context, shape: 'single' });

const doc = (data: string) =>
  `{ "target": { "kind": "building", "id": "b-1001" }, "slots": [ { "slot": 1, "title": "t", "data": "x" }, { "slot": 2, "title": "Zahlen", "data": ${data} } ] }`;
const premium = { premium: true };

describe('numbers JSON cannot carry exactly', () => {
  it('a 19-digit integer is a problem at its place, and nothing is accepted', () => {
    expect(parseImportText(doc('{ "id": 1234567890123456789, "ok": 5 }'), premium)).toEqual({
      ok: false,
      problems: [
        {
          path: 'slots[1].data.id',
          message:
            'the number 1234567890123456789 cannot be kept exactly (it would become 1234567890123456800); write it as a string',
        },
      ],
    });
  });

  it('1e999 (infinite), 1e-400 (zero), 2^53 + 1 and each place in an array are named', () => {
    const parsed = parseImportText(doc('[1, 1e999, [2, -1e-400, 9007199254740993]]'), premium);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.problems.map((p) => p.path)).toEqual([
      'slots[1].data[1]',
      'slots[1].data[2][1]',
      'slots[1].data[2][2]',
    ]);
    expect(parsed.ok ? '' : parsed.problems[0]?.message).toBe(
      'the number 1e999 cannot be kept exactly (it would become null); write it as a string',
    );
  });

  it('numbers a double holds exactly pass, whatever their spelling, and keep their value', () => {
    const parsed = parseImportText(
      doc(
        '{ "a": 0.1, "b": 9007199254740992, "c": 1.50, "d": -0, "e": 1e2, "f": 5e-324, "g": 2.5e-7, "h": 1.7976931348623157e308 }',
      ),
      premium,
    );
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.targets[0].slots[1]?.data).toBe(
      '{"a":0.1,"b":9007199254740992,"c":1.5,"d":0,"e":100,"f":5e-324,"g":2.5e-7,"h":1.7976931348623157e+308}',
    );
  });

  it('a number in a key-like string or escaped text is not a number', () => {
    expect(
      parseImportText(doc('{ "1234567890123456789": "1e999 \\" 1234567890123456789" }'), premium).ok,
    ).toBe(true);
  });
});
