/**
 * Factory discovery in the worker against the sandbox over HTTP: the list, kept per profile like
 * the building list; the fallbacks (404, 403 naming the scope `factory`, an unexpected answer),
 * kept too so an open page does not ask again; transient failures stay errors; the connection
 * test's factory count; and the merge with hand-added factories.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { discoveryOf } from '../../lib/factories/discovery';
import { mergeFactories } from '../../lib/factories/merge';
import { createHandlers } from '../../lib/handlers';
import type { WorkerDeps } from '../../lib/connection';
import type { SettingsInput } from '../../lib/messaging/protocol';
import { originPattern } from '../../lib/storage/settings';
import { useSandbox } from '../sandbox/fixture';
import { settingsInput } from './worker-helpers';
import { DEMO } from '../sandbox/seed';

const sandbox = useSandbox();
const deps: WorkerDeps = { hasOriginPermission: async () => true, timeoutMs: 2_000 };
const handlers = createHandlers(deps);

const input = (overrides: Partial<SettingsInput> = {}) => settingsInput(sandbox, overrides);

const listRequests = () => sandbox.log.filter((r) => r.path.startsWith('/factory/list')).length;

beforeEach(async () => {
  fakeBrowser.reset();
  expect(originPattern(sandbox.url)).toContain('127.0.0.1');
  await handlers.saveSettings(input());
  sandbox.clearLog();
});

describe('listFactories', () => {
  it('lists the account’s factories by name from GET /factory/list/, and keeps the answer', async () => {
    const first = await handlers.listFactories({});
    expect(first).toMatchObject({
      ok: true,
      value: { factories: [{ id: DEMO.factories.juergen[0], name: 'Bäckerei Groß' }], unavailable: null },
    });
    expect(sandbox.log.map((r) => r.path)).toEqual(['/factory/list/']);
    await handlers.listFactories({});
    expect(listRequests()).toBe(1);
    await handlers.listFactories({ hint: { priority: 'user' } });
    expect(listRequests()).toBe(2);
  });

  it('falls back when the endpoint answers 404, and does not ask again on the next open', async () => {
    sandbox.setFactoryList(false);
    const answer = await handlers.listFactories({});
    expect(answer).toMatchObject({
      ok: true,
      value: { factories: [], unavailable: { reason: 'notFound' } },
    });
    await handlers.listFactories({});
    expect(listRequests()).toBe(1);
  });

  it('names the scope factory on a 403', async () => {
    sandbox.addFault({
      path: '/factory/list',
      kind: 'status',
      status: 403,
      body: '{"message":"Missing scope(s): factory"}',
    });
    const answer = await handlers.listFactories({});
    expect(answer).toMatchObject({ ok: true, value: { unavailable: { reason: 'forbidden' } } });
    const report = await handlers.testConnection(input());
    expect(report).toMatchObject({ ok: true, value: { factories: { reason: 'forbidden' } } });
  });

  it('falls back on an unexpected answer, saying what it was', async () => {
    sandbox.addFault({ path: '/factory/list', kind: 'malformed', body: '{"oops": 1, "two": 2}' });
    const answer = await handlers.listFactories({});
    expect(answer).toMatchObject({
      ok: true,
      value: { factories: [], unavailable: { reason: 'unexpected' } },
    });
  });

  it('keeps a dropped connection an error, asked again next time', async () => {
    sandbox.addFault({ path: '/factory/list', kind: 'drop', times: 3 });
    expect(await handlers.listFactories({})).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(await handlers.listFactories({})).toMatchObject({ ok: true, value: { unavailable: null } });
  });

  it('reports the factory count in the connection test, or why there is none', async () => {
    const report = await handlers.testConnection(input());
    expect(report).toMatchObject({ ok: true, value: { factories: { count: 1 } } });
    sandbox.setFactoryList(false);
    const without = await handlers.testConnection(input());
    expect(without).toMatchObject({ ok: true, value: { factories: { reason: 'notFound' } } });
  });
});

describe('discoveryOf and mergeFactories', () => {
  it('treats an "empty" 404 as no factories, not as a missing endpoint', () => {
    expect(discoveryOf({ ok: true, value: [] })).toEqual({
      ok: true,
      value: { factories: [], unavailable: null },
    });
  });

  it('merges hand-added factories by id: the given name wins, the list’s order first', () => {
    const merged = mergeFactories(
      [
        { id: 'a', name: 'Bakery' },
        { id: 'b', name: 'Forge' },
      ],
      [
        { id: 'b', name: 'My forge' },
        { id: 'c', name: 'Mill' },
      ],
    );
    expect(merged).toEqual([
      { id: 'a', name: 'Bakery', listed: true, added: false },
      { id: 'b', name: 'My forge', listed: true, added: true },
      { id: 'c', name: 'Mill', listed: false, added: true },
    ]);
  });
});
