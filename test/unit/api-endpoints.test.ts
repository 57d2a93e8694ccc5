/**
 * One id check for every path segment of every endpoint: an id that would name another path
 * (`.`, `..`, a slash, blank) is refused before any request, whichever endpoint it is for.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  listBankAccounts,
  listRooms,
  listTenants,
  listTransactions,
  readBuilding,
  readBuildingOption,
  readFactoryOption,
  writeBuildingOption,
  writeFactoryOption,
} from '../../lib/api/client';
import { ENDPOINTS, fillPath } from '../../lib/api/endpoints';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { config, error } from './api-helpers';

const sandbox = useSandbox();
beforeEach(() => sandbox.clearLog());

const BAD_IDS = ['.', '..', ' .. ', '', '   ', 'a/b', '../b-1001', 'b-1001/..', 'a\\b', '%2e%2e'];
const cfg = () => config(sandbox, DEMO.premium.token);
const secret = DEMO.premium.secret;

const CALLS: Record<string, (id: string) => Promise<{ ok: boolean }>> = {
  readBuilding: (id) => readBuilding(cfg(), id),
  listTenants: (id) => listTenants(cfg(), id),
  listRooms: (id) => listRooms(cfg(), id),
  listBankAccounts: (id) => listBankAccounts(cfg(), id),
  listTransactions: (id) => listTransactions(cfg(), id),
  readBuildingOption: (id) => readBuildingOption(cfg(), id, 1),
  readFactoryOption: (id) => readFactoryOption(cfg(), id, 1),
  writeBuildingOption: (id) =>
    writeBuildingOption(cfg(), { apiSecret: secret, buildingId: id, option: 1, title: 't', data: 'd' }),
  writeFactoryOption: (id) =>
    writeFactoryOption(cfg(), { apiSecret: secret, factoryId: id, option: 1, title: 't', data: 'd' }),
};

describe('ids in request paths', () => {
  for (const [name, call] of Object.entries(CALLS)) {
    it(`${name} refuses every id that is not one path segment, and sends nothing`, async () => {
      for (const id of BAD_IDS) {
        const result = await call(id);
        const failure = error(result as never);
        expect(failure.kind, `${name}(${JSON.stringify(id)})`).toBe('invalidInput');
      }
      expect(sandbox.log.map((r) => r.path)).toEqual([]);
    });
  }

  it('fillPath refuses a dot segment for every parameter of every endpoint', () => {
    for (const endpoint of Object.values(ENDPOINTS)) {
      const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      for (const name of names) {
        const params = Object.fromEntries(names.map((n) => [n, n === name ? '..' : 'x1']));
        expect(() => fillPath(endpoint.path, params), `${endpoint.path} ${name}`).toThrow(/path segment/);
      }
    }
  });

  it('keeps ordinary ids (24-hex, readable, with a space or an umlaut) as one encoded segment', () => {
    expect(fillPath('/building/details/{buildingId}', { buildingId: '65a1b2c3d4e5f60000003e9' })).toBe(
      '/building/details/65a1b2c3d4e5f60000003e9',
    );
    expect(fillPath('/building/details/{buildingId}', { buildingId: 'Haus Müller' })).toBe(
      '/building/details/Haus%20M%C3%BCller',
    );
  });
});
