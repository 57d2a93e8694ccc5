/**
 * Properties of the exact round trip: parse → table → text is minify(text) without an edit (the
 * identity for minified text); one setCell changes only its value; undo after an edit gives back
 * the table before it; parseExact accepts exactly what JSON.parse accepts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellText } from '../../lib/records/cells';
import { applyEdit } from '../../lib/records/edits';
import { minify, parseExact } from '../../lib/records/exact-json';
import { historyPush, historyStart, undo } from '../../lib/records/history';
import { rowText, tableFromText, tableToText } from '../../lib/records/table';
import type { Json, RecordTable, TableEdit } from '../../lib/records/types';
import { minifyJson } from '../../lib/slots/validate';

const space = fc.constantFrom('', '', '', ' ', '\n  ', '\t', '\r\n');
const numberLiteral = fc.oneof(
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
  fc.stringMatching(/^-?(0|[1-9]\d{0,20})(\.\d{1,22})?([eE][+-]?\d{1,3})?$/),
);
/** A string literal whose characters are written plainly or escaped, in every form JSON allows. */
const stringLiteral = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 3 }).map((s) => JSON.stringify(s).slice(1, -1)),
      fc.constantFrom('\\n', '\\"', '\\\\', '\\/', '\\u00e9', '\\uD83D\\uDE97', '🚗', 'ß', '\\t', '\\u0000'),
    ),
    { maxLength: 5 },
  )
  .map((parts) => `"${parts.join('')}"`);
const key = fc.oneof(stringLiteral, fc.constantFrom('"id"', '"__proto__"', '"constructor"', '""', '"price"'));

const { value } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    numberLiteral,
    stringLiteral,
    fc.constantFrom('true', 'false', 'null'),
    fc
      .array(tie('value'), { maxLength: 3 })
      .chain((items) => fc.tuple(space, space).map(([a, b]) => `[${a}${items.join(`${b},${a}`)}${b}]`)),
    fc
      .uniqueArray(fc.tuple(key, tie('value')), { maxLength: 3, selector: ([k]) => JSON.parse(k) as string })
      .map((entries) => `{${entries.map(([k, v]) => `${k}:${v}`).join(',')}}`),
  ),
}));

const record = fc
  .uniqueArray(fc.tuple(key, value), { maxLength: 6, selector: ([k]) => JSON.parse(k) as string })
  .chain((entries) =>
    space.map((s) => `{${s}${entries.map(([k, v]) => `${k}${s}:${s}${v}`).join(`,${s}`)}${s}}`),
  );
const list = fc
  .tuple(fc.array(record, { maxLength: 8 }), space)
  .map(([records, s]) => `[${s}${records.join(`,${s}`)}${s}]`);
/** Beside the list: anything but another array (that would make the list ambiguous). */
const besides = value.map((v) => (v.startsWith('[') ? `{"x":${v}}` : v));
const wrapped = fc
  .tuple(list, fc.option(besides), fc.option(besides))
  .map(
    ([l, before, after]) =>
      `{${before === null ? '' : `"v":${before},`}"cars":${l}${after === null ? '' : `,"w":${after}`}}`,
  );
const source = fc.oneof(list, wrapped);

function tableOf(text: string): RecordTable {
  const result = tableFromText(text);
  if (!result.ok) throw new Error(`${text}: ${JSON.stringify(result.reason)}`);
  return result.table;
}

const minified = (text: string) => minify((parseExact(text) as { ok: true; value: Json }).value);

