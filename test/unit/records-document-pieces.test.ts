/**
 * An edit of a document across slots writes only the pieces that changed (and the manifest when
 * the count or total length changes); only a piece that would pass the slot's limit moves the
 * pieces after it. A document written whole is still cut at 2300.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PageOption } from '../../lib/api/schemas';
import { applyEdit } from '../../lib/records/edits';
import { tableToText } from '../../lib/records/table';
import { DATA_MAX } from '../../lib/api/slot-limits';
import { DEFAULT_LAYOUT } from '../../lib/slots/document-layout';
import { documentSlots, splitPieces } from '../../lib/slots/document';
import { planDocument } from '../../lib/slots/document-plan';
import { planDocumentEdit, repiece, storedPieces } from '../../lib/slots/document-pieces';
import { dealerList, table } from './records-helpers';

const T0 = '2026-01-01T10:00:00.000Z';

function stored(text: string, slotCount = 20): (PageOption | null)[] {
  const slots: (PageOption | null)[] = Array.from({ length: slotCount }, () => ({
    title: '',
    data: '',
    lastUpdated: null,
  }));
  for (const s of documentSlots(text, DEFAULT_LAYOUT)) slots[s.slot - 1] = { ...s, lastUpdated: T0 };
  return slots;
}

const plan = (text: string, current: (PageOption | null)[]) => {
  const result = planDocumentEdit({ text, layout: DEFAULT_LAYOUT, slotCount: 20, current, clearValue: '' });
  if (!result.ok) throw new Error('too large');
  return result;
};

/** The writes that change a slot (what the job spends requests on). */
const changed = (writes: { slot: number; title: string; data: string }[], current: (PageOption | null)[]) =>
  writes
    .filter((w) => current[w.slot - 1]?.data !== w.data || current[w.slot - 1]?.title !== w.title)
    .map((w) => w.slot);

describe('an edit of one record in a 6-piece document', () => {
  const source = dealerList(120);
  const current = stored(source);
  const start = table(source);

  it('is 6 pieces and a manifest', () => {
    expect(Math.ceil(source.length / 2300)).toBe(6);
    expect(storedPieces(current, DEFAULT_LAYOUT)).toHaveLength(6);
  });

  it('a price of the same length: one piece, no manifest', () => {
    const edit = applyEdit(start, {
      kind: 'setCell',
      row: 60,
      column: 'price',
      value: { kind: 'number', raw: '99999.99' },
    });
    const text = edit.ok ? tableToText(edit.table) : '';
    expect(text.length).toBe(source.length);
    const result = plan(text, current);
    expect(changed(result.writes, current)).toEqual([4]);
    expect(result.writes.map((w) => w.slot)).not.toContain(1);
  });

  it('a longer name: that piece and the manifest; the pieces after it stay', () => {
    const edit = applyEdit(start, {
      kind: 'setCell',
      row: 60,
      column: 'name',
      value: { kind: 'string', value: 'Audi A6 Avant 🚗', raw: '"Audi A6 Avant 🚗"' },
    });
    const text = edit.ok ? tableToText(edit.table) : '';
    expect(text.length).not.toBe(source.length);
    const result = plan(text, current);
    expect(changed(result.writes, current)).toEqual([4, 1]);
    expect(result.writes.find((w) => w.slot === 1)?.data).toBe(`{"c":6,"len":${text.length}}`);
    expect(
      result.writes
        .map((w) => w.data)
        .filter((_, i) => i < 6)
        .join(''),
    ).toBe(text);
  });

  it('a deleted record: one piece ends shorter than 2300', () => {
    const edit = applyEdit(start, { kind: 'deleteRows', rows: [10] });
    const text = edit.ok ? tableToText(edit.table) : '';
    const result = plan(text, current);
    expect(changed(result.writes, current)).toEqual([2, 1]);
    expect(result.writes.find((w) => w.slot === 2)?.data.length).toBeLessThan(2300);
  });

  it('a piece that would pass 2400 moves the pieces after it', () => {
    const edit = applyEdit(start, {
      kind: 'setCell',
      row: 30,
      column: 'name',
      value: { kind: 'string', value: 'x'.repeat(200), raw: `"${'x'.repeat(200)}"` },
    });
    const text = edit.ok ? tableToText(edit.table) : '';
    const result = plan(text, current);
    expect(changed(result.writes, current)).toEqual([3, 4, 5, 6, 7, 1]);
    expect(result.writes.filter((w) => w.slot !== 1).every((w) => w.data.length <= 2300)).toBe(true);
  });

  it('a document written whole is still cut at 2300', () => {
    const whole = planDocument({
      text: source,
      layout: DEFAULT_LAYOUT,
      slotCount: 20,
      current: stored('[]'),
      clearValue: '',
    });
    expect(whole.ok && whole.writes.map((w) => w.data.length)).toEqual([
      2300,
      2300,
      2300,
      2300,
      2300,
      source.length - 5 * 2300,
      `{"c":6,"len":${source.length}}`.length,
    ]);
    expect(plan(source, stored('[]')).writes.map((w) => w.data.length)).toEqual([
      2300,
      2300,
      2300,
      2300,
      2300,
      source.length - 5 * 2300,
      `{"c":6,"len":${source.length}}`.length,
    ]);
  });

  it('nothing changed: no piece changes and no manifest', () => {
    const result = plan(source, current);
    expect(changed(result.writes, current)).toEqual([]);
    expect(result.writes.map((w) => w.slot)).not.toContain(1);
  });
});

describe('repiece', () => {
  const text = fc.array(fc.constantFrom('a', 'b', '🚗', 'ß'), { maxLength: 300 });
  it('joins to the new text; pieces non-empty, within the limit, never inside an emoji; unchanged ends kept', () => {
    fc.assert(
      fc.property(text, text, fc.nat(400), fc.nat(400), (old, insert, from, cut) => {
        // Edited by whole characters (an emoji is never cut in half by the edit itself).
        const start = Math.min(from, old.length);
        const next = [
          ...old.slice(0, start),
          ...insert,
          ...old.slice(Math.min(old.length, start + cut)),
        ].join('');
        const previous = splitPieces(old.join(''), 50);
        const pieces = repiece(previous, next, 50, 60);
        expect(pieces.join('')).toBe(next);
        for (const piece of pieces) {
          expect(piece.length).toBeGreaterThan(0);
          expect(piece.length).toBeLessThanOrEqual(60);
          expect(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(piece)).toBe(false);
        }
        // The pieces wholly before the change are the same.
        const firstChanged = pieces.findIndex((p, i) => p !== previous[i]);
        const untouched = previous.slice(0, Math.max(0, firstChanged)).join('').length;
        expect(untouched).toBeLessThanOrEqual(old.slice(0, start).join('').length);
      }),
      { numRuns: 500 },
    );
  });

  it(`a piece may grow to the slot's limit (${DATA_MAX}) before the next ones move`, () => {
    const previous = ['a'.repeat(2300), 'b'.repeat(2300), 'c'.repeat(100)];
    const grown = repiece(previous, `${'a'.repeat(2400)}${'b'.repeat(2300)}${'c'.repeat(100)}`, 2300);
    expect(grown.filter((p, i) => p !== previous[i])).toHaveLength(1);
    expect(Math.max(...grown.map((p) => p.length))).toBe(2400);
    const past = repiece(previous, `${'a'.repeat(2401)}${'b'.repeat(2300)}${'c'.repeat(100)}`, 2300);
    expect(past.map((p) => p.length)).toEqual([2300, 2300, 201]);
  });
});
