/**
 * The document planner: pieces, manifest, reading back, broken manifests and write plans; the
 * preview against the edit's baseline, what a settled job wrote, its retry and the export's check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PageOption } from '../../lib/api/schemas';
import { DEFAULT_LAYOUT, type DocumentLayout, layoutProblem } from '../../lib/slots/document-layout';
import { documentSlots, splitPieces } from '../../lib/slots/document';
import { assembleDocument, exportProblem, readStoredDocument } from '../../lib/slots/document-read';
import { planDocument, slotList } from '../../lib/slots/document-plan';
import {
  documentJobSlots,
  documentPreview,
  documentRetrySlots,
  withWritten,
  writtenInTarget,
} from '../../lib/jobs/document-job';
import type { Job } from '../../lib/storage/jobs';
import { DATA_MAX } from '../../lib/api/slot-limits';

const T0 = '2026-01-01T10:00:00.000Z';
const T1 = '2026-01-01T11:00:00.000Z';

/** The slots of a target (index 0 = slot 1) after writing `text`, all written at `time`. */
function stored(text: string, layout = DEFAULT_LAYOUT, slotCount = 20, time = T0): (PageOption | null)[] {
  const slots: (PageOption | null)[] = Array.from({ length: slotCount }, () => ({
    title: '',
    data: '',
    lastUpdated: null,
  }));
  for (const s of documentSlots(text, layout)) slots[s.slot - 1] = { ...s, lastUpdated: time };
  return slots;
}

async function readBack(slots: (PageOption | null)[], layout = DEFAULT_LAYOUT) {
  return readStoredDocument(async (slot) => slots[slot - 1] ?? null, layout, slots.length);
}

/** The reader a site writes from the README's scheme: manifest, pieces, join. */
function siteReader(slots: (PageOption | null)[]): string {
  const manifest = JSON.parse(slots[0]?.data ?? '') as { c: number; len: number };
  const text = Array.from({ length: manifest.c }, (_, i) => slots[i + 1]?.data ?? '').join('');
  if (text.length !== manifest.len) throw new Error('length mismatch');
  return text;
}

describe('splitPieces', () => {
  it('cuts 2300 UTF-16 code units per piece', () => {
    expect(splitPieces('a'.repeat(4601), 2300).map((p) => p.length)).toEqual([2300, 2300, 1]);
    expect(splitPieces('', 2300)).toEqual([]);
  });

  it('keeps umlauts (one code unit) at a boundary as they are', () => {
    const text = `${'a'.repeat(2299)}ÄÖü${'b'.repeat(10)}`;
    const pieces = splitPieces(text, 2300);
    expect(pieces[0]?.endsWith('Ä')).toBe(true);
    expect(pieces[1]?.startsWith('Öü')).toBe(true);
    expect(pieces.join('')).toBe(text);
  });

  it('never splits an emoji (a surrogate pair): that piece is one unit shorter', () => {
    const text = `${'a'.repeat(2299)}🏠${'b'.repeat(10)}`;
    const pieces = splitPieces(text, 2300);
    expect(pieces[0]).toBe('a'.repeat(2299));
    expect(pieces[1]?.startsWith('🏠')).toBe(true);
    expect(pieces.join('')).toBe(text);
  });

  it('never ends a piece with a lone high surrogate, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.integer({ min: 2, max: 40 }),
        (text, size) => {
          const pieces = splitPieces(text, size);
          expect(pieces.join('')).toBe(text);
          for (const piece of pieces) {
            expect(piece.length).toBeLessThanOrEqual(size);
            expect(piece.length).toBeGreaterThan(0);
            expect(/[\ud800-\udbff]$/.test(piece)).toBe(false);
            expect(/^[\udc00-\udfff]/.test(piece)).toBe(false);
          }
        },
      ),
    );
  });
});

