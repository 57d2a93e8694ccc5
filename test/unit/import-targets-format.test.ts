import { describe, expect, it } from 'vitest';
import { multiTargetDocument } from '../../lib/import/format-export';
import { type ImportContext, MAX_IMPORT_TARGETS, MultiTargetDocument } from '../../lib/import/format-schema';
import { parseImportDocument, readImportText } from '../../lib/import/import-parser';

/** The one parser, of a document already parsed (as the worker gets it) or of its text. */
const parseDocument = (value: unknown, context: ImportContext) => parseImportDocument({ value }, context);
const parseDocumentText = (text: string, context: ImportContext) => readImportText(text, context);

const basic = { premium: false };
const entry = (id: string, slots: unknown[], kind = 'building') => ({ target: { kind, id }, slots });
const slot = (n: number, title = `t${n}`, data: unknown = `d${n}`) => ({ slot: n, title, data });

describe('parseDocument: one target', () => {
  it('reads today’s document exactly as an import of one target does, as one target', () => {
    const single = { target: { kind: 'factory', id: 'f-501' }, slots: [slot(1), slot(2, 'x', { a: 1 })] };
    const parsed = parseImportDocument({ value: single }, { ...basic, shape: 'single' });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parseDocument(single, basic)).toEqual({
      ok: true,
      shape: 'single',
      targets: [{ target: parsed.targets[0].target, slots: parsed.targets[0].slots }],
    });
  });

  it('keeps the one-target rules: premium range and the 256 KB limit', () => {
    const single = { target: { kind: 'building', id: 'b-1' }, slots: [slot(12)] };
    expect(parseDocument(single, basic)).toEqual({
      ok: false,
      problems: [{ path: 'slots[0].slot', message: 'slot 12 is out of range 1–10' }],
    });
    const big = { target: { kind: 'building', id: 'b-1' }, slots: [slot(1, 't', 'x'.repeat(300_000))] };
    expect(parseDocument(big, basic)).toEqual({
      ok: false,
      problems: [{ path: '(document)', message: '294 KB, at most 256 KB; nothing of it was read' }],
    });
  });
});

