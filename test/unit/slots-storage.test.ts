/** Drafts, the history ring and the remembered targets, in wxt's fake extension storage. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Target } from '../../lib/api/schemas';
import { putDraft, readDrafts, removeDraft } from '../../lib/storage/drafts';
import { HISTORY_MAX, readHistory } from '../../lib/storage/history';
import { addEntry, pushHistory } from '../../lib/storage/keep-replaced';
import { currentTargetFamily, currentTargetItem } from '../../lib/storage/current-target';
import { forgetFactory, readFactories, rememberFactory } from '../../lib/storage/added-factories';

const building: Target = { kind: 'building', id: 'b-1001' };
const factory: Target = { kind: 'factory', id: 'f-501' };
const P = 'p-1';

beforeEach(() => fakeBrowser.reset());

describe('drafts', () => {
  it('keeps one draft per target and slot, and removes exactly that one', async () => {
    const draft = { title: 'Größe 🏠', data: '{"a":1}', savedAt: 1 };
    await putDraft(P, building, 1, draft);
    await putDraft(P, building, 2, { ...draft, title: 'zwei' });
    await putDraft(P, factory, 1, { ...draft, title: 'Fabrik' });

    const drafts = await readDrafts(P, building, [1, 2, 3]);
    expect([...drafts.keys()]).toEqual([1, 2]);
    expect(drafts.get(1)).toEqual(draft);
    expect((await readDrafts(P, factory, [1])).get(1)?.title).toBe('Fabrik');

    await removeDraft(P, building, 1);
    expect([...(await readDrafts(P, building, [1, 2])).keys()]).toEqual([2]);
    expect((await readDrafts(P, factory, [1])).size).toBe(1);
  });

  it('loads a draft stored with the base (lastUpdated) that older builds kept, without it', async () => {
    const start = { title: 'alt', data: 'a' };
    const old = { title: 'Entwurf', data: '{}', base: '2025-01-01T00:00:00.000Z', start, savedAt: 5 };
    await fakeBrowser.storage.local.set({ 'p.p-1.draft:building:b-1001:4': { v: 1, value: old } });
    expect((await readDrafts(P, building, [4])).get(4)).toEqual({
      title: 'Entwurf',
      data: '{}',
      start,
      savedAt: 5,
    });
  });

  it('skips a corrupted entry instead of failing', async () => {
    await fakeBrowser.storage.local.set({ 'p.p-1.draft:building:b-1001:4': { v: 1, value: { title: 42 } } });
    expect((await readDrafts(P, building, [4])).size).toBe(0);
  });
});

describe('history ring', () => {
  const value = (n: number) => ({
    title: `t${n}`,
    data: `d${n}`,
    lastUpdated: `2025-01-01T00:00:${String(n).padStart(2, '0')}.000Z`,
  });

  it('keeps the newest first and at most 20 per slot', async () => {
    for (let n = 1; n <= 25; n++) await pushHistory(P, building, 3, { time: 1000 + n, ...value(n) });
    const list = await readHistory(P, building, 3);
    expect(list).toHaveLength(HISTORY_MAX);
    expect(list[0]).toEqual({ time: 1025, ...value(25) });
    expect(list[19]?.title).toBe('t6');
    expect(list.map((e) => e.time)).toEqual([...list.map((e) => e.time)].sort((a, b) => b - a));
    expect(await readHistory(P, building, 4)).toEqual([]);
    expect(await readHistory(P, factory, 3)).toEqual([]);
  });

  it('does not keep the same version twice in a row', () => {
    const entry = { time: 1, ...value(1) };
    expect(addEntry(addEntry([], entry), { ...entry, time: 2 })).toHaveLength(1);
    expect(addEntry([entry], { time: 3, ...value(2) })).toHaveLength(2);
  });
});

describe('targets', () => {
  it('remembers added factories, renaming by id, and forgets them', async () => {
    await rememberFactory(P, { id: 'f-501', name: '' });
    await rememberFactory(P, { id: 'f-601', name: 'Käthes Werk' });
    await rememberFactory(P, { id: 'f-501', name: 'Bäckerei' });
    expect(await readFactories(P)).toEqual([
      { id: 'f-601', name: 'Käthes Werk' },
      { id: 'f-501', name: 'Bäckerei' },
    ]);
    await forgetFactory(P, 'f-501');
    expect((await readFactories(P)).map((f) => f.id)).toEqual(['f-601']);
  });
});

describe('current target', () => {
  it('is one validated item per profile; watchers get each new value, a corrupt one as null', async () => {
    const seen: unknown[] = [];
    const item = currentTargetItem(P);
    const stop = item.watch((value) => seen.push(value));
    await item.set(building);
    await fakeBrowser.storage.local.set({
      [currentTargetFamily.key(P)]: { v: 1, value: { kind: 'house', id: '' } },
    });
    stop();
    await item.set(factory);
    expect(seen).toEqual([building, null]);
    expect(await item.get()).toEqual(factory);
    expect(await currentTargetItem('p-2').get()).toBeNull();
  });
});
