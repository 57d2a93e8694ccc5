/** Opening the popup twice costs no duplicate requests in flight: the worker shares them. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '../../lib/handlers';
import { inFlight } from '../../lib/handlers/buildings';
import { originPattern } from '../../lib/storage/settings';
import { DEMO } from '../sandbox/seed';
import { startSandbox } from '../sandbox/server';
import { useSandbox } from '../sandbox/fixture';

const sandbox = useSandbox();
beforeEach(() => {
  fakeBrowser.reset();
});

describe('inFlight', () => {
  it('shares a pending call per key and forgets it once settled', async () => {
    const shared = inFlight<number>();
    let runs = 0;
    const run = () => new Promise<number>((resolve) => setTimeout(() => resolve(++runs), 5));
    const [a, b, c] = await Promise.all([shared('x', run), shared('x', run), shared('y', run)]);
    expect([a, b]).toEqual([1, 1]);
    expect(c).toBe(2);
    expect(await shared('x', run)).toBe(3);
  });

  it('forgets a failed call too', async () => {
    const shared = inFlight<number>();
    await expect(shared('x', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await shared('x', async () => 7)).toBe(7);
  });
});

describe('building handlers', () => {
  it('send one HTTP request for identical concurrent messages, separate ones for different payloads', async () => {
    const handlers = createHandlers({ hasOriginPermission: async (p) => p === originPattern(sandbox.url) });
    const saved = await handlers.saveSettings({
      baseUrl: sandbox.url,
      token: DEMO.premium.token,
      secret: '',
      secretPersistence: 'session',
      premiumOverride: 'auto',
    });
    expect(saved.ok).toBe(true);
    sandbox.reset();
    const [a, b, c] = await Promise.all([
      handlers.listRooms({ buildingId: 'b-1001' }),
      handlers.listRooms({ buildingId: 'b-1001' }),
      handlers.listRooms({ buildingId: 'b-1002' }),
    ]);
    expect(a).toEqual(b);
    expect(c.ok && a.ok && c.value[0]?.id !== a.value[0]?.id).toBe(true);
    expect(sandbox.log.map((r) => r.path).sort()).toEqual([
      '/building/rooms/b-1001',
      '/building/rooms/b-1002',
    ]);
    // Afterwards the fresh answer comes from the profile's cache; Refresh (priority 'user') asks again.
    await handlers.listRooms({ buildingId: 'b-1001' });
    expect(sandbox.log).toHaveLength(2);
    await handlers.listRooms({ buildingId: 'b-1001', hint: { priority: 'user' } });
    expect(sandbox.log).toHaveLength(3);
  });

  it('never share a request with a caller whose account (address or token) changed meanwhile', async () => {
    const other = await startSandbox();
    try {
      const granted = new Set([originPattern(sandbox.url), originPattern(other.url)]);
      const handlers = createHandlers({ hasOriginPermission: async (p) => granted.has(p) });
      const settings = (baseUrl: string) => ({
        baseUrl,
        token: DEMO.premium.token,
        secret: '',
        secretPersistence: 'session' as const,
        premiumOverride: 'auto' as const,
      });
      expect((await handlers.saveSettings(settings(sandbox.url))).ok).toBe(true);
      sandbox.reset();
      sandbox.setLatency(300);
      const old = handlers.listTenants({ buildingId: 'b-1001', hint: { priority: 'user' } });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await handlers.saveSettings(settings(other.url))).ok).toBe(true);
      other.reset();
      const fresh = await handlers.listTenants({ buildingId: 'b-1001', hint: { priority: 'user' } });
      expect(fresh.ok).toBe(true);
      expect(other.log.map((r) => r.path)).toEqual(['/building/tenants/b-1001']);
      await old;
    } finally {
      sandbox.setLatency(0);
      await other.close();
    }
  });
});
