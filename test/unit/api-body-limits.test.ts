/**
 * Every answer is read with a size cap that fits its endpoint and refused beyond it; what is
 * cached and sent to pages holds only the fields the extension knows.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  listBankAccounts,
  listTransactions,
  readBuilding,
  readBuildingOption,
  readFactoryOption,
} from '../../lib/api/client';
import { ENDPOINTS } from '../../lib/api/endpoints';
import { deepAnswerFault, hugeAnswerFault } from '../sandbox/faults';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { config, error, value } from './api-helpers';

const sandbox = useSandbox();
beforeEach(() => sandbox.clearLog());

const cfg = () => config(sandbox, DEMO.premium.token, { retries: 0 });
const b1 = DEMO.buildings.juergen[0];
const f1 = DEMO.factories.juergen[0];
const MB = 1024 * 1024;

/** A slot answer at the spec's limits with every character written as a \uXXXX escape. */
function escapedSlotBody(): string {
  const escaped = (n: number) => '\\u00e4'.repeat(n);
  return `{ "title": "${escaped(64)}", "data": "${escaped(2400)}", "lastUpdated": "2025-05-30T08:15:00.000Z" }`;
}

describe('answer size caps', () => {
  it('a slot answer of 5 MB is refused as too large, and read no further than the cap', async () => {
    sandbox.addFault(hugeAnswerFault('/building/options/', 5 * MB));
    const failure = error(await readBuildingOption(cfg(), b1, 1));
    expect(failure).toEqual({ kind: 'tooLarge', maxBytes: ENDPOINTS.buildingOptionRead.maxBodyBytes });
    sandbox.addFault(hugeAnswerFault('/factory/options/', 400 * MB));
    expect(error(await readFactoryOption(cfg(), f1, 1)).kind).toBe('tooLarge');
  });

  it('the largest slot the spec allows, every character escaped, fits in 32 KB and is read', async () => {
    const body = escapedSlotBody();
    expect(body.length).toBeLessThan(32 * 1024);
    expect(ENDPOINTS.buildingOptionRead.maxBodyBytes).toBe(32 * 1024);
    sandbox.addFault({ path: '/building/options/', kind: 'status', status: 200, body, times: 1 });
    const slot = value(await readBuildingOption(cfg(), b1, 1));
    expect(slot.data).toHaveLength(2400);
    expect(slot.title).toHaveLength(64);
  });

  it('a page of 25 transactions with long texts is read; one twice the cap is refused', async () => {
    const row = (i: number) => ({
      senderVban: '1234567',
      receiverVban: '7654321',
      reference: 'r'.repeat(200),
      purpose: 'p'.repeat(500),
      amount: -1234567.89,
      timestamp: '2025-05-30T08:15:00.000Z',
      id: `tx-${i}`,
    });
    const page = { totalTransactions: 230, transactions: Array.from({ length: 25 }, (_, i) => row(i)) };
    sandbox.addFault({
      path: '/building/transactions/',
      kind: 'status',
      status: 200,
      body: JSON.stringify(page, null, 2),
      times: 1,
    });
    expect(value(await listTransactions(cfg(), 'acc-1001-1', { limit: 25 })).transactions).toHaveLength(25);
    sandbox.addFault(
      hugeAnswerFault('/building/transactions/', 2 * ENDPOINTS.transactions.maxBodyBytes, { times: 1 }),
    );
    expect(error(await listTransactions(cfg(), 'acc-1001-1', { limit: 25 })).kind).toBe('tooLarge');
  });

  it('every endpoint has a cap, none above 512 KB', () => {
    for (const endpoint of Object.values(ENDPOINTS)) {
      expect(endpoint.maxBodyBytes).toBeGreaterThan(0);
      expect(endpoint.maxBodyBytes).toBeLessThanOrEqual(512 * 1024);
    }
  });
});

describe('only the fields the extension knows are kept', () => {
  it('a slot answer with an unknown field nested 10 000 levels deep keeps title, data and time only', async () => {
    sandbox.addFault(deepAnswerFault('/building/options/', 10_000, { times: 1 }));
    const slot = value(await readBuildingOption(cfg(), b1, 1));
    expect(slot).toEqual({ title: 'deep', data: 'd', lastUpdated: '2025-01-01T00:00:00.000Z' });
  });

  it('a building and bank accounts drop unknown and nested fields', async () => {
    const building = value(await readBuilding(cfg(), b1));
    sandbox.addFault({
      path: '/building/details/',
      kind: 'status',
      status: 200,
      body: JSON.stringify({ ...building, secretPlan: { deep: [[[1]]] }, owner: 'x' }),
      times: 1,
    });
    expect(value(await readBuilding(cfg(), b1))).toEqual(building);
    sandbox.addFault({
      path: '/building/bankaccounts/',
      kind: 'status',
      status: 200,
      body: JSON.stringify([
        { id: 'a1', vban: '123', balance: 5, note: 'Miete', main: true, nested: { a: [[{}]] }, extra: 'x' },
      ]),
      times: 1,
    });
    expect(value(await listBankAccounts(cfg(), b1))).toEqual([
      { id: 'a1', vban: '123', balance: 5, note: 'Miete', main: true },
    ]);
  });
});
