/** The counting rule, slot validation, the JSON helpers and the read pool: pure functions. */
import { describe, expect, it } from 'vitest';
import { countCharacters, DATA_MAX, TITLE_MAX } from '../../lib/api/slot-limits';
import { mapPool } from '../../lib/slots/pool';
import {
  jsonStatus,
  measure,
  minifyJson,
  prettyJson,
  slotNumbers,
  validateSlot,
} from '../../lib/slots/validate';

describe('countCharacters (UTF-16 code units)', () => {
  it.each([
    ['ASCII', 'Hausordnung', 11],
    ['umlauts and ß count 1 each', 'Größe Übergabe', 14],
    ['an emoji counts 2', '🏠', 2],
    ['a flag (two regional indicators) counts 4', '🇩🇪', 4],
    ['a combining mark counts 1 on its own', 'e\u0301', 2],
    ['precomposed é counts 1', '\u00e9', 1],
    ['empty', '', 0],
  ])('%s', (_name, text, expected) => {
    expect(countCharacters(text)).toBe(expected);
  });
});

describe('measure', () => {
  it('warns from 90 % of the limit and refuses above it', () => {
    expect(measure('title', 'a'.repeat(57)).level).toBe('ok');
    expect(measure('title', 'a'.repeat(58)).level).toBe('near');
    expect(measure('title', 'a'.repeat(TITLE_MAX)).level).toBe('near');
    expect(measure('title', 'a'.repeat(TITLE_MAX + 1))).toEqual({ count: 65, max: 64, level: 'over' });
    expect(measure('data', 'a'.repeat(2159)).level).toBe('ok');
    expect(measure('data', 'a'.repeat(2160)).level).toBe('near');
  });

  it('counts an emoji as 2 against the limit', () => {
    expect(measure('title', `${'a'.repeat(62)}🏠`).level).toBe('near');
    expect(measure('title', `${'a'.repeat(63)}🏠`)).toMatchObject({ count: 65, level: 'over' });
  });
});

describe('validateSlot', () => {
  it('accepts content exactly at the limits', () => {
    expect(validateSlot({ title: 'a'.repeat(TITLE_MAX), data: 'b'.repeat(DATA_MAX) }, 1, false)).toEqual([]);
  });

  it('names every field over its limit', () => {
    expect(validateSlot({ title: 'a'.repeat(65), data: 'ü'.repeat(2401) }, 3, false)).toEqual([
      { kind: 'tooLong', field: 'title', count: 65, max: 64 },
      { kind: 'tooLong', field: 'data', count: 2401, max: 2400 },
    ]);
  });

  it('refuses slots 11 to 20 without premium and any slot out of 1..20', () => {
    const ok = { title: 't', data: 'd' };
    expect(validateSlot(ok, 11, false)).toEqual([{ kind: 'optionRange', option: 11, max: 10 }]);
    expect(validateSlot(ok, 11, true)).toEqual([]);
    expect(validateSlot(ok, 20, true)).toEqual([]);
    expect(validateSlot(ok, 21, true)).toEqual([{ kind: 'optionRange', option: 21, max: 20 }]);
    expect(validateSlot(ok, 0, true)[0]?.kind).toBe('optionRange');
  });

  it('lists 10 slot numbers without premium, 20 with it', () => {
    expect(slotNumbers(false)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(slotNumbers(true)).toHaveLength(20);
  });
});

describe('JSON data', () => {
  it('tells JSON that parses from JSON that does not, and plain text from both', () => {
    expect(jsonStatus('{"a": [1, 2]}')).toBe('valid');
    expect(jsonStatus('  [1,2]  ')).toBe('valid');
    expect(jsonStatus('{"a": }')).toBe('invalid');
    expect(jsonStatus('Ruhezeiten 22–6 Uhr')).toBe('none');
    expect(jsonStatus('')).toBe('none');
  });

  it('pretty-prints and minifies, and minifying makes it shorter', () => {
    const text = '{ "name": "Bäckerei",  "tags": ["a", "b"] }';
    expect(prettyJson(text)).toBe('{\n  "name": "Bäckerei",\n  "tags": [\n    "a",\n    "b"\n  ]\n}');
    expect(minifyJson(text)).toBe('{"name":"Bäckerei","tags":["a","b"]}');
    expect(minifyJson('{oops')).toBeNull();
    expect(prettyJson('{oops')).toBeNull();
  });

  it('pretty-prints and minifies without changing a number or a string as written', () => {
    const text = '{"id":1234567890123456789,"big":1e999,"tiny":1e-400,"s":"\\u00e4 \\"q\\"","e":[],"o":{}}';
    expect(minifyJson(prettyJson(text) ?? '')).toBe(text);
    expect(prettyJson(text)).toBe(
      '{\n  "id": 1234567890123456789,\n  "big": 1e999,\n  "tiny": 1e-400,\n  "s": "\\u00e4 \\"q\\"",\n  "e": [],\n  "o": {}\n}',
    );
  });
});

describe('mapPool', () => {
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('never runs more than the limit at once, and returns results in input order', async () => {
    let running = 0;
    let peak = 0;
    const settled: number[] = [];
    const items = Array.from({ length: 20 }, (_, i) => i + 1);
    const results = await mapPool(
      items,
      4,
      async (n) => {
        running++;
        peak = Math.max(peak, running);
        await delay((n * 7) % 13); // finish out of order
        running--;
        return n * 10;
      },
      (_result, n) => settled.push(n),
    );
    expect(peak).toBe(4);
    expect(results).toEqual(items.map((n) => n * 10));
    expect([...settled].sort((a, b) => a - b)).toEqual(items);
    expect(settled).not.toEqual(items);
  });

  it('uses all of its width (is concurrent, not sequential) and copes with fewer items', async () => {
    let running = 0;
    let peak = 0;
    await mapPool([1, 2], 4, async () => {
      running++;
      peak = Math.max(peak, running);
      await delay(5);
      running--;
    });
    expect(peak).toBe(2);
    expect(await mapPool([], 4, async () => 1)).toEqual([]);
  });
});
