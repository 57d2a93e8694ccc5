/** The options store follows the edited profile's storage: its stored data's sizes are read again while a backup or a job runs. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OptionsStore } from '../../components/options/options-store';
import type { Send } from '../../lib/messaging/page-client';
import { settingsView } from '../components/fixtures';

beforeEach(() => fakeBrowser.reset());

function scriptedWorker() {
  const usageReads: string[] = [];
  const send = vi.fn(async (type: string, payload: { id?: string }) => {
    if (type === 'getSettings') return { ok: true, value: settingsView({ profileId: 'p1' }) };
    if (type === 'listProfiles') return { ok: true, value: { active: 'p1', list: [] } };
    if (type === 'profileStorage') {
      usageReads.push(payload.id ?? '');
      return { ok: true, value: { families: [] } };
    }
    return { ok: false, error: { kind: 'internal', message: type } };
  }) as unknown as Send;
  return { send, usageReads };
}

describe('options store', () => {
  it('reads the edited profile’s stored data again after its storage changed, at most once a second', async () => {
    const worker = scriptedWorker();
    const store = new OptionsStore(worker.send);
    await store.edit();
    expect(worker.usageReads).toEqual(['p1']);
    const stop = store.followUsage();
    vi.useFakeTimers();
    try {
      await fakeBrowser.storage.local.set({ 'p.p1.backupSlots:job:building:b-1': { v: 1, value: [] } });
      await fakeBrowser.storage.local.set({ 'p.p1.cache:option:building:b-1:1': { v: 1, value: {} } });
      // Another profile's storage is not this page's business.
      await fakeBrowser.storage.local.set({ 'p.p2.cache:buildings': { v: 1, value: [] } });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(worker.usageReads).toEqual(['p1', 'p1']);
      stop();
      await fakeBrowser.storage.local.set({ 'p.p1.cache:buildings': { v: 1, value: [] } });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(worker.usageReads).toEqual(['p1', 'p1']);
    } finally {
      vi.useRealTimers();
    }
  });
});