describe('parseDocument: several targets', () => {
  it('reads every target with its slots, names kept, data serialized, empty slots kept', () => {
    const doc = {
      $schema: './page-options.schema.json',
      format: 'page-options/v1',
      exportedAt: '2026-11-24T10:00:00.000Z',
      targets: [
        { target: { kind: 'building', id: 'b-1', name: 'Rathaus' }, slots: [slot(1), slot(2, '', '')] },
        entry('f-2', [slot(12, 'premium', { open: true })], 'factory'),
      ],
    };
    expect(parseDocument(doc, basic)).toEqual({
      ok: true,
      shape: 'targets',
      targets: [
        {
          target: { kind: 'building', id: 'b-1' },
          name: 'Rathaus',
          slots: [
            { slot: 1, title: 't1', data: 'd1' },
            { slot: 2, title: '', data: '' },
          ],
        },
        {
          target: { kind: 'factory', id: 'f-2' },
          slots: [{ slot: 12, title: 'premium', data: '{"open":true}' }],
        },
      ],
    });
  });

  it('names every problem with its place: lengths, range, the same slot or target twice, unknown keys', () => {
    const doc = {
      targets: [
        entry('b-1', [slot(1), slot(2)]),
        entry('b-2', [slot(1)]),
        entry('b-3', [slot(1, 'x'.repeat(71)), slot(4), slot(4), slot(21), slot(5, 't', 'y'.repeat(2401))]),
        entry('b-1', [slot(3)]),
        { target: { kind: 'building', id: 'b-5' }, slots: [slot(1)], extra: 1 },
      ],
    };
    const result = parseDocument(doc, basic);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.find((p) => p.path === 'targets[4]')?.message).toBe('unknown key "extra"');
    // Slot 21 breaks the document's shape: every other problem is still named in the same pass.
    const structural = parseDocument({ targets: doc.targets.slice(0, 4) }, basic);
    expect(structural).toEqual({
      ok: false,
      problems: [
        { path: 'targets[2].slots[3].slot', message: 'at most 20' },
        { path: 'targets[2].slots[0].title', message: '71 characters, at most 64' },
        { path: 'targets[2].slots[2].slot', message: 'slot 4 also at targets[2].slots[1]' },
        { path: 'targets[2].slots[4].data', message: '2401 characters, at most 2400' },
        { path: 'targets[3].target', message: 'building b-1 also at targets[0]' },
      ],
    });
    const semantic = parseDocument(
      {
        targets: [
          ...doc.targets.slice(0, 2),
          entry('b-3', [slot(1, 'x'.repeat(71)), slot(4), slot(4), slot(5, 't', 'y'.repeat(2401))]),
          doc.targets[3],
        ],
      },
      basic,
    );
    expect(semantic).toEqual({
      ok: false,
      problems: [
        { path: 'targets[2].slots[0].title', message: '71 characters, at most 64' },
        { path: 'targets[2].slots[2].slot', message: 'slot 4 also at targets[2].slots[1]' },
        { path: 'targets[2].slots[3].data', message: '2401 characters, at most 2400' },
        { path: 'targets[3].target', message: 'building b-1 also at targets[0]' },
      ],
    });
  });

  it('leaves a slot past our count that the server may hold as it is, and refuses the file for no such slot', () => {
    // 40 emoji: 40 characters to the server (within 64), 80 UTF-16 units to us.
    const emoji = '🏠'.repeat(40);
    const doc = { targets: [entry('b-1', [slot(1, emoji), slot(2)]), entry('b-2', [slot(1)])] };
    expect(parseDocument(doc, basic)).toEqual({
      ok: true,
      shape: 'targets',
      targets: [
        {
          target: { kind: 'building', id: 'b-1' },
          slots: [
            { slot: 1, title: emoji, data: 'd1', overLimit: true },
            { slot: 2, title: 't2', data: 'd2' },
          ],
        },
        { target: { kind: 'building', id: 'b-2' }, slots: [{ slot: 1, title: 't1', data: 'd1' }] },
      ],
    });
    // Past the server's count too (65 code points): no server holds it, a problem of the file.
    expect(parseDocument({ targets: [entry('b-1', [slot(1, '🏠'.repeat(65))])] }, basic)).toEqual({
      ok: false,
      problems: [{ path: 'targets[0].slots[0].title', message: '130 characters, at most 64' }],
    });
    // What is about to be written is held to our count.
    expect(parseDocument(doc, { ...basic, strict: true })).toEqual({
      ok: false,
      problems: [{ path: 'targets[0].slots[0].title', message: '80 characters, at most 64' }],
    });
  });

  it('tells a building and a factory with the same id apart', () => {
    const doc = { targets: [entry('7', [slot(1)]), entry('7', [slot(1)], 'factory')] };
    expect(parseDocument(doc, basic).ok).toBe(true);
  });

  it('refuses no targets, a target without slots, and an unknown top-level key', () => {
    expect(parseDocument({ targets: [] }, basic)).toMatchObject({
      ok: false,
      problems: [{ path: 'targets' }],
    });
    expect(parseDocument({ targets: [entry('b-1', [])] }, basic)).toMatchObject({
      ok: false,
      problems: [{ path: 'targets[0].slots' }],
    });
    const both = parseDocument(
      { target: { kind: 'building', id: 'b' }, targets: [entry('b-1', [slot(1)])] },
      basic,
    );
    expect(both).toMatchObject({ ok: false, problems: [{ path: '(document)' }] });
  });

  it('refuses more than 50 targets, or more than 20 slots in one, with one problem each', () => {
    const many = {
      targets: Array.from({ length: MAX_IMPORT_TARGETS + 1 }, (_, i) => entry(`b-${i}`, [slot(1)])),
    };
    expect(parseDocument(many, basic)).toEqual({
      ok: false,
      problems: [{ path: 'targets', message: '51 targets, at most 50' }],
    });
    const crowded = Array.from({ length: 21 }, (_, i) => slot(i + 1));
    expect(parseDocument({ targets: [entry('b-1', [slot(1)]), entry('b-2', crowded)] }, basic)).toEqual({
      ok: false,
      problems: [{ path: 'targets[1].slots', message: '21 slots, at most 20' }],
    });
  });

  it('scales the size limit with the targets: 256 KB each', () => {
    const heavy = (id: string) =>
      entry(
        id,
        Array.from({ length: 20 }, (_, i) => slot(i + 1, 't', '"'.repeat(2400))),
      );
    // 20 slots of 2400 escaped quotes: ~94 KB a target; three fit in 768 KB, not in one target's 256 KB.
    const three = { targets: [heavy('b-1'), heavy('b-2'), heavy('b-3')] };
    expect(parseDocument(three, basic).ok).toBe(true);
    const oneTarget = { targets: [entry('b-1', [slot(1, 't', 'x'.repeat(300_000))])] };
    expect(parseDocument(oneTarget, basic)).toEqual({
      ok: false,
      problems: [{ path: '(document)', message: '294 KB, at most 256 KB; nothing of it was read' }],
    });
    const twoTargets = { targets: [oneTarget.targets[0], entry('b-2', [slot(1)])] };
    expect(parseDocument(twoTargets, basic).ok).toBe(false);
    expect(parseDocument({ targets: [...twoTargets.targets, entry('b-3', [slot(1)])] }, basic)).toMatchObject(
      {
        ok: false,
        problems: [{ path: 'targets[0].slots[0].data', message: '300000 characters, at most 2400' }],
      },
    );
  });

  it('reads JSON text, refusing an inexact number with its place', () => {
    const text =
      '{"targets":[{"target":{"kind":"building","id":"b-1"},"slots":[{"slot":1,"title":"t","data":{"n":1234567890123456789}}]}]}';
    expect(parseDocumentText(text, basic)).toMatchObject({
      ok: false,
      problems: [{ path: 'targets[0].slots[0].data.n' }],
    });
  });
});