describe('exact round trip', () => {
  it('parse → table → text equals minify(text) and the text box Minify; the identity for minified text; the same value as JSON.parse', () => {
    fc.assert(
      fc.property(source, (text) => {
        const out = tableToText(tableOf(text));
        expect(out).toBe(minified(text));
        // What the text box's Minify gives.
        expect(out).toBe(minifyJson(text));
        expect(tableToText(tableOf(out))).toBe(out);
        expect(JSON.parse(out)).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('parseExact accepts exactly what JSON.parse accepts', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"a"',
      '1',
      '-0.5e3',
      '01',
      'true',
      'nul',
      ' ',
      '"\\x"',
      '"\\u12"',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
          value,
        ),
        (text) => {
          let accepted = true;
          try {
            JSON.parse(text);
          } catch {
            accepted = false;
          }
          expect(parseExact(text).ok).toBe(accepted);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('edits', () => {
  const withCells = source.filter((text) => tableOf(text).rows.some((row) => row.entries.length > 0));

  it('one setCell changes only its value in the text', () => {
    fc.assert(
      fc.property(withCells, value, fc.nat(), fc.nat(), (text, newValue, r, c) => {
        const t = tableOf(text);
        const rows = t.rows.filter((row) => row.entries.length > 0);
        const row = rows[r % rows.length] as RecordTable['rows'][number];
        const [column] = row.entries[c % row.entries.length] as readonly [string, Json];
        const v = (parseExact(newValue) as { ok: true; value: Json }).value;
        const result = applyEdit(t, { kind: 'setCell', row: row.id, column, value: v });
        if (!result.ok) throw new Error('refused');
        const after = result.table;
        after.rows.forEach((other, i) => {
          if (other.id !== row.id) expect(rowText(other)).toBe(rowText(t.rows[i] as never));
        });
        const changed = after.rows.find((x) => x.id === row.id) as typeof row;
        expect(changed.entries.map(([k]) => k)).toEqual(row.entries.map(([k]) => k));
        const before = row.entries[c % row.entries.length]?.[1] as Json;
        // The same text written another way keeps the literal as stored.
        const kept = before.kind === 'string' && v.kind === 'string' && before.value === v.value ? before : v;
        changed.entries.forEach(([k, val], i) =>
          expect(minify(val)).toBe(
            k === column ? minify(kept) : minify((row.entries[i] as [string, Json])[1]),
          ),
        );
        expect(tableToText(after).length - tableToText(t).length).toBe(
          minify(kept).length - minify(before).length,
        );
      }),
      { numRuns: 200 },
    );
  });

  const edit = (t: RecordTable): fc.Arbitrary<TableEdit> => {
    const ids = t.rows.map((row) => row.id);
    const row = ids.length > 0 ? fc.constantFrom(...ids) : fc.constant(1);
    const column = t.columns.length > 0 ? fc.constantFrom(...t.columns) : fc.constant('x');
    return fc.oneof(
      fc.record({
        kind: fc.constant('setCell' as const),
        row,
        column,
        value: value.map((v) => (parseExact(v) as { ok: true; value: Json }).value),
      }),
      fc.record({ kind: fc.constant('clearCell' as const), row, column }),
      fc.record({ kind: fc.constant('addRow' as const), after: fc.option(row, { nil: undefined }) }),
      fc.record({ kind: fc.constant('duplicateRows' as const), rows: fc.subarray(ids) }),
      fc.record({ kind: fc.constant('deleteRows' as const), rows: fc.subarray(ids) }),
      fc.record({
        kind: fc.constant('moveRows' as const),
        rows: fc.subarray(ids),
        by: fc.constantFrom(-1 as const, 1 as const),
      }),
      fc.record({
        kind: fc.constant('addColumn' as const),
        name: fc.string({ maxLength: 4 }),
        type: fc.constantFrom('text' as const, 'number' as const, 'json' as const),
      }),
      fc.record({
        kind: fc.constant('renameColumn' as const),
        from: column,
        to: fc.string({ maxLength: 4 }),
      }),
      fc.record({ kind: fc.constant('removeColumn' as const), name: column }),
      fc.record({
        kind: fc.constant('moveColumn' as const),
        name: column,
        by: fc.constantFrom(-1 as const, 1 as const),
      }),
      fc.record({
        kind: fc.constant('sortRows' as const),
        column,
        direction: fc.constantFrom('asc' as const, 'desc' as const),
      }),
      fc.record({
        kind: fc.constant('paste' as const),
        row,
        column,
        grid: fc.array(fc.array(fc.constantFrom('1', 'a', '', 'true', 'null', '{}'), { maxLength: 3 }), {
          maxLength: 4,
        }),
      }),
    );
  };

  it('undo after any edit gives back the table before it; every edit writes valid JSON that reads back as a table', () => {
    fc.assert(
      fc.property(
        source.chain((text) => {
          const t = tableOf(text);
          return fc.tuple(fc.constant(t), edit(t));
        }),
        ([t, e]) => {
          const start = historyStart(t);
          const result = applyEdit(t, e);
          if (!result.ok) return;
          const back = undo(historyPush(start, result.table));
          expect(back.present).toBe(t);
          expect(tableToText(back.present)).toBe(tableToText(t));
          const written = tableToText(result.table);
          expect(() => JSON.parse(written)).not.toThrow();
          const again = tableFromText(written);
          expect(again.ok).toBe(true);
          if (again.ok && e.kind === 'setCell')
            expect(again.table.rows.map((row) => row.entries.map(([, v]) => cellText(v)))).toEqual(
              result.table.rows.map((row) => row.entries.map(([, v]) => cellText(v))),
            );
        },
      ),
      { numRuns: 500 },
    );
  });
});