describe('documentSlots and reading back', () => {
  it.each([0, 1, 2299, 2300, 2301, 10_000, 25_000, 43_700, 48_000])(
    'round trip of %i characters, manifest last and read by the site scheme',
    async (length) => {
      const text = 'x'.repeat(length);
      const slots = documentSlots(text, DEFAULT_LAYOUT);
      const last = slots.at(-1);
      expect(last?.slot).toBe(1);
      expect(last?.title).toBe('site');
      expect(JSON.parse(last?.data ?? '')).toEqual({ c: Math.ceil(length / 2300), len: length });
      for (const s of slots) expect(s.data.length).toBeLessThanOrEqual(DATA_MAX);
      const target = stored(text, DEFAULT_LAYOUT, 22);
      const doc = await readBack(target);
      expect(doc?.text).toBe(text);
      expect(doc?.problems).toEqual([]);
      expect(siteReader(target)).toBe(text);
    },
  );

  it('round trip of mixed JSON with umlauts and emoji at every boundary', async () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 48_000 / 40 }), (chunk) => {
        const text = JSON.stringify({ items: Array.from({ length: 20 }, () => `${chunk}äö🏠`) });
        const slots = documentSlots(text, { ...DEFAULT_LAYOUT, pieceSize: 97 });
        const joined = slots
          .slice(0, -1)
          .map((s) => s.data)
          .join('');
        expect(joined).toBe(text);
        expect(() => JSON.parse(joined) as unknown).not.toThrow();
      }),
      { numRuns: 30 },
    );
  });

  it('honours another layout: manifest slot, prefix, piece size and keys', async () => {
    const layout: DocumentLayout = {
      prefix: 'shop',
      manifestSlot: 5,
      pieceSize: 1000,
      countKey: 'n',
      lengthKey: 'l',
    };
    const text = JSON.stringify({ a: 'ü'.repeat(2500) });
    const slots = stored(text, layout);
    expect(slots[4]).toMatchObject({ title: 'shop', data: `{"n":3,"l":${text.length}}` });
    expect(slots[5]?.title).toBe('shop:1');
    const doc = await readBack(slots, layout);
    expect(doc).toMatchObject({ text, problems: [], json: { valid: true }, pieceSlots: [6, 7, 8] });
  });

  it('is null when the manifest slot holds no manifest', async () => {
    expect(await readBack(stored(''), { ...DEFAULT_LAYOUT, prefix: 'other' })).toBeNull();
  });

  it('reports the parse error of joined text that is not JSON', async () => {
    const doc = await readBack(stored('{"a": 1'));
    expect(doc?.json).toMatchObject({ valid: false });
  });
});

