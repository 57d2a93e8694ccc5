/**
 * Every failure class, injected with sandbox faults: status codes, hangs, dropped connections,
 * malformed bodies, caller aborts; and the retry policy (GETs retried on transient failures,
 * POSTs only on 429).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  listBankAccounts,
  listBuildings,
  listRooms,
  listTransactions,
  readBuilding,
  readBuildingOption,
  writeBuildingOption,
} from '../../lib/api/client';
import { ENDPOINTS } from '../../lib/api/endpoints';
import type { ApiConfig } from '../../lib/api/http-config';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { config, error, requests, value } from './api-helpers';

const sandbox = useSandbox();
beforeEach(() => {
  sandbox.clearFaults();
  sandbox.clearLog();
});

const premium = (extra: Partial<ApiConfig> = {}) => config(sandbox, DEMO.premium.token, extra);
const [b1] = DEMO.buildings.juergen;
const writeBody = { apiSecret: DEMO.premium.secret, buildingId: b1, option: 3, title: 'w', data: 'd' };
const json = 'application/json';

describe('HTTP status classes', () => {
  it('401 -> unauthorized, not retried', async () => {
    sandbox.addFault({
      path: '/building/list',
      kind: 'status',
      status: 401,
      contentType: json,
      body: JSON.stringify({ error: 'unauthorized', message: 'token expired' }),
    });
    expect(error(await listBuildings(premium()))).toEqual({ kind: 'unauthorized', message: 'token expired' });
    expect(sandbox.log).toHaveLength(1);
  });

  it('403 -> forbidden with the endpoint’s scopes and premium need', async () => {
    sandbox.addFault({
      path: '/building/bankaccounts/',
      kind: 'status',
      status: 403,
      contentType: json,
      body: JSON.stringify({ error: 'missing_scope', message: 'scope building.bankaccount missing' }),
    });
    expect(error(await listBankAccounts(premium(), b1))).toEqual({
      kind: 'forbidden',
      scopes: [...ENDPOINTS.bankAccounts.scopes],
      premium: 'required',
      message: 'scope building.bankaccount missing',
    });
    expect(sandbox.log).toHaveLength(1);
  });

  it('404 -> notFound with the server message', async () => {
    sandbox.addFault({
      path: '/building/details/',
      kind: 'status',
      status: 404,
      contentType: json,
      body: JSON.stringify({ error: 'not_found', message: 'building not found' }),
    });
    expect(error(await readBuilding(premium(), b1))).toEqual({
      kind: 'notFound',
      message: 'building not found',
    });
    expect(sandbox.log).toHaveLength(1);
  });

  it('400 JSON -> validation with the server message, not retried', async () => {
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 400,
      contentType: json,
      body: JSON.stringify({ error: 'validation_error', message: 'title is too long' }),
    });
    expect(error(await writeBuildingOption(premium(), writeBody))).toEqual({
      kind: 'validation',
      status: 400,
      message: 'title is too long',
    });
    expect(sandbox.log).toHaveLength(1);
  });

  it('422 JSON with an errors list -> validation naming the fields', async () => {
    sandbox.addFault({
      path: '/building/rooms/',
      kind: 'status',
      status: 422,
      contentType: json,
      body: JSON.stringify({ errors: [{ field: 'buildingId', message: 'bad format' }, 'second problem'] }),
    });
    expect(error(await listRooms(premium(), b1))).toEqual({
      kind: 'validation',
      status: 422,
      message: 'buildingId: bad format; second problem',
    });
  });

  it('400 with a plain-text body -> validation with that text', async () => {
    sandbox.addFault({
      path: '/building/rooms/',
      kind: 'status',
      status: 400,
      contentType: 'text/plain',
      body: ' bad  request\n',
    });
    expect(error(await listRooms(premium(), b1))).toEqual({
      kind: 'validation',
      status: 400,
      message: 'bad request',
    });
  });

  it('500 HTML page -> server error as plain text, truncated, no tags', async () => {
    const html = `<!DOCTYPE html><html><head><title>Internal Server Error</title>
      <style>body { color: red }</style><script>alert("x")</script></head>
      <body><h1>Internal   Server Error</h1><p>${'The server broke. '.repeat(30)}</p></body></html>`;
    sandbox.addFault({
      path: '/building/list',
      kind: 'status',
      status: 500,
      contentType: 'text/html',
      body: html,
    });
    const e = error(await listBuildings(premium({ retries: 0 })));
    expect(e.kind).toBe('server');
    if (e.kind !== 'server') return;
    expect(e.status).toBe(500);
    expect(e.message).toMatch(/^Internal Server Error Internal Server Error The server broke\./);
    expect(e.message).not.toMatch(/[<>]|alert|color/);
    expect(e.message.length).toBeLessThanOrEqual(200);
    expect(e.message.endsWith('…')).toBe(true);
  });

  it('an unexpected status (418) -> server, not retried', async () => {
    sandbox.addFault({
      path: '/building/list',
      kind: 'status',
      status: 418,
      contentType: 'text/plain',
      body: 'teapot',
    });
    expect(error(await listBuildings(premium()))).toEqual({ kind: 'server', status: 418, message: 'teapot' });
    expect(sandbox.log).toHaveLength(1);
  });
});

describe('retries of GETs', () => {
  it('503 once -> retried, then success', async () => {
    sandbox.addFault({ path: '/building/list', kind: 'status', status: 503, body: 'busy', times: 1 });
    value(await listBuildings(premium()));
    expect(sandbox.log.map((r) => r.status)).toEqual([503, 200]);
  });

  it('persistent 500 -> tried 1 + retries times, then reported', async () => {
    sandbox.addFault({
      path: '/building/list',
      kind: 'status',
      status: 500,
      contentType: 'text/plain',
      body: 'boom',
    });
    expect(error(await listBuildings(premium({ retries: 2 })))).toEqual({
      kind: 'server',
      status: 500,
      message: 'boom',
    });
    expect(sandbox.log).toHaveLength(3);
  });

  it('429 with Retry-After: waits for it, retries, then succeeds', async () => {
    sandbox.addFault({
      path: '/building/list',
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '1' },
      contentType: json,
      body: JSON.stringify({ error: 'rate_limited', message: 'slow down' }),
      times: 1,
    });
    const started = Date.now();
    value(await listBuildings(premium()));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(sandbox.log.map((r) => r.status)).toEqual([429, 200]);
  });

  it('429 with an HTTP-date Retry-After in the past is retried at once', async () => {
    const past = new Date(Date.now() - 60_000).toUTCString();
    sandbox.addFault({
      path: '/building/list',
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': past },
      times: 1,
    });
    value(await listBuildings(premium()));
    expect(sandbox.log).toHaveLength(2);
  });

  it('persistent 429 -> rateLimited after the retries', async () => {
    sandbox.addFault({
      path: '/building/list',
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '0' },
      contentType: json,
      body: JSON.stringify({ message: 'slow down' }),
    });
    expect(error(await listBuildings(premium({ retries: 2 })))).toEqual({
      kind: 'rateLimited',
      retryAfterMs: 0,
      message: 'slow down',
    });
    expect(sandbox.log).toHaveLength(3);
  });

  it('429 with a Retry-After above maxRetryAfterMs is reported at once', async () => {
    sandbox.addFault({
      path: '/building/list',
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '120' },
    });
    const e = error(await listBuildings(premium({ maxRetryAfterMs: 1_000 })));
    expect(e).toMatchObject({ kind: 'rateLimited', retryAfterMs: 120_000 });
    expect(sandbox.log).toHaveLength(1);
  });

  it('429 without Retry-After -> retryAfterMs null, retried with backoff', async () => {
    sandbox.addFault({ path: '/building/list', kind: 'status', status: 429 });
    expect(error(await listBuildings(premium({ retries: 1 })))).toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: null,
    });
    expect(sandbox.log).toHaveLength(2);
  });

  it('hang -> timeout (retries 0)', async () => {
    sandbox.addFault({ path: '/building/list', kind: 'hang' });
    const started = Date.now();
    expect(error(await listBuildings(premium({ timeoutMs: 300, retries: 0 })))).toEqual({
      kind: 'timeout',
      timeoutMs: 300,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(requests(sandbox, '/building/list')).toHaveLength(1);
  });

  it('hang once -> timed out, retried, then success', async () => {
    sandbox.addFault({ path: '/building/list', kind: 'hang', times: 1 });
    value(await listBuildings(premium({ timeoutMs: 300, retries: 2 })));
    expect(requests(sandbox, '/building/list')).toHaveLength(2);
  });

  it('drop -> network error, retried as configured', async () => {
    sandbox.addFault({ path: '/building/list', kind: 'drop' });
    const e = error(await listBuildings(premium({ retries: 1 })));
    expect(e.kind).toBe('network');
    if (e.kind === 'network') expect(e.message).not.toBe('');
    expect(requests(sandbox, '/building/list')).toHaveLength(2);
  });

  it('drop once -> retried, then success', async () => {
    sandbox.addFault({ path: '/building/list', kind: 'drop', times: 1 });
    value(await listBuildings(premium()));
  });

  it('nothing listening -> network', async () => {
    const e = error(await listBuildings({ baseUrl: 'http://127.0.0.1:9', token: 't', retries: 0 }));
    expect(e.kind).toBe('network');
  });
});

describe('writes (POST) are retried only on 429', () => {
  it('500 -> server error after exactly one POST', async () => {
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 500,
      body: 'oops',
      times: 1,
    });
    expect(error(await writeBuildingOption(premium({ retries: 3 }), writeBody))).toMatchObject({
      kind: 'server',
      status: 500,
    });
    expect(requests(sandbox, '/building/options', 'POST')).toHaveLength(1);
  });

  it('hang -> timeout after exactly one POST', async () => {
    sandbox.addFault({ path: '/building/options', method: 'POST', kind: 'hang', times: 1 });
    expect(error(await writeBuildingOption(premium({ timeoutMs: 300, retries: 3 }), writeBody))).toEqual({
      kind: 'timeout',
      timeoutMs: 300,
    });
    expect(requests(sandbox, '/building/options', 'POST')).toHaveLength(1);
  });

  it('drop -> network after exactly one POST', async () => {
    sandbox.addFault({ path: '/building/options', method: 'POST', kind: 'drop', times: 1 });
    expect(error(await writeBuildingOption(premium({ retries: 3 }), writeBody)).kind).toBe('network');
    expect(requests(sandbox, '/building/options', 'POST')).toHaveLength(1);
  });

  it('429 once -> retried, then written', async () => {
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '0' },
      times: 1,
    });
    value(await writeBuildingOption(premium(), writeBody));
    const posts = requests(sandbox, '/building/options', 'POST');
    expect(posts.map((r) => r.status)).toEqual([429, 200]);
    expect(JSON.parse(posts[1]?.body ?? 'null')).toEqual(writeBody);
    expect(value(await readBuildingOption(premium(), b1, 3)).title).toBe('w');
  });

  it('persistent 429 -> rateLimited after 1 + retries POSTs', async () => {
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '0' },
    });
    expect(error(await writeBuildingOption(premium({ retries: 1 }), writeBody))).toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: 0,
    });
    expect(requests(sandbox, '/building/options', 'POST')).toHaveLength(2);
  });

  it('a 2xx without the success text -> malformed', async () => {
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 200,
      contentType: 'text/plain',
      body: 'something else',
    });
    expect(error(await writeBuildingOption(premium(), writeBody))).toMatchObject({
      kind: 'malformed',
      path: '(body)',
    });
  });

  it('the success text with surrounding whitespace is accepted', async () => {
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 200,
      contentType: 'text/plain',
      body: '\n option was updated \n',
    });
    value(await writeBuildingOption(premium(), writeBody));
  });
});

describe('malformed bodies', () => {
  it('invalid JSON -> malformed (body)', async () => {
    sandbox.addFault({ path: '/building/details/', kind: 'malformed' });
    expect(error(await readBuilding(premium(), b1))).toMatchObject({ kind: 'malformed', path: '(body)' });
  });

  it('invalid JSON with status 200 set by hand -> malformed (body), not retried', async () => {
    sandbox.addFault({
      path: '/building/list',
      kind: 'status',
      status: 200,
      contentType: json,
      body: '[{"id": "b-1",',
    });
    expect(error(await listBuildings(premium()))).toMatchObject({ kind: 'malformed', path: '(body)' });
    expect(sandbox.log).toHaveLength(1);
  });

  it('a wrong field type -> malformed naming the field', async () => {
    sandbox.addFault({
      path: '/building/options/',
      kind: 'status',
      status: 200,
      contentType: json,
      body: JSON.stringify({ title: 't', data: 'd', lastUpdated: 42 }),
    });
    const e = error(await readBuildingOption(premium(), b1, 1));
    expect(e).toMatchObject({ kind: 'malformed', path: 'lastUpdated' });
  });

  it('a wrong nested field in an array -> malformed with the element path', async () => {
    const rooms = value(await listRooms(premium(), b1));
    const broken = rooms.map((r, i) =>
      i === 1 ? { ...r, interiorDetails: { ...r.interiorDetails, kitchenCapacity: 'many' } } : r,
    );
    sandbox.addFault({
      path: '/building/rooms/',
      kind: 'status',
      status: 200,
      contentType: json,
      body: JSON.stringify(broken),
    });
    expect(error(await listRooms(premium(), b1))).toMatchObject({
      kind: 'malformed',
      path: '[1].interiorDetails.kitchenCapacity',
    });
  });

  it('a tolerant list with a non-object element -> malformed with its index', async () => {
    sandbox.addFault({
      path: '/building/bankaccounts/',
      kind: 'status',
      status: 200,
      contentType: json,
      body: JSON.stringify([{ id: 'a' }, { id: 'b' }, 'c']),
    });
    expect(error(await listBankAccounts(premium(), b1))).toMatchObject({ kind: 'malformed', path: '[2]' });
  });

  it('a wrapper object is accepted; unknown fields are dropped (only known ones are cached and shown)', async () => {
    sandbox.addFault({
      path: '/building/list',
      kind: 'status',
      status: 200,
      contentType: json,
      body: JSON.stringify({
        data: [
          { id: 'b-1', label: 'One', floors: 4 },
          { id: 2, name: 'Two', owner: { name: 'J' } },
        ],
        total: 2,
      }),
    });
    expect(value(await listBuildings(premium()))).toEqual([
      { id: 'b-1', label: 'One' },
      { id: '2', name: 'Two' },
    ]);
  });

  it('an object with a single array under another key is accepted', async () => {
    sandbox.addFault({
      path: '/building/transactions/',
      kind: 'status',
      status: 200,
      contentType: json,
      body: JSON.stringify({ count: 1, page: [{ id: 't1', amount: -5 }] }),
    });
    expect(value(await listTransactions(premium(), 'acc-1001-1'))).toEqual({
      total: null,
      transactions: [{ id: 't1', amount: -5 }],
    });
  });

  it('an object without an array -> malformed (body)', async () => {
    sandbox.addFault({
      path: '/building/bankaccounts/',
      kind: 'status',
      status: 200,
      contentType: json,
      body: JSON.stringify({ a: 1 }),
    });
    expect(error(await listBankAccounts(premium(), b1))).toMatchObject({ kind: 'malformed', path: '(body)' });
  });
});

describe('caller abort', () => {
  it('aborting during a hanging request -> aborted, not retried', async () => {
    sandbox.addFault({ path: '/building/list', kind: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    expect(error(await listBuildings(premium({ signal: controller.signal, timeoutMs: 5_000 })))).toEqual({
      kind: 'aborted',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(requests(sandbox, '/building/list')).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(error(await listBuildings(premium({ signal: controller.signal })))).toEqual({ kind: 'aborted' });
    expect(sandbox.log).toEqual([]);
  });

  it('aborting during the wait between retries -> aborted', async () => {
    sandbox.addFault({ path: '/building/list', kind: 'status', status: 503 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const e = error(await listBuildings(premium({ signal: controller.signal, retryBaseMs: 2_000 })));
    expect(e).toEqual({ kind: 'aborted' });
    expect(sandbox.log).toHaveLength(1);
  });
});

describe('configuration', () => {
  it('a base URL with a path and trailing slash is joined without double slashes', async () => {
    sandbox.addFault({
      path: '/v1/building/list',
      kind: 'status',
      status: 200,
      contentType: json,
      body: '[]',
    });
    expect(value(await listBuildings(premium({ baseUrl: `${sandbox.url}/v1/` })))).toEqual([]);
    expect(sandbox.log.map((r) => r.path)).toEqual(['/v1/building/list']);
  });

  it('an invalid base URL -> invalidInput, nothing sent', async () => {
    expect(error(await listBuildings(premium({ baseUrl: 'not a url' })))).toMatchObject({
      kind: 'invalidInput',
      field: 'baseUrl',
    });
  });

  it('uses the fetch from the config; sends Authorization, Accept and, for writes, a JSON Content-Type', async () => {
    // A pass-through to the real fetch that records what the client hands it.
    const seen: { url: string; method: string; headers: Headers }[] = [];
    const recording: typeof fetch = (input, init) => {
      seen.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
      return fetch(input, init);
    };
    value(await readBuildingOption(premium({ fetch: recording }), b1, 1));
    value(await writeBuildingOption(premium({ fetch: recording }), writeBody));
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ['GET', `${sandbox.url}/building/options/${b1}/1`],
      ['POST', `${sandbox.url}/building/options`],
    ]);
    for (const { headers } of seen) {
      expect(headers.get('authorization')).toBe(`Bearer ${DEMO.premium.token}`);
      expect(headers.get('accept')).toBe('application/json');
    }
    expect(seen[0]?.headers.get('content-type')).toBeNull();
    expect(seen[1]?.headers.get('content-type')).toBe('application/json');
    const [post] = requests(sandbox, '/building/options', 'POST');
    expect(JSON.parse(post?.body ?? 'null')).toEqual(writeBody);
  });

  it('a fetch that throws synchronously still yields a typed network error', async () => {
    const throwing: typeof fetch = () => {
      throw new TypeError('boom');
    };
    expect(error(await listBuildings(premium({ fetch: throwing, retries: 0 })))).toEqual({
      kind: 'network',
      message: 'boom',
    });
  });
});
