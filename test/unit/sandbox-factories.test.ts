/**
 * The sandbox's GET /factory/list/ (default and live profiles, switched off by option and control
 * endpoint) and what the live profile answers to an empty title or data, over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_FIELD_MESSAGE } from '../sandbox/api';
import { useSandbox } from '../sandbox/fixture';
import { DEMO, LIVE_DEMO, type Sandbox } from '../sandbox/server';

const live = useSandbox({ profile: 'live' });
const plain = useSandbox();
const without = useSandbox({ factoryList: false });

async function get(sandbox: Sandbox, path: string, token: string = DEMO.premium.token) {
  const res = await fetch(sandbox.url + path, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as unknown };
}

const write = (sandbox: Sandbox, body: Record<string, unknown>) =>
  fetch(`${sandbox.url}/building/options`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO.premium.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiSecret: DEMO.premium.secret, option: 3, ...body }),
  });

describe('GET /factory/list/', () => {
  it('answers the key owner’s factories as { id, name, adLine, isOpen, type, address }', async () => {
    const { status, body } = await get(plain, '/factory/list/');
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id: DEMO.factories.juergen[0],
        name: 'Bäckerei Groß',
        adLine: 'Frische Brötchen ab 6 Uhr',
        isOpen: true,
        type: 'bakery',
        address: 'Mühlenweg 3',
      },
    ]);
    expect((await get(plain, '/factory/list')).status).toBe(200);
    const other = await get(plain, '/factory/list/', DEMO.basic.token);
    expect((other.body as { name: string }[]).map((f) => f.name)).toEqual(['Schmiede Kühn & Söhne']);
  });

  it('carries the 24-hex ids in the live profile', async () => {
    const { body } = await get(live, '/factory/list/');
    expect((body as { id: string }[]).map((f) => f.id)).toEqual(LIVE_DEMO.factories.juergen);
  });

  it('answers 404 when switched off, by option or by POST /__sandbox/factory-list; reset restores it', async () => {
    expect((await get(without, '/factory/list/')).status).toBe(404);
    await fetch(`${plain.url}/__sandbox/factory-list`, { method: 'POST', body: '{"on":false}' });
    expect((await get(plain, '/factory/list/')).status).toBe(404);
    plain.reset();
    expect((await get(plain, '/factory/list/')).status).toBe(200);
    const bad = await fetch(`${plain.url}/__sandbox/factory-list`, { method: 'POST', body: '{}' });
    expect(bad.status).toBe(400);
  });
});

describe('an empty title or data', () => {
  const buildingId = (sandbox: Sandbox) =>
    sandbox === live ? LIVE_DEMO.buildings.juergen[0] : DEMO.buildings.juergen[0];

  it('is refused by the live profile with 422 and a message naming the field', async () => {
    const res = await write(live, { buildingId: buildingId(live), title: '', data: '' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: EMPTY_FIELD_MESSAGE('title') });
    const data = await write(live, { buildingId: buildingId(live), title: 'x', data: '' });
    expect(await data.json()).toEqual({ message: 'The data field is required.' });
    expect((await write(live, { buildingId: buildingId(live), title: '.', data: '.' })).status).toBe(200);
  });

  it('is accepted by the default profile', async () => {
    expect((await write(plain, { buildingId: buildingId(plain), title: '', data: '' })).status).toBe(200);
  });
});