describe('a broken manifest is shown with what is wrong, never repaired', () => {
  const text = 'y'.repeat(6000);

  it('a manifest whose data is not JSON, or lacks its keys', async () => {
    const slots = stored(text);
    slots[0] = { title: 'site', data: '{c:3}', lastUpdated: T0 };
    expect((await readBack(slots))?.problems[0]?.kind).toBe('manifestNotJson');
    slots[0] = { title: 'site', data: '{"count":3}', lastUpdated: T0 };
    expect((await readBack(slots))?.problems).toEqual([{ kind: 'manifestKeys' }]);
  });

  it('a missing piece', async () => {
    const slots = stored(text);
    slots[2] = { title: 'notes', data: 'mine', lastUpdated: T0 };
    const doc = await readBack(slots);
    expect(doc?.problems).toEqual([{ kind: 'pieceMissing', index: 2, slot: 3, title: 'site:2' }]);
    expect(doc?.text).toBeNull();
  });

  it('a count or length that does not match the pieces', async () => {
    const slots = stored(text);
    slots[0] = { title: 'site', data: '{"c":3,"len":5999}', lastUpdated: T0 };
    expect((await readBack(slots))?.problems).toEqual([
      { kind: 'lengthMismatch', expected: 5999, actual: 6000 },
    ]);
    slots[0] = { title: 'site', data: '{"c":2,"len":6000}', lastUpdated: T0 };
    expect((await readBack(slots))?.problems).toEqual([
      { kind: 'lengthMismatch', expected: 6000, actual: 4600 },
    ]);
  });

  it('a count past the last slot', async () => {
    const slots = stored(text, DEFAULT_LAYOUT, 10);
    slots[0] = { title: 'site', data: '{"c":12,"len":6000}', lastUpdated: T0 };
    const problems = (await readBack(slots))?.problems ?? [];
    expect(problems[0]).toEqual({ kind: 'pastLastSlot', count: 12, slots: 10 });
  });

  it('a piece changed by someone else after the manifest was written', async () => {
    const slots = stored(text);
    slots[1] = { title: 'site:1', data: 'z'.repeat(2300), lastUpdated: T1 };
    const doc = await readBack(slots);
    expect(doc?.problems).toEqual([
      { kind: 'pieceChanged', index: 1, slot: 2, pieceTime: T1, manifestTime: T0 },
    ]);
  });

  it('a newer piece is no problem while the whole holds together (the records table writes one piece alone)', async () => {
    const json = JSON.stringify({ v: 'a'.repeat(5990) });
    const slots = stored(json);
    const edited = 'b'.repeat(2300);
    slots[2] = { title: 'site:2', data: edited, lastUpdated: T1 };
    const doc = await readBack(slots);
    expect(doc?.json).toEqual({ valid: true });
    expect(doc?.problems).toEqual([]);
    // The same newer piece one character short: the length no longer adds up, and it is said.
    slots[2] = { title: 'site:2', data: edited.slice(1), lastUpdated: T1 };
    expect((await readBack(slots))?.problems).toEqual([
      { kind: 'lengthMismatch', expected: 5998, actual: 5997 },
      { kind: 'pieceChanged', index: 2, slot: 3, pieceTime: T1, manifestTime: T0 },
    ]);
  });

  it('an unreadable piece', () => {
    const slots = stored(text);
    const doc = assembleDocument(
      slots[0] as PageOption,
      [slots[1] ?? null, null, slots[3] ?? null],
      DEFAULT_LAYOUT,
      20,
    );
    expect(doc.problems).toEqual([{ kind: 'pieceUnreadable', index: 2, slot: 3 }]);
  });
});

describe('planDocument', () => {
  const empty = (n: number): PageOption[] =>
    Array.from({ length: n }, () => ({ title: '', data: '', lastUpdated: null }));
  const input = (text: string, current: (PageOption | null)[], slotCount = 20) => ({
    text,
    layout: DEFAULT_LAYOUT,
    slotCount,
    current,
    clearValue: '',
  });

  it('needs 6 of 20 slots for 5 pieces and clears slots 7–8 that held pieces', () => {
    const current = stored('q'.repeat(2300 * 7), DEFAULT_LAYOUT, 20);
    const plan = planDocument(input('r'.repeat(2300 * 5), current));
    expect(plan).toMatchObject({ ok: true, needed: 6, first: 1, last: 6, cleared: [7, 8], foreign: [] });
    if (!plan.ok) return;
    expect(plan.writes.map((w) => w.slot)).toEqual([2, 3, 4, 5, 6, 1, 7, 8]);
    expect(plan.writes[5]?.title).toBe('site');
    expect(plan.writes[6]).toEqual({ slot: 7, title: '', data: '' });
  });

  it('names slots in the range that hold something else', () => {
    const current = empty(20);
    current[3] = { title: 'Prices', data: '[1,2,3]', lastUpdated: T0 };
    const plan = planDocument(input('s'.repeat(2300 * 4), current));
    expect(plan).toMatchObject({ ok: true, foreign: [{ slot: 4, title: 'Prices', length: 7 }] });
  });

  it('does not count a placeholder-only slot as holding something', () => {
    const current = empty(20);
    current[2] = { title: '.', data: '.', lastUpdated: T0 };
    const plan = planDocument({ ...input('s'.repeat(5000), current), clearValue: '.' });
    expect(plan).toMatchObject({ ok: true, foreign: [] });
  });

  it('refuses a document that does not fit before anything is written, with the slots it needs', () => {
    expect(planDocument(input('t'.repeat(2300 * 10), empty(10), 10))).toEqual({
      ok: false,
      reason: 'tooLarge',
      needed: 11,
      available: 10,
      first: 1,
    });
    expect(
      planDocument({
        ...input('t'.repeat(2300 * 9), empty(10), 10),
        layout: { ...DEFAULT_LAYOUT, manifestSlot: 3 },
      }),
    ).toMatchObject({ ok: false, needed: 10, available: 8 });
  });
});

