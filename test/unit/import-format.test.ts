import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportDocument } from '../../lib/import/format-export';
import { capProblems } from '../../lib/import/format-problems';
import { type ImportContext, type ImportDocument, serializeData } from '../../lib/import/format-schema';
import { sizeProblem, utf8Bytes } from '../../lib/import/format-sizes';
import { type ParsedDocument, parseImportDocument, readImportText } from '../../lib/import/import-parser';
import { DATA_MAX, TITLE_MAX, countCharacters } from '../../lib/api/slot-limits';

const premium = { premium: true };

/** A one-target document's result as its target and slots. */
const oneTarget = (result: ParsedDocument) =>
  result.ok
    ? { ok: true as const, target: result.targets[0]!.target, slots: result.targets[0]!.slots }
    : result;
/** The one parser, of a one-target document already parsed (as the worker gets it) or of its text. */
const parseImport = (value: unknown, context: ImportContext) =>
  oneTarget(parseImportDocument({ value }, { ...context, shape: 'single' }));
const parseImportText = (text: string, context: ImportContext) =>
  oneTarget(readImportText(text, { ...context, shape: 'single' }));
const doc = (slots: unknown[], target: unknown = { kind: 'building', id: 'b-1001' }) => ({ target, slots });

describe('parseImport', () => {
  it('accepts string data as is and serializes any other JSON value compactly', () => {
    const result = parseImport(
      doc([
        { slot: 1, title: 'Öffnungszeiten', data: 'Mo–Fr 9–17' },
        { slot: 2, title: 'Preise', data: { brot: 2.5, liste: [1, 2] } },
        { slot: 3, title: 'Leer', data: null },
      ]),
      premium,
    );
    expect(result).toEqual({
      ok: true,
      target: { kind: 'building', id: 'b-1001' },
      slots: [
        { slot: 1, title: 'Öffnungszeiten', data: 'Mo–Fr 9–17' },
        { slot: 2, title: 'Preise', data: '{"brot":2.5,"liste":[1,2]}' },
        { slot: 3, title: 'Leer', data: 'null' },
      ],
    });
  });

  it('reports every problem with its path, and accepts nothing then', () => {
    const result = parseImport(
      doc([
        { slot: 1, title: 'x'.repeat(71), data: '' },
        { slot: 1, title: 'dup', data: '' },
        { slot: 12, title: 'premium', data: '' },
        { slot: 4, title: 't', data: 'y'.repeat(2401) },
        { slot: 5, title: 't', data: { big: 'z'.repeat(2400) } },
      ]),
      { premium: false },
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { path: 'slots[0].title', message: '71 characters, at most 64' },
        { path: 'slots[1].slot', message: 'slot 1 also at slots[0]' },
        { path: 'slots[2].slot', message: 'slot 12 is out of range 1–10' },
        { path: 'slots[3].data', message: '2401 characters, at most 2400' },
        { path: 'slots[4].data', message: '2410 characters, at most 2400' },
      ],
    });
  });

  it('lists every problem of a document in one pass: slot 25 and a 71-character title together', () => {
    const slots = [
      { slot: 25, title: 'Preise', data: '' },
      { slot: 2, title: 'x'.repeat(71), data: '' },
      { slot: 2, title: 'again', data: '' },
    ];
    expect(parseImport(doc(slots), premium)).toEqual({
      ok: false,
      problems: [
        { path: 'slots[0].slot', message: 'at most 20' },
        { path: 'slots[1].title', message: '71 characters, at most 64' },
        { path: 'slots[2].slot', message: 'slot 2 also at slots[1]' },
      ],
    });
    // An unknown key is named with the slots' problems, not instead of them.
    expect(parseImport({ ...doc(slots.slice(1, 2)), extra: 1 }, premium)).toEqual({
      ok: false,
      problems: [
        { path: '(document)', message: 'unknown key "extra"' },
        { path: 'slots[0].title', message: '71 characters, at most 64' },
      ],
    });
  });

  it('refuses unknown keys, a missing field, a wrong target kind and an empty slot list', () => {
    const paths = (input: unknown, expectedKind?: 'building' | 'factory') => {
      const result = parseImport(input, { premium: true, expectedKind });
      return result.ok ? [] : result.problems.map((p) => p.path);
    };
    expect(paths({ ...doc([{ slot: 1, title: 't', data: '' }]), extra: 1 })).toEqual(['(document)']);
    expect(paths(doc([{ slot: 1, title: 't', data: '', colour: 'red' }]))).toEqual(['slots[0]']);
    expect(paths(doc([{ slot: 1, data: '' }]))).toEqual(['slots[0].title']);
    expect(paths(doc([{ slot: 1, title: 't' }]))).toEqual(['slots[0].data']);
    expect(paths(doc([{ slot: 1.5, title: 't', data: '' }]))).toEqual(['slots[0].slot']);
    expect(paths(doc([{ slot: 1, title: 't', data: '' }], { kind: 'shop', id: 'x' }))).toEqual([
      'target.kind',
    ]);
    expect(paths(doc([{ slot: 1, title: 't', data: '' }]), 'factory')).toEqual(['target.kind']);
    expect(paths(doc([]))).toEqual(['slots']);
  });

  it('reports a JSON syntax error as a problem of the document', () => {
    const result = parseImportText('{"target": ', premium);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]?.path).toBe('(document)');
  });
});

