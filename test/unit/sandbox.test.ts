/**
 * The sandbox's own control features (faults, latency, log, reset, CORS) over real HTTP.
 * The API behaviour itself is covered through the client in the api-*.test.ts files.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../sandbox/seed';
import { type Sandbox, startSandbox } from '../sandbox/server';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.reset());

const auth = { Authorization: `Bearer ${DEMO.premium.token}` };

function call(path: string, init: RequestInit = {}, target: Sandbox = sandbox): Promise<Response> {
  return fetch(target.url + path, { ...init, headers: { ...auth, ...init.headers } });
}

function postOption(option: number, title: string, target: Sandbox = sandbox): Promise<Response> {
  const body = { apiSecret: DEMO.premium.secret, buildingId: 'b-1001', option, title, data: 'Grüße' };
  return call('/building/options', { method: 'POST', body: JSON.stringify(body) }, target);
}

async function timed(request: Promise<Response>): Promise<number> {
  const start = performance.now();
  await (await request).text();
  return performance.now() - start;
}

async function withSandbox(options: Parameters<typeof startSandbox>[0], test: (s: Sandbox) => Promise<void>) {
  const other = await startSandbox(options);
  try {
    await test(other);
  } finally {
    await other.close();
  }
}

describe('sandbox', () => {
  it('listens on 127.0.0.1 with a random port and checks the bearer token', async () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const list = await call('/building/list');
    expect(list.status).toBe(200);
    expect(((await list.json()) as { id: string }[]).map((b) => b.id)).toEqual(DEMO.buildings.juergen);
    const denied = await call('/building/list', {
      headers: { Authorization: `Bearer ${DEMO.unknownToken}` },
    });
    expect(denied.status).toBe(401);
  });

  it('sends no CORS headers by default and answers OPTIONS with a bare 204', async () => {
    const res = await call('/building/list', { headers: { Origin: 'https://example.org' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${sandbox.url}/building/options`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect([...preflight.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
  });

  it('with cors: true allows any origin and answers preflights', async () => {
    await withSandbox({ cors: true }, async (s) => {
      const res = await call('/building/list', { headers: { Origin: 'https://example.org' } }, s);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const preflight = await fetch(`${s.url}/building/options`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Content-Type/);
    });
  });

  it('a status fault answers its status, body, content type and headers, `times` times', async () => {
    sandbox.addFault({
      path: '/building/',
      kind: 'status',
      status: 503,
      body: '<html><body>Wartung</body></html>',
      headers: { 'Retry-After': '1' },
      times: 1,
    });
    sandbox.addFault({ path: '/factory/', kind: 'status', body: '{"error":"boom"}', times: 1 });
    const html = await call('/building/list');
    expect([html.status, html.headers.get('content-type'), html.headers.get('retry-after')]).toEqual([
      503,
      'text/html; charset=utf-8',
      '1',
    ]);
    expect(await html.text()).toBe('<html><body>Wartung</body></html>');
    const json = await call('/factory/options/f-501/1');
    expect([json.status, json.headers.get('content-type')]).toEqual([500, 'application/json']);
    expect((await call('/building/list')).status).toBe(200);
    expect((await call('/factory/options/f-501/1')).status).toBe(200);
  });

  it('faults match by path prefix and method', async () => {
    sandbox.addFault({ path: '/building/options', method: 'POST', kind: 'status', status: 502 });
    expect((await call('/building/options/b-1001/1')).status).toBe(200);
    expect((await call('/building/list')).status).toBe(200);
    expect((await postOption(7, 'x')).status).toBe(502);
    sandbox.clearFaults();
    expect((await postOption(7, 'x')).status).toBe(200);
  });

  it('a malformed fault answers 200 with invalid JSON', async () => {
    sandbox.addFault({ path: '/building/details/', kind: 'malformed' });
    const res = await call('/building/details/b-1001');
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/json']);
    await expect(res.json()).rejects.toThrow(SyntaxError);
  });

  it('a drop fault closes the connection without an answer, logged as status 0', async () => {
    sandbox.addFault({ path: '/building/list', kind: 'drop' });
    await expect(call('/building/list')).rejects.toThrow(TypeError);
    expect(sandbox.log.map((e) => e.status)).toEqual([0]);
  });

  it('a hang fault never answers, and close() ends the hanging connection', async () => {
    await withSandbox({}, async (s) => {
      s.addFault({ path: '/', kind: 'hang' });
      const pending = call('/building/list', {}, s);
      await vi.waitFor(() => expect(s.log).toHaveLength(1), { timeout: 10_000 });
      const timeout = new Promise((resolve) => setTimeout(resolve, 300, 'still pending'));
      expect(await Promise.race([pending.then(() => 'answered'), timeout])).toBe('still pending');
      const start = performance.now();
      await s.close();
      await expect(pending).rejects.toThrow(TypeError);
      expect(performance.now() - start).toBeLessThan(1000);
      expect(s.log[0]?.status).toBe(0);
    });
  });

  it('latency delays API requests only; reset restores the latency option', async () => {
    await withSandbox({ latencyMs: 250 }, async (s) => {
      expect(await timed(call('/building/list', {}, s))).toBeGreaterThanOrEqual(240);
      expect(await timed(fetch(`${s.url}/__sandbox/log`))).toBeLessThan(200);
      expect(await timed(fetch(`${s.url}/static/interiors/altbau-stuck.svg`))).toBeLessThan(200);
      s.setLatency(0);
      expect(await timed(call('/building/list', {}, s))).toBeLessThan(200);
      s.reset();
      expect(await timed(call('/building/list', {}, s))).toBeGreaterThanOrEqual(240);
    });
  });

  it('logs API requests oldest first, as a copy, without control and static routes', async () => {
    await call('/building/list?x=1', { headers: { Origin: 'https://example.org' } });
    await postOption(7, 'Grüße');
    await fetch(`${sandbox.url}/__sandbox/log`);
    await fetch(`${sandbox.url}/static/interiors/altbau-stuck.svg`);
    const log = sandbox.log;
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      method: 'GET',
      path: '/building/list',
      query: 'x=1',
      authorization: auth.Authorization,
      origin: 'https://example.org',
      body: '',
      status: 200,
    });
    expect(log[1]).toMatchObject({ method: 'POST', path: '/building/options', status: 200 });
    expect(JSON.parse(log[1]?.body ?? '')).toMatchObject({ option: 7, title: 'Grüße' });
    expect(log[0]!.time).toBeLessThanOrEqual(log[1]!.time);
    log[0]!.status = 999;
    expect(sandbox.log[0]?.status).toBe(200);
    sandbox.clearLog();
    expect(sandbox.log).toEqual([]);
  });

  it('reset restores the seed data and clears faults and log', async () => {
    expect((await postOption(7, 'Geändert')).status).toBe(200);
    expect(await (await call('/building/options/b-1001/7')).json()).toMatchObject({ title: 'Geändert' });
    sandbox.addFault({ path: '/', kind: 'status', status: 500 });
    sandbox.reset();
    expect(sandbox.log).toEqual([]);
    const slot = await call('/building/options/b-1001/7');
    expect(slot.status).toBe(200);
    expect(await slot.json()).toEqual({ title: '', data: '', lastUpdated: DEMO.seedTime });
  });

  it('HTTP control endpoints drive the same state and are never logged', async () => {
    const control = (path: string, method: string, body?: unknown) =>
      fetch(`${sandbox.url}/__sandbox/${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect(
      (await control('faults', 'POST', { path: '/building/list', kind: 'status', status: 429 })).status,
    ).toBe(204);
    expect((await call('/building/list')).status).toBe(429);
    expect((await control('faults', 'DELETE')).status).toBe(204);
    expect((await call('/building/list')).status).toBe(200);
    expect((await control('faults', 'POST', { path: 'no-slash', kind: 'status' })).status).toBe(400);
    expect((await control('latency', 'POST', { ms: 'slow' })).status).toBe(400);
    expect((await control('latency', 'POST', { ms: 0 })).status).toBe(204);
    const log = (await (await control('log', 'GET')).json()) as { status: number }[];
    expect(log.map((e) => e.status)).toEqual([429, 200]);
    expect((await control('log', 'DELETE')).status).toBe(204);
    expect(sandbox.log).toEqual([]);
    await postOption(7, 'Vorher');
    expect((await control('reset', 'POST')).status).toBe(204);
    expect(await (await call('/building/options/b-1001/7')).json()).toMatchObject({ title: '' });
    expect(sandbox.log).toHaveLength(1);
  });

  it('changes a slot as someone else would: at once, or right after its n-th read (HTTP control too)', async () => {
    const target = { kind: 'building' as const, id: 'b-1001' };
    const read = async () =>
      (await (await call('/building/options/b-1001/6')).json()) as { title: string; lastUpdated: string };
    const before = await read();
    expect(sandbox.changeSlot({ target, option: 6, title: 'Sofort', data: 'a' })).toBe(true);
    const now = await read();
    expect(now.title).toBe('Sofort');
    expect(Date.parse(now.lastUpdated)).toBeGreaterThan(Date.parse(before.lastUpdated));
    expect(
      sandbox.changeSlot({ target: { kind: 'factory', id: 'nope' }, option: 1, title: '', data: '' }),
    ).toBe(false);

    const control = (body: unknown) =>
      fetch(`${sandbox.url}/__sandbox/slot-change`, { method: 'POST', body: JSON.stringify(body) });
    expect((await control({ target, option: 6, title: 'Später', data: 'b', afterReads: 2 })).status).toBe(
      204,
    );
    expect((await read()).title).toBe('Sofort'); // the first read sees the old value
    expect((await read()).title).toBe('Sofort'); // the second too; the change lands right after it
    expect((await read()).title).toBe('Später');
    expect((await control({ target, option: 21, title: '', data: '' })).status).toBe(400);
    expect(
      (await control({ target: { kind: 'factory', id: 'nope' }, option: 1, title: '', data: '' })).status,
    ).toBe(404);
  });

  it('keeps state per instance', async () => {
    await withSandbox({}, async (s) => {
      s.addFault({ path: '/', kind: 'status', status: 500 });
      expect((await postOption(7, 'Nur hier')).status).toBe(200);
      expect((await call('/building/list', {}, s)).status).toBe(500);
      s.clearFaults();
      expect(await (await call('/building/options/b-1001/7', {}, s)).json()).toMatchObject({ title: '' });
      expect(s.log).toHaveLength(2);
      expect(sandbox.log).toHaveLength(1);
    });
  });

  it('serves interior thumbnails without auth and without logging', async () => {
    const rooms = (await (await call('/building/rooms/b-1001')).json()) as { interiorImage: string }[];
    const image = await fetch(rooms[0]!.interiorImage);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect(await image.text()).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
    expect((await fetch(`${sandbox.url}/static/interiors/nope.svg`)).status).toBe(404);
    expect(sandbox.log).toHaveLength(1);
  });
});