describe('documentJobSlots', () => {
  it('hands the job every slot, an unchanged piece too: each is checked at write time (issue 33, finding 6)', () => {
    const items = [
      { slot: 2, title: 'site:1', data: 'a', unchanged: true },
      { slot: 3, title: 'site:2', data: 'b', unchanged: false },
      { slot: 1, title: 'site', data: '{"c":2,"len":2}', unchanged: true },
    ];
    expect(documentJobSlots(items, 1)).toEqual([
      { slot: 2, title: 'site:1', data: 'a', unchanged: true },
      { slot: 3, title: 'site:2', data: 'b', unchanged: false },
      { slot: 1, title: 'site', data: '{"c":2,"len":2}', unchanged: true },
    ]);
  });
});

describe('slotList', () => {
  it('writes runs of slots as ranges', () => {
    expect(slotList([8, 7, 10])).toBe('7–8, 10');
    expect(slotList([3])).toBe('3');
  });
});

describe('layoutProblem', () => {
  it('accepts the default and refuses what cannot work', () => {
    expect(layoutProblem(DEFAULT_LAYOUT, 20)).toBeNull();
    expect(layoutProblem({ ...DEFAULT_LAYOUT, pieceSize: 2401 }, 20)).toBe('pieceSize');
    expect(layoutProblem({ ...DEFAULT_LAYOUT, prefix: ' ' }, 20)).toBe('prefixBlank');
    expect(layoutProblem({ ...DEFAULT_LAYOUT, prefix: 'p'.repeat(62) }, 20)).toBe('prefixLong');
    expect(layoutProblem({ ...DEFAULT_LAYOUT, manifestSlot: 11 }, 10)).toBe('manifestSlot');
    expect(layoutProblem({ ...DEFAULT_LAYOUT, lengthKey: 'c' }, 10)).toBe('keys');
  });
});

const target = { kind: 'building' as const, id: 'b-1' };

function documentJob(items: Job['items'], state: Job['state'] = 'finished'): Job {
  return { id: 'j', profileId: 'p', kind: 'import', target, createdAt: 1, state, finalSlot: 1, items };
}

