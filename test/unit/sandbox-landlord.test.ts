/** The landlord of the portfolio demo and her control endpoints, over real HTTP. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANDLORD } from '../sandbox/landlord';
import { DEMO } from '../sandbox/seed';
import { LIVE_DEMO, type Sandbox, startSandbox } from '../sandbox/server';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.reset());

const get = async (path: string, token: string = LANDLORD.token) =>
  (
    await fetch(sandbox.url + path, { headers: { Authorization: `Bearer ${token}` } })
  ).json() as Promise<unknown>;
const control = (name: string, body: unknown) =>
  fetch(`${sandbox.url}/__sandbox/${name}`, { method: 'POST', body: JSON.stringify(body) });

type TenantAnswer = { roomId: string; lastPayDate: string }[];
const DAY_MS = 86_400_000;

describe('the landlord', () => {
  it('owns 12 buildings, and the other characters keep theirs', async () => {
    const list = (await get('/building/list')) as { id: string }[];
    expect(list.map((b) => b.id)).toEqual(LANDLORD.buildings);
    const juergen = (await get('/building/list', DEMO.premium.token)) as { id: string }[];
    expect(juergen.map((b) => b.id)).toEqual(DEMO.buildings.juergen);
  });

  it('has tenants late with the rent (last payment over 7 days ago) and others on time', async () => {
    const late: string[] = [];
    for (const id of LANDLORD.buildings) {
      for (const tenant of (await get(`/building/tenants/${id}`)) as TenantAnswer)
        if (Date.now() - Date.parse(tenant.lastPayDate) > 7 * DAY_MS) late.push(tenant.roomId);
    }
    expect(late.sort()).toEqual([...LANDLORD.lateRooms].sort());
  });

  it('frees and lets a room, moves a payment date and sells a building through the control endpoints', async () => {
    expect((await control('room', { roomId: LANDLORD.letRoom, tenant: null })).status).toBe(204);
    expect((await control('room', { roomId: LANDLORD.freeRoom, tenant: 'Neue Mieterin' })).status).toBe(204);
    const details = (await get('/building/details/b-3001')) as { occupiedRooms: number; freeRooms: number };
    const rooms = (await get('/building/rooms/b-3001')) as { id: string; occupied: boolean }[];
    expect(rooms.find((r) => r.id === LANDLORD.letRoom)?.occupied).toBe(false);
    expect(rooms.find((r) => r.id === LANDLORD.freeRoom)?.occupied).toBe(true);
    expect(details.occupiedRooms + details.freeRooms).toBe(rooms.length);

    expect((await control('payment', { roomId: 'r-3001-02', daysAgo: 10 })).status).toBe(204);
    const tenants = (await get('/building/tenants/b-3001')) as TenantAnswer;
    const moved = tenants.find((t) => t.roomId === 'r-3001-02');
    expect(Date.now() - Date.parse(moved?.lastPayDate ?? '')).toBeGreaterThan(9.9 * DAY_MS);

    expect((await control('sell', { buildingId: 'b-3012' })).status).toBe(204);
    expect(((await get('/building/list')) as unknown[]).length).toBe(11);
  });

  it('refuses a change it cannot make, naming why', async () => {
    const reply = await control('payment', { roomId: LANDLORD.freeRoom, daysAgo: 3 });
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { message: string }).message).toContain('is free');
    expect((await control('room', { roomId: 'r-9999-01', tenant: null })).status).toBe(400);
  });

  it('has 24-hex ids in the live profile', async () => {
    sandbox.setProfile('live');
    const list = (await get('/building/list')) as { id: string }[];
    expect(list.map((b) => b.id)).toEqual(LIVE_DEMO.landlordBuildings);
    expect(list.every((b) => /^[0-9a-f]{24}$/.test(b.id))).toBe(true);
    const accounts = (await get(`/building/bankaccounts/${list[0]!.id}`)) as { id: string }[];
    expect(accounts[0]?.id).toMatch(/^[0-9a-f]{24}$/);
  });
});