const text = (max: number) => fc.string({ unit: 'grapheme', maxLength: max });
const validSlot = fc.record({
  slot: fc.integer({ min: 1, max: 20 }),
  title: text(40),
  data: fc.oneof(text(300), fc.jsonValue({ maxDepth: 3 })),
});
const validDocument = fc.record({
  target: fc.record({
    kind: fc.constantFrom('building', 'factory'),
    id: fc.string({ minLength: 1, maxLength: 12 }),
  }),
  slots: fc.uniqueArray(validSlot, { minLength: 1, maxLength: 20, selector: (s) => s.slot }),
});

/** Mutations that a hand-edited or hostile file might carry. */
const mutated = fc.oneof(
  fc.anything(),
  fc.jsonValue(),
  validDocument.chain((d) =>
    fc.record({
      target: fc.oneof(fc.constant(d.target), fc.anything()),
      slots: fc.oneof(
        fc.constant(d.slots),
        fc.array(fc.oneof(validSlot, fc.anything(), fc.dictionary(fc.string(), fc.jsonValue()))),
      ),
      extra: fc.option(fc.anything(), { nil: undefined }),
    }),
  ),
);

describe('parseImport under 10,000 random and mutated documents', () => {
  it('never throws, and everything it accepts fits the limits', () => {
    fc.assert(
      fc.property(mutated, fc.boolean(), (input, hasPremium) => {
        const result = parseImport(input, { premium: hasPremium });
        if (!result.ok) return result.problems.length > 0;
        return result.slots.every(
          (s) =>
            s.slot >= 1 &&
            s.slot <= (hasPremium ? 20 : 10) &&
            countCharacters(s.title) <= TITLE_MAX &&
            countCharacters(s.data) <= DATA_MAX,
        );
      }),
      { numRuns: 10_000 },
    );
  });

  it('export then import is the identity on valid documents', () => {
    fc.assert(
      fc.property(validDocument, (input) => {
        const first = parseImport(input, premium);
        if (!first.ok) return true; // e.g. a JSON value that serializes past 2400 characters
        const exported = exportDocument(
          first.target,
          first.slots.map((s) => ({ ...s, lastUpdated: '2025-03-01T09:00:00.000Z' })),
        );
        const again = parseImport(JSON.parse(JSON.stringify(exported)) as ImportDocument, premium);
        expect(again).toEqual(first);
        return true;
      }),
      { numRuns: 2_000 },
    );
  });

  it('serializes non-string data to a fixpoint: parsing and serializing again changes nothing', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const once = serializeData(value);
        if (typeof value === 'string') return once === value;
        return serializeData(JSON.parse(once)) === once;
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('published JSON Schema', () => {
  it('is what the zod schema generates (run `npm run schema` after changing the format)', async () => {
    const { readFileSync } = await import('node:fs');
    const { importJsonSchema } = await import('../../lib/import/json-schema');
    expect(JSON.parse(readFileSync('public/page-options.schema.json', 'utf8'))).toEqual(importJsonSchema());
  });
});

describe('bounded documents', () => {
  it('refuses a text over 256 KB before parsing it, naming its size', () => {
    const text = `{"target":{"kind":"building","id":"b-1001"},"slots":[${'1,'.repeat(140_000)}1]}`;
    expect(parseImportText(text, premium)).toEqual({
      ok: false,
      problems: [{ path: '(document)', message: '274 KB, at most 256 KB; nothing of it was read' }],
    });
  });

  it('counts the size in UTF-8 bytes: 100 000 umlauts are 200 000 bytes, 90 000 emoji 360 000', () => {
    expect(utf8Bytes('ä'.repeat(100_000))).toBe(200_000);
    expect(utf8Bytes('😀'.repeat(90_000))).toBe(360_000);
    expect(sizeProblem('ä'.repeat(100_000))).toBeNull();
    expect(sizeProblem('😀'.repeat(90_000))?.message).toBe('352 KB, at most 256 KB; nothing of it was read');
  });

  it('refuses more than 20 slots with one problem, not one per slot', () => {
    const slots = Array.from({ length: 21 }, (_, i) => ({ slot: i + 1, title: 'x'.repeat(99), data: '' }));
    expect(parseImport(doc(slots), premium)).toEqual({
      ok: false,
      problems: [{ path: 'slots', message: '21 slots, at most 20' }],
    });
  });

  it('caps a problem list at 50 and counts the rest', () => {
    const problems = Array.from({ length: 120 }, (_, i) => ({ path: `p${i}`, message: 'bad' }));
    const { shown, more } = capProblems(problems);
    expect(shown).toHaveLength(50);
    expect(shown[49]?.path).toBe('p49');
    expect(more).toBe(70);
    expect(capProblems(problems.slice(0, 3))).toEqual({ shown: problems.slice(0, 3), more: 0 });
  });

  it('refuses target ids ".", ".." and blank with a message', () => {
    for (const id of ['.', '..', ' ', ' .. ']) {
      const result = parseImport(doc([{ slot: 1, title: 't', data: '' }], { kind: 'building', id }), premium);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.problems[0]?.path).toBe('target.id');
    }
    const dots = parseImport(
      doc([{ slot: 1, title: 't', data: '' }], { kind: 'factory', id: '..' }),
      premium,
    );
    expect(dots).toMatchObject({
      ok: false,
      problems: [
        { path: 'target.id', message: 'must not be “.” or “..” (they name another path of the API)' },
      ],
    });
  });
});
