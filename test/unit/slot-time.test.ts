/**
 * A Page Option's time under either name (`lastUpdated`, `lastUpdate`), missing or null: read as
 * "time unknown"; the save's conflict check then compares title and data. Against the sandbox's
 * `lastUpdate` profile, over real HTTP.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readBuildingOption, readFactoryOption } from '../../lib/api/client';
import type { Target } from '../../lib/api/schemas';
import { createHandlers } from '../../lib/handlers';
import type { WorkerDeps } from '../../lib/connection';
import { useSandbox } from '../sandbox/fixture';
import { signIn } from './worker-helpers';
import { DEMO } from '../sandbox/seed';
import { config, value } from './api-helpers';

const sandbox = useSandbox({ profile: 'lastUpdate' });
const deps: WorkerDeps = { hasOriginPermission: async () => true, timeoutMs: 2_000 };
const handlers = createHandlers(deps);
const building: Target = { kind: 'building', id: 'b-1001' };
const cfg = () => config(sandbox, DEMO.premium.token);

async function writeBehindTheBack(option: number, title: string, data: string) {
  const answer = await fetch(`${sandbox.url}/building/options`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO.premium.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiSecret: DEMO.premium.secret, buildingId: 'b-1001', option, title, data }),
  });
  expect(await answer.text()).toBe('option was updated');
}

beforeEach(async () => {
  fakeBrowser.reset();
  await signIn(handlers, sandbox);
});

describe('a Page Option’s time', () => {
  it('is read as lastUpdate, and as unknown (null) when missing or null', async () => {
    const written = value(await readBuildingOption(cfg(), 'b-1001', 1));
    expect(written.lastUpdated).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Slot 9 was never written: its time is missing (odd) or null (even) in this profile.
    expect(value(await readBuildingOption(cfg(), 'b-1001', 9))).toEqual({
      title: '',
      data: '',
      lastUpdated: null,
    });
    expect(value(await readFactoryOption(cfg(), 'f-501', 10))).toEqual({
      title: '',
      data: '',
      lastUpdated: null,
    });
  });

  it('unknown: a save over a slot that still holds what the page showed is written', async () => {
    const result = await handlers.saveSlot({
      target: building,
      option: 9,
      title: 'Neu',
      data: 'x',
      expected: { title: '', data: '' },
    });
    expect(result.ok && result.value.status).toBe('saved');
  });

  it('unknown: a save over a slot whose title or data changed meanwhile is a conflict, nothing written', async () => {
    await writeBehindTheBack(7, 'fremd', 'geändert');
    // The time of slot 7 is now known to the server, but the page saw it without one.
    const result = await handlers.saveSlot({
      target: building,
      option: 7,
      title: 'Meins',
      data: 'm',
      expected: { title: '', data: '' },
    });
    expect(result).toMatchObject({ ok: true, value: { status: 'conflict', server: { title: 'fremd' } } });
    const posts = sandbox.log.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
  });
});