describe('a write against the edit’s baseline', () => {
  it('previews each slot against the value shown when the edit began; the manifest is never unchanged', () => {
    const base = stored('a'.repeat(4600));
    const writes = documentSlots(`${'a'.repeat(2300)}${'b'.repeat(2300)}`, DEFAULT_LAYOUT);
    const items = documentPreview(writes, base, base, 1);
    expect(items.map((i) => [i.slot, i.unchanged])).toEqual([
      [2, true],
      [3, false],
      [1, false],
    ]);
    expect(items[1]?.current).toBe(base[2]);
    expect(documentJobSlots(items, 1).map((i) => i.slot)).toEqual([2, 3, 1]);
    // The editor has seen piece 1 change since: written against the baseline, so a conflict.
    const shown = [...base];
    shown[1] = { title: 'site:1', data: 'fremd', lastUpdated: T1 };
    const seen = documentPreview(writes, base, shown, 1);
    expect(seen[0]).toMatchObject({ slot: 2, unchanged: false, current: base[1] });
  });

  it('shows what a settled job wrote in place of the value it replaced, never over a third value', () => {
    const old = stored('c'.repeat(4600));
    const writes = documentSlots('d'.repeat(4600), DEFAULT_LAYOUT);
    const done = writes.map((w) => ({
      ...w,
      status: 'done' as const,
      attempts: 1,
      previous: old[w.slot - 1] ?? undefined,
    }));
    const shown = [...old];
    shown[2] = { title: 'site:2', data: 'fremd', lastUpdated: T1 };
    const result = withWritten(shown, documentJob(done), target, DEFAULT_LAYOUT);
    expect(result[1]?.data).toBe('d'.repeat(2300));
    expect(result[2]?.data).toBe('fremd');
    expect(result[0]?.data).toBe(writes.at(-1)?.data);
    // The old text written again since (a later time) is another writer's, not a read from before.
    const again = [...old];
    again[1] = { ...(old[1] as PageOption), lastUpdated: T1 };
    expect(withWritten(again, documentJob(done), target, DEFAULT_LAYOUT)[1]).toBe(again[1]);
    expect(withWritten(old, documentJob(done, 'running'), target, DEFAULT_LAYOUT)).toBe(old);
    expect(withWritten(old, documentJob(done), { kind: 'building', id: 'b-2' }, DEFAULT_LAYOUT)).toBe(old);
  });

  it('writes a held-back document again over the value the user chose to replace', () => {
    const conflict = { title: 'site:1', data: 'fremd', lastUpdated: T1 };
    const job = documentJob([
      {
        slot: 2,
        title: 'site:1',
        data: 'x',
        expected: { title: 'site:1', data: 'o' },
        status: 'conflict',
        conflict,
        attempts: 0,
      },
      { slot: 3, title: 'site:2', data: 'y', status: 'skipped', attempts: 0 },
      {
        slot: 1,
        title: 'site',
        data: 'm',
        expected: { title: 'site', data: 'n' },
        status: 'cancelled',
        attempts: 0,
      },
    ]);
    expect(documentRetrySlots(job, job.items[0]!)).toEqual([
      { slot: 2, title: 'site:1', data: 'x', expected: { title: 'site:1', data: 'fremd' } },
      { slot: 1, title: 'site', data: 'm', expected: { title: 'site', data: 'n' } },
    ]);
  });

  it('refuses to export a document that does not parse or does not add up, not one with a later piece', () => {
    const whole = (slots: (PageOption | null)[]) =>
      assembleDocument(slots[0] as PageOption, slots.slice(1), DEFAULT_LAYOUT, 20);
    const text = JSON.stringify({ v: 'e'.repeat(3000) });
    expect(exportProblem(whole(stored(text)))).toBeNull();
    const later = stored(text);
    later[2] = { ...(later[2] as PageOption), lastUpdated: T1 };
    expect(exportProblem(whole(later))).toBeNull();
    const invalid = stored(text);
    invalid[2] = { ...(invalid[2] as PageOption), data: `${(invalid[2] as PageOption).data.slice(0, -2)}x}` };
    expect(exportProblem(whole(invalid))?.kind).toBe('notJson');
    const shorter = stored(text);
    shorter[2] = { ...(shorter[2] as PageOption), data: (shorter[2] as PageOption).data.slice(1) };
    expect(exportProblem(whole(shorter))?.kind).toBe('lengthMismatch');
  });
});

describe('the baseline after an Undo (issue 33, finding 7)', () => {
  it("moves by what the extension's own Undo wrote back, so it is no other writer's change", () => {
    const target = { kind: 'building' as const, id: 'b-1' };
    const undo = {
      id: 'undo-1',
      profileId: 'p',
      kind: 'undo',
      target,
      createdAt: 1,
      state: 'finished',
      undoOf: 'import-1',
      items: [
        { slot: 1, title: 'site', data: '{"c":1,"len":3}', status: 'done', attempts: 1 },
        { slot: 2, title: 'site:1', data: 'old', status: 'done', attempts: 1 },
      ],
    } satisfies Job;
    expect([...writtenInTarget(undo, target).keys()]).toEqual([1, 2]);
    expect(writtenInTarget(undo, target).get(2)).toMatchObject({ title: 'site:1', data: 'old' });
    expect(writtenInTarget(undo, { kind: 'building', id: 'b-2' }).size).toBe(0);
  });
});
