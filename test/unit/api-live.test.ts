/**
 * The client and the worker's handlers against the sandbox's live profile over real HTTP: premium
 * as 401, empty lists as 404, wrapped transactions, lists of ids and hashes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  listBankAccounts,
  listBuildings,
  listTenants,
  listTransactions,
  readBuildingOption,
} from '../../lib/api/client';
import { createHandlers } from '../../lib/handlers';
import type { WorkerDeps } from '../../lib/connection';
import type { SettingsInput } from '../../lib/messaging/protocol';
import { useSandbox } from '../sandbox/fixture';
import { DEMO, LIVE_DEMO } from '../sandbox/server';
import { config, error, value } from './api-helpers';

const sandbox = useSandbox({ profile: 'live' });
const premium = () => config(sandbox, DEMO.premium.token);
const basic = () => config(sandbox, DEMO.basic.token);
const [basicBuilding = ''] = LIVE_DEMO.buildings.kaethe;

describe('client against the live profile', () => {
  it('a 401 about premium is premiumRequired, for premium endpoints and slots 11-20', async () => {
    const refusals = [
      error(await listTenants(basic(), basicBuilding)),
      error(await listBankAccounts(basic(), basicBuilding)),
      error(await readBuildingOption(basic(), basicBuilding, 11)),
    ];
    for (const refusal of refusals) {
      expect(refusal).toEqual({
        kind: 'premiumRequired',
        message: 'Für diesen Endpunkt wird Premium benötigt',
      });
    }
  });

  it('a plain 401 stays "unauthorized"', async () => {
    expect(error(await listBuildings(config(sandbox, DEMO.unknownToken)))).toMatchObject({
      kind: 'unauthorized',
    });
  });

  it('an English or upper-case premium message is recognised too', async () => {
    sandbox.addFault({
      path: '/building/tenants/',
      kind: 'status',
      status: 401,
      body: JSON.stringify({ message: 'PREMIUM membership required' }),
    });
    expect(error(await listTenants(premium(), LIVE_DEMO.pillboxHill.id))).toMatchObject({
      kind: 'premiumRequired',
    });
  });

  it('404 "empty" is an empty list: no bank accounts, no transactions', async () => {
    expect(value(await listBankAccounts(premium(), LIVE_DEMO.buildingWithoutAccounts))).toEqual([]);
    expect(value(await listTransactions(premium(), LIVE_DEMO.emptyAccount, { limit: 25 }))).toEqual({
      total: 0,
      transactions: [],
    });
  });

  it('a 404 without "empty" stays notFound', async () => {
    expect(error(await listBankAccounts(premium(), '000000000000000000000000'))).toMatchObject({
      kind: 'notFound',
    });
  });

  it('transactions carry the total of the wrapper', async () => {
    const page = value(await listTransactions(premium(), LIVE_DEMO.busyAccount, { limit: 25, skip: 25 }));
    expect(page.total).toBe(230);
    expect(page.transactions).toHaveLength(25);
    expect(page.transactions[0]).toHaveProperty('senderVban');
  });

  it('the building list of ids and hashes is accepted', async () => {
    const list = value(await listBuildings(premium()));
    expect(list[0]).toEqual({ id: LIVE_DEMO.pillboxHill.id, hash: 'PillboxHill_Flat_15' });
  });
});

describe('worker handlers against the live profile', () => {
  const deps: WorkerDeps = { hasOriginPermission: async () => true, timeoutMs: 2_000 };
  const handlers = createHandlers(deps);
  const input = (token: string): SettingsInput => ({
    baseUrl: sandbox.url,
    token,
    secret: DEMO.basic.secret,
    secretPersistence: 'session',
    premiumOverride: 'auto',
  });

  beforeEach(() => fakeBrowser.reset());

  it('the premium probe concludes "no premium", and no scope is reported missing', async () => {
    const saved = await handlers.saveSettings(input(DEMO.basic.token));
    expect(saved).toMatchObject({ ok: true, value: { detectedPremium: false, premium: false } });
    const report = await handlers.testConnection(input(DEMO.basic.token));
    expect(report).toMatchObject({ ok: true, value: { premium: false, missingScopes: [] } });
  });

  it('a premium user is detected as premium', async () => {
    const saved = await handlers.saveSettings(input(DEMO.premium.token));
    expect(saved).toMatchObject({ ok: true, value: { detectedPremium: true } });
  });

  it('the building list gets the label a details answer brought, remembered in the cache', async () => {
    await handlers.saveSettings(input(DEMO.premium.token));
    const first = async () => {
      const list = await handlers.listBuildings({});
      return list.ok ? list.value[0] : undefined;
    };
    expect(await first()).toEqual({ id: LIVE_DEMO.pillboxHill.id, hash: 'PillboxHill_Flat_15' });
    await handlers.readBuilding({ buildingId: LIVE_DEMO.pillboxHill.id });
    expect(await first()).toEqual({
      id: LIVE_DEMO.pillboxHill.id,
      hash: 'PillboxHill_Flat_15',
      label: 'Haus Müllerstraße',
    });
    const after = await handlers.listBuildings({});
    expect(after.ok && after.value[1]?.label).toBeFalsy();
  });
});
