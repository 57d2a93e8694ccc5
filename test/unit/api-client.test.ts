/**
 * The API client against the real sandbox over HTTP: every endpoint's happy path, writes read
 * back, and the refusals the server makes (secret, scopes, premium, ownership).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  listBankAccounts,
  listBuildings,
  listRooms,
  listTenants,
  listTransactions,
  readBuilding,
  readBuildingOption,
  readFactoryOption,
  readOption,
  writeBuildingOption,
  writeFactoryOption,
  writeOption,
} from '../../lib/api/client';
import { ENDPOINTS } from '../../lib/api/endpoints';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { config, error, requests, value } from './api-helpers';

const sandbox = useSandbox();
beforeEach(() => {
  sandbox.clearFaults();
  sandbox.clearLog();
});

const premium = () => config(sandbox, DEMO.premium.token);
const basic = () => config(sandbox, DEMO.basic.token);
const readonly = () => config(sandbox, DEMO.readonly.token);
const [b1, b2] = DEMO.buildings.juergen;
const [f1] = DEMO.factories.juergen;
const [acc1] = DEMO.bankAccounts['b-1001'];

describe('happy paths (premium token)', () => {
  it('lists the buildings of the character', async () => {
    const buildings = value(await listBuildings(premium()));
    expect(buildings.map((b) => b.id).sort()).toEqual([...DEMO.buildings.juergen].sort());
    for (const b of buildings) expect(typeof b.label).toBe('string');
    const [logged] = requests(sandbox, '/building/list');
    expect(logged?.method).toBe('GET');
    expect(logged?.authorization).toBe(`Bearer ${DEMO.premium.token}`);
  });

  it('reads a building with consistent counters', async () => {
    const building = value(await readBuilding(premium(), b1));
    expect(building.id).toBe(b1);
    expect(building.totalRooms).toBe(building.occupiedRooms + building.freeRooms);
  });

  it('lists tenants with lastPayDate (activity scope)', async () => {
    const tenants = value(await listTenants(premium(), b1));
    expect(tenants.length).toBeGreaterThan(0);
    for (const t of tenants) {
      expect(t.roomId).toBeTruthy();
      expect(t.lastPayDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('lists rooms with interior images and no tenant names', async () => {
    const rooms = value(await listRooms(premium(), b1));
    expect(rooms.length).toBeGreaterThan(0);
    for (const r of rooms) {
      expect(typeof r.interiorImage).toBe('string');
      expect(Number.isInteger(r.interiorDetails.kitchenCapacity)).toBe(true);
      expect(r).not.toHaveProperty('tenantName');
    }
  });

  it('reads building and factory options', async () => {
    const slot = value(await readBuildingOption(premium(), b1, 1));
    expect(typeof slot.title).toBe('string');
    expect(typeof slot.data).toBe('string');
    const factorySlot = value(await readFactoryOption(premium(), f1, 20));
    expect(typeof factorySlot.title).toBe('string');
    expect(requests(sandbox, `/factory/options/${f1}/20`)).toHaveLength(1);
  });

  it('lists bank accounts and transactions', async () => {
    const accounts = value(await listBankAccounts(premium(), 'b-1001'));
    expect(accounts.map((a) => a.id)).toEqual(DEMO.bankAccounts['b-1001']);
    const { total, transactions } = value(await listTransactions(premium(), acc1));
    expect(transactions).toHaveLength(10);
    expect(transactions[0]).toHaveProperty('id');
    expect(total).toBeNull();
  });

  it('writes a building option, succeeds on the plain text, and reads it back', async () => {
    const before = value(await readBuildingOption(premium(), b2, 5));
    const body = {
      apiSecret: DEMO.premium.secret,
      buildingId: b2,
      option: 5,
      title: 'Öffnungszeiten',
      data: 'Mo–Fr 9–17',
    };
    expect(await writeBuildingOption(premium(), body)).toEqual({ ok: true, value: undefined });
    const [post] = requests(sandbox, '/building/options', 'POST');
    expect(JSON.parse(post?.body ?? 'null')).toEqual(body);
    const after = value(await readBuildingOption(premium(), b2, 5));
    expect(after).toMatchObject({ title: body.title, data: body.data });
    expect(Date.parse(after.lastUpdated ?? '')).toBeGreaterThan(Date.parse(before.lastUpdated ?? '') || 0);
  });

  it('writes a factory option and reads it back; a second write moves lastUpdated forward', async () => {
    const body = {
      apiSecret: DEMO.premium.secret,
      factoryId: f1,
      option: 12,
      title: 'Stock',
      data: '{"a":1}',
    };
    value(await writeFactoryOption(premium(), body));
    const first = value(await readFactoryOption(premium(), f1, 12));
    expect(first).toMatchObject({ title: 'Stock', data: '{"a":1}' });
    value(await writeFactoryOption(premium(), { ...body, data: '{"a":2}' }));
    const second = value(await readFactoryOption(premium(), f1, 12));
    expect(second.data).toBe('{"a":2}');
    expect(Date.parse(second.lastUpdated ?? '')).toBeGreaterThan(Date.parse(first.lastUpdated ?? ''));
  });

  it('readOption / writeOption dispatch on the target kind', async () => {
    const update = { apiSecret: DEMO.premium.secret, option: 2, title: 'T', data: 'D' };
    value(await writeOption(premium(), { kind: 'building', id: b1 }, update));
    value(await writeOption(premium(), { kind: 'factory', id: f1 }, { ...update, data: 'F' }));
    expect(value(await readOption(premium(), { kind: 'building', id: b1 }, 2)).data).toBe('D');
    expect(value(await readOption(premium(), { kind: 'factory', id: f1 }, 2)).data).toBe('F');
    expect(JSON.parse(requests(sandbox, '/factory/options', 'POST')[0]?.body ?? 'null')).toMatchObject({
      factoryId: f1,
    });
  });

  it('keeps a stored HTML-like title as plain data', async () => {
    const { building, option, title } = DEMO.htmlTitle;
    expect(value(await readBuildingOption(premium(), building, option)).title).toBe(title);
  });
});

describe('refusals by the server', () => {
  it('unknown token -> unauthorized with the server message', async () => {
    const e = error(await listBuildings(config(sandbox, DEMO.unknownToken)));
    expect(e.kind).toBe('unauthorized');
    if (e.kind === 'unauthorized') expect(e.message).not.toBe('');
  });

  it('wrong apiSecret -> forbidden, nothing written', async () => {
    const before = value(await readBuildingOption(premium(), b1, 1));
    const e = error(
      await writeBuildingOption(premium(), {
        apiSecret: 'wrong',
        buildingId: b1,
        option: 1,
        title: 'x',
        data: 'y',
      }),
    );
    expect(e).toMatchObject({ kind: 'forbidden', premium: 'slots' });
    expect(value(await readBuildingOption(premium(), b1, 1))).toEqual(before);
  });

  it('missing edit scope (readonly token) -> forbidden naming the scopes', async () => {
    const e = error(
      await writeBuildingOption(readonly(), {
        apiSecret: DEMO.readonly.secret,
        buildingId: b1,
        option: 1,
        title: 'x',
        data: 'y',
      }),
    );
    expect(e).toMatchObject({
      kind: 'forbidden',
      scopes: [...ENDPOINTS.buildingOptionWrite.scopes],
      premium: 'slots',
    });
    const f = error(
      await writeFactoryOption(readonly(), {
        apiSecret: DEMO.readonly.secret,
        factoryId: f1,
        option: 1,
        title: 'x',
        data: 'y',
      }),
    );
    expect(f).toMatchObject({ kind: 'forbidden', scopes: ['factory', 'factory.options.edit'] });
  });

  it('readonly token reads, and tenants come without lastPayDate', async () => {
    value(await readBuildingOption(readonly(), b1, 1));
    const tenants = value(await listTenants(readonly(), b1));
    expect(tenants.length).toBeGreaterThan(0);
    for (const t of tenants) expect(t.lastPayDate).toBeUndefined();
  });

  it('basic token: tenants, bank accounts, transactions and slot 11 need premium', async () => {
    const [own] = DEMO.buildings.kaethe;
    const tenants = error(await listTenants(basic(), own));
    expect(tenants).toMatchObject({
      kind: 'forbidden',
      premium: 'required',
      scopes: ['building', 'building.tenants'],
    });
    expect(error(await listBankAccounts(basic(), own))).toMatchObject({
      kind: 'forbidden',
      premium: 'required',
    });
    expect(error(await listTransactions(basic(), acc1))).toMatchObject({ kind: 'forbidden' });
    expect(error(await readBuildingOption(basic(), own, 11))).toMatchObject({
      kind: 'forbidden',
      premium: 'slots',
    });
    const write = await writeBuildingOption(basic(), {
      apiSecret: DEMO.basic.secret,
      buildingId: own,
      option: 11,
      title: 'x',
      data: 'y',
    });
    expect(error(write)).toMatchObject({ kind: 'forbidden', premium: 'slots' });
    // Slot 10 is within the basic set.
    value(await readBuildingOption(basic(), own, 10));
  });

  it('basic token: rooms come without interior images', async () => {
    const [own] = DEMO.buildings.kaethe;
    const rooms = value(await listRooms(basic(), own));
    expect(rooms.length).toBeGreaterThan(0);
    for (const r of rooms) expect(r.interiorImage).toBeNull();
  });

  it('not owned: another character’s building and factory -> notFound', async () => {
    const other = DEMO.buildings.kaethe[1];
    expect(other).not.toBe(DEMO.rentedByJuergen);
    expect(error(await readBuilding(premium(), other))).toMatchObject({ kind: 'notFound' });
    const [otherFactory] = DEMO.factories.kaethe;
    expect(error(await readFactoryOption(premium(), otherFactory, 1))).toMatchObject({ kind: 'notFound' });
    const write = await writeFactoryOption(premium(), {
      apiSecret: DEMO.premium.secret,
      factoryId: otherFactory,
      option: 1,
      title: 'x',
      data: 'y',
    });
    expect(error(write).kind).toBe('notFound');
  });

  it('a rented building does not count as owned -> notFound everywhere', async () => {
    const rented = DEMO.rentedByJuergen;
    expect(error(await readBuilding(premium(), rented)).kind).toBe('notFound');
    expect(error(await listRooms(premium(), rented)).kind).toBe('notFound');
    expect(error(await readBuildingOption(premium(), rented, 1)).kind).toBe('notFound');
    const list = value(await listBuildings(premium()));
    expect(list.map((b) => b.id)).not.toContain(rented);
  });

  it('an unknown id that needs encoding reaches the server encoded, as one segment', async () => {
    // A slash is refused before any request (test/unit/api-endpoints.test.ts); `?` stays in the segment.
    const e = error(await readBuilding(premium(), 'b 1001 ä?x'));
    expect(e.kind).toBe('notFound');
    const [logged] = sandbox.log;
    expect(logged?.path).toMatch(/^\/building\/details\/(b%201001%20%C3%A4%3Fx|b 1001 ä\?x)$/);
    expect(logged?.query ?? '').not.toContain('x');
    const t = error(await listTransactions(premium(), 'acc ä'));
    expect(t.kind).toBe('notFound');
    expect(sandbox.log[1]?.path).toMatch(/^\/building\/transactions\/(acc%20%C3%A4|acc ä)\/10\/0$/);
  });
});