describe('multiTargetDocument', () => {
  const now = new Date('2026-11-24T10:00:00.000Z');
  const backup = multiTargetDocument(
    [
      {
        target: { kind: 'building', id: 'b-1' },
        name: 'Rathaus',
        slots: [
          { slot: 1, title: 'Hausordnung', data: 'Ruhe', lastUpdated: '2026-11-01T00:00:00.000Z' },
          { slot: 2, title: '', data: '', lastUpdated: null },
        ],
      },
      { target: { kind: 'factory', id: 'f-2' }, slots: [] },
      {
        target: { kind: 'factory', id: 'f-3' },
        slots: [{ slot: 1, title: 'x', data: '{"a":1}', lastUpdated: null }],
      },
    ],
    now,
  );

  it('writes the backup shape, leaving out a target without slots', () => {
    expect(MultiTargetDocument.safeParse(backup).success).toBe(true);
    expect(backup.exportedAt).toBe('2026-11-24T10:00:00.000Z');
    expect(backup.targets.map((t) => t.target)).toEqual([
      { kind: 'building', id: 'b-1', name: 'Rathaus' },
      { kind: 'factory', id: 'f-3' },
    ]);
  });

  it('imports back unchanged: every slot as written, the empty one as empty', () => {
    expect(parseDocument(JSON.parse(JSON.stringify(backup)), basic)).toEqual({
      ok: true,
      shape: 'targets',
      targets: [
        {
          target: { kind: 'building', id: 'b-1' },
          name: 'Rathaus',
          slots: [
            { slot: 1, title: 'Hausordnung', data: 'Ruhe' },
            { slot: 2, title: '', data: '' },
          ],
        },
        { target: { kind: 'factory', id: 'f-3' }, slots: [{ slot: 1, title: 'x', data: '{"a":1}' }] },
      ],
    });
  });
});
