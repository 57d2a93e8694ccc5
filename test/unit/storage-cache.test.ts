/** The answer cache (stale-while-revalidate): entries with their time, freshness, invalid entries. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Building, Room } from '../../lib/api/schemas';
import { CACHE_FRESH_MS, isFresh } from '../../lib/cache/fresh';
import { cacheFamily, readCached, writeCached } from '../../lib/storage/cache';
import { z } from '../../lib/zod';

const NOW = 1_750_000_000_000;
const P = 'p-1';
const building = {
  id: 'b-1',
  hash: 'h',
  label: 'Haus',
  address: 'Weg 1',
  area: 'Mitte',
  garageSlots: 1,
  price: 10,
  totalRooms: 2,
  occupiedRooms: 1,
  freeRooms: 1,
};

beforeEach(() => fakeBrowser.reset());

describe('cache', () => {
  it('round-trips a value with its time; fresh only within the window', async () => {
    await writeCached(P, ['details', 'b-1'], building, NOW);
    expect(await readCached(P, ['details', 'b-1'], Building)).toEqual({ value: building, savedAt: NOW });
    expect(await readCached('p-2', ['details', 'b-1'], Building)).toBeNull();
    expect(isFresh(NOW, NOW + CACHE_FRESH_MS - 1)).toBe(true);
    expect(isFresh(NOW, NOW + CACHE_FRESH_MS)).toBe(false);
    expect(isFresh(NOW, NOW - 1)).toBe(false); // a clock that went back does not make data fresh
  });

  it('treats an invalid stored value as absent and removes it', async () => {
    const key = cacheFamily.key(P, 'rooms', 'b-1');
    for (const bad of [
      { savedAt: NOW, value: [{ id: 'r' }] },
      'junk',
      { value: [] },
      { savedAt: -1, value: [] },
    ]) {
      await fakeBrowser.storage.local.set({ [key]: { v: 1, value: bad } });
      expect(await readCached(P, ['rooms', 'b-1'], z.array(Room))).toBeNull();
      expect(await fakeBrowser.storage.local.get(key)).toEqual({});
    }
    expect(await readCached(P, ['nothing'], Building)).toBeNull();
  });
});
