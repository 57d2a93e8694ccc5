/**
 * No request follows a redirect: a 307 from the API to another origin must never carry the token
 * or the secret there, and a redirected write is a failure, not a save. Two sandboxes over real
 * HTTP: the API, and a second one on another port as the redirect's target.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as api from '../../lib/api/client';
import { RequestScheduler } from '../../lib/api/scheduler';
import { createHandlers } from '../../lib/handlers';
import { originPattern } from '../../lib/storage/settings';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { signIn } from './worker-helpers';
import { type Sandbox, startSandbox } from '../sandbox/server';
import { config, error } from './api-helpers';

const sandbox = useSandbox();
let other: Sandbox;

beforeAll(async () => {
  other = await startSandbox();
});
afterAll(async () => {
  await other.close();
});
beforeEach(() => {
  other.reset();
  fakeBrowser.reset();
});

function redirectEverything(method?: 'GET' | 'POST') {
  sandbox.addFault({
    path: '/',
    ...(method ? { method } : {}),
    kind: 'status',
    status: 307,
    body: '',
    headers: { Location: `${other.url}/building/options` },
  });
}

describe('redirects', () => {
  it('a redirected write is refused, names the other origin, and sends nothing there', async () => {
    redirectEverything('POST');
    const result = await api.writeBuildingOption(config(sandbox, DEMO.premium.token), {
      apiSecret: DEMO.premium.secret,
      buildingId: DEMO.buildings.juergen[0] as string,
      option: 1,
      title: 'x',
      data: 'y',
    });
    expect(error(result)).toEqual({ kind: 'redirected', location: other.url });
    expect(other.log).toEqual([]);
    expect(sandbox.log.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('a redirected read is not retried and not followed', async () => {
    redirectEverything('GET');
    const result = await api.listBuildings(config(sandbox, DEMO.premium.token));
    expect(error(result)).toEqual({ kind: 'redirected', location: other.url });
    expect(sandbox.log).toHaveLength(1);
    expect(other.log).toEqual([]);
  });

  it('saveSlot through the worker (with its scheduler) reports the redirected write as failed', async () => {
    const granted = new Set([originPattern(sandbox.url)]);
    const handlers = createHandlers({
      hasOriginPermission: async (pattern) => granted.has(pattern),
      timeoutMs: 2_000,
      scheduler: new RequestScheduler(),
    });
    await signIn(handlers, sandbox);
    const target = { kind: 'building' as const, id: DEMO.buildings.juergen[0] as string };
    const before = await handlers.readOption({ target, option: 1 });
    if (!before.ok) expect.fail(JSON.stringify(before.error));
    redirectEverything('POST');
    const result = await handlers.saveSlot({
      target,
      option: 1,
      title: 'redirected',
      data: 'never',
      expected: { title: before.value.title, data: before.value.data },
    });
    expect(result).toEqual({ ok: false, error: { kind: 'redirected', location: other.url } });
    expect(other.log).toEqual([]);
    sandbox.clearFaults();
    const after = await handlers.readOption({ target, option: 1 });
    expect(after.ok && after.value.title).toBe(before.value.title);
  });
});
