/**
 * The sandbox's live profile and request limit over real HTTP: what each answers, that the default
 * profile stays as it was, and the control endpoints that switch both.
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../sandbox/fixture';
import { PREMIUM_MESSAGE } from '../sandbox/live';
import { parseRateLimit } from '../sandbox/rate-limit';
import { DEMO, LIVE_DEMO, type Sandbox } from '../sandbox/server';

const live = useSandbox({ profile: 'live' });
const plain = useSandbox();
const limited = useSandbox({ profile: 'live', rateLimit: { limit: 3, windowSeconds: 30 } });

const HEX24 = /^[0-9a-f]{24}$/;

async function get(sandbox: Sandbox, path: string, token: string = DEMO.premium.token) {
  const res = await fetch(sandbox.url + path, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

const control = (sandbox: Sandbox, name: string, method: string, body?: unknown) =>
  fetch(`${sandbox.url}/__sandbox/${name}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('live profile', () => {
  it('lists buildings with only id (24 hex) and hash', async () => {
    const { status, body } = await get(live, '/building/list');
    expect(status).toBe(200);
    const list = body as Record<string, unknown>[];
    expect(list.map((b) => b.id)).toEqual(LIVE_DEMO.buildings.juergen);
    for (const entry of list) {
      expect(Object.keys(entry).sort()).toEqual(['hash', 'id']);
      expect(entry.id).toMatch(HEX24);
    }
    expect(list[0]?.hash).toBe('PillboxHill_Flat_15');
  });

  it('still answers the details with label and hash', async () => {
    const { body } = await get(live, `/building/details/${LIVE_DEMO.pillboxHill.id}`);
    expect(body).toMatchObject({ hash: LIVE_DEMO.pillboxHill.hash, label: LIVE_DEMO.pillboxHill.label });
  });

  it('refuses premium-locked endpoints and slots 11-20 with 401 and a German message about premium', async () => {
    const [building] = LIVE_DEMO.buildings.kaethe;
    for (const path of [
      `/building/tenants/${building}`,
      `/building/bankaccounts/${building}`,
      `/building/options/${building}/11`,
      `/building/options/${building}/20`,
      `/factory/options/${LIVE_DEMO.factories.kaethe[0]}/15`,
    ]) {
      expect(await get(live, path, DEMO.basic.token)).toMatchObject({
        status: 401,
        body: { message: PREMIUM_MESSAGE },
      });
    }
    expect((await get(live, `/building/options/${building}/10`, DEMO.basic.token)).status).toBe(200);
  });

  it('a plain 401 and every other error carry only a message', async () => {
    expect(await get(live, '/building/list', DEMO.unknownToken)).toEqual(
      expect.objectContaining({ status: 401, body: { message: 'Missing or invalid access token' } }),
    );
    const missing = await get(live, '/building/details/000000000000000000000000');
    expect(missing.status).toBe(404);
    expect(Object.keys(missing.body as object)).toEqual(['message']);
  });

  it('bank accounts as { id, vban, balance, note, main }, one main per building', async () => {
    const { body } = await get(live, `/building/bankaccounts/${LIVE_DEMO.pillboxHill.id}`);
    const accounts = body as Record<string, unknown>[];
    expect(accounts).toHaveLength(2);
    for (const account of accounts) {
      expect(Object.keys(account).sort()).toEqual(['balance', 'id', 'main', 'note', 'vban']);
      expect(account.id).toMatch(HEX24);
    }
    expect(accounts.map((a) => a.main)).toEqual([true, false]);
  });

  it('an empty list is 404 {"message":"empty"}: no bank accounts, no transactions', async () => {
    expect(await get(live, `/building/bankaccounts/${LIVE_DEMO.buildingWithoutAccounts}`)).toMatchObject({
      status: 404,
      body: { message: 'empty' },
    });
    const [account] = (await get(live, `/building/bankaccounts/${LIVE_DEMO.buildingWithEmptyAccount}`))
      .body as { id: string }[];
    expect(account?.id).toBe(LIVE_DEMO.emptyAccount);
    expect(await get(live, `/building/transactions/${LIVE_DEMO.emptyAccount}/25/0`)).toMatchObject({
      status: 404,
      body: { message: 'empty' },
    });
  });

  it('transactions come wrapped with their total, in the live record shape', async () => {
    const { body } = await get(live, `/building/transactions/${LIVE_DEMO.busyAccount}/25/25`);
    const page = body as { totalTransactions: number; transactions: Record<string, unknown>[] };
    expect(page.totalTransactions).toBe(LIVE_DEMO.busyAccountTransactions);
    expect(page.transactions).toHaveLength(25);
    for (const tx of page.transactions) {
      expect(Object.keys(tx)).toEqual(
        expect.arrayContaining(['senderVban', 'receiverVban', 'reference', 'amount', 'timestamp']),
      );
    }
    expect(page.transactions.some((tx) => 'purpose' in tx)).toBe(true);
    expect(page.transactions.some((tx) => !('purpose' in tx))).toBe(true);
  });
});

describe('default profile stays as it was', () => {
  it('403 for premium, plain arrays, labelled list entries, readable ids', async () => {
    const [building] = DEMO.buildings.kaethe;
    expect(await get(plain, `/building/tenants/${building}`, DEMO.basic.token)).toMatchObject({
      status: 403,
      body: { error: 'premium_required' },
    });
    const list = (await get(plain, '/building/list')).body as Record<string, unknown>[];
    expect(list[0]).toMatchObject({ id: 'b-1001', label: 'Haus Müllerstraße' });
    expect(Array.isArray((await get(plain, '/building/transactions/acc-1001-1/25/0')).body)).toBe(true);
    expect((await get(plain, '/building/bankaccounts/b-1003')).body).toEqual([]);
  });

  it('switches to live and back through POST /__sandbox/profile; reset returns to the option', async () => {
    expect((await control(plain, 'profile', 'POST', { profile: 'moon' })).status).toBe(400);
    expect((await control(plain, 'profile', 'POST', { profile: 'live' })).status).toBe(204);
    expect(plain.profile).toBe('live');
    expect((await get(plain, '/building/list')).body).toEqual(
      expect.arrayContaining([{ id: LIVE_DEMO.pillboxHill.id, hash: LIVE_DEMO.pillboxHill.hash }]),
    );
    plain.reset();
    expect(plain.profile).toBe('default');
  });
});

describe('request limit', () => {
  it('answers 429 with Retry-After in seconds and no other rate headers, per token; the log records it', async () => {
    for (let i = 0; i < 3; i++) expect((await get(limited, '/building/list')).status).toBe(200);
    const refused = await get(limited, '/building/list');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    expect([...refused.headers.keys()].filter((k) => k.startsWith('x-ratelimit'))).toEqual([]);
    expect(refused.body).toEqual({ message: 'Too many requests' });
    expect((await get(limited, '/building/list', DEMO.basic.token)).status).toBe(200);
    expect(limited.log.map((r) => r.status)).toEqual([200, 200, 200, 429, 200]);
  });

  it('with rate headers: X-RateLimit-Limit, -Remaining and -Reset on every answer', async () => {
    expect((await control(limited, 'rate-headers', 'POST', { on: 'yes' })).status).toBe(400);
    expect((await control(limited, 'rate-headers', 'POST', { on: true })).status).toBe(204);
    const first = await get(limited, '/building/list');
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
  });

  it('is set and lifted through /__sandbox/rate-limit, with a specific message for bad input', async () => {
    const bad = await control(limited, 'rate-limit', 'POST', { limit: 0 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'limit must be a whole number of at least 1, got 0',
    );
    expect((await control(limited, 'rate-limit', 'POST', { limit: 1, windowSeconds: 5 })).status).toBe(204);
    expect((await get(limited, '/building/list')).status).toBe(200);
    const refused = await get(limited, '/building/list');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    expect((await control(limited, 'rate-limit', 'DELETE')).status).toBe(204);
    for (let i = 0; i < 5; i++) expect((await get(limited, '/building/list')).status).toBe(200);
  });

  it('reads N or N/seconds from the command line', () => {
    expect(parseRateLimit('10')).toEqual({ ok: true, value: { limit: 10, windowSeconds: 60 } });
    expect(parseRateLimit('10/15')).toEqual({ ok: true, value: { limit: 10, windowSeconds: 15 } });
    expect(parseRateLimit('ten')).toMatchObject({ ok: false, message: expect.stringContaining('N/seconds') });
    expect(parseRateLimit('5/0')).toMatchObject({
      ok: false,
      message: expect.stringContaining('windowSeconds'),
    });
  });
});
