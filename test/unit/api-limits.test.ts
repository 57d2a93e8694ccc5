/**
 * The limits of the spec at their edges: option numbers, title and data lengths, transaction
 * paging. Inputs outside the limits are refused before any request is sent (the log stays empty).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  listTransactions,
  readBuilding,
  readBuildingOption,
  readFactoryOption,
  writeBuildingOption,
  writeFactoryOption,
} from '../../lib/api/client';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { config, error, requests, value } from './api-helpers';

const sandbox = useSandbox();
beforeEach(() => {
  sandbox.clearFaults();
  sandbox.clearLog();
});

const premium = () => config(sandbox, DEMO.premium.token);
const [b1] = DEMO.buildings.juergen;
const [f1] = DEMO.factories.juergen;
const [acc1] = DEMO.bankAccounts['b-1001'];
const write = (fields: {
  option?: number;
  title?: string;
  data?: string;
  buildingId?: string;
  apiSecret?: string;
}) =>
  writeBuildingOption(premium(), {
    apiSecret: DEMO.premium.secret,
    buildingId: b1,
    option: 4,
    title: 't',
    data: 'd',
    ...fields,
  });

describe('option numbers', () => {
  it.each([0, 21, -1, 1.5, Number.NaN])('option %s is refused before sending', async (option) => {
    expect(error(await readBuildingOption(premium(), b1, option))).toMatchObject({
      kind: 'invalidInput',
      field: 'option',
    });
    expect(error(await readFactoryOption(premium(), f1, option))).toMatchObject({ kind: 'invalidInput' });
    expect(error(await write({ option }))).toMatchObject({ kind: 'invalidInput', field: 'option' });
    expect(sandbox.log).toEqual([]);
  });

  it('options 1, 10, 11 and 20 are valid with premium', async () => {
    for (const option of [1, 10, 11, 20]) {
      value(await readBuildingOption(premium(), b1, option));
      value(await write({ option, title: `slot ${option}` }));
      expect(value(await readBuildingOption(premium(), b1, option)).title).toBe(`slot ${option}`);
    }
  });

  it('option 11 without premium is refused by the server as forbidden (slots)', async () => {
    const [own] = DEMO.buildings.kaethe;
    const e = error(await readBuildingOption(config(sandbox, DEMO.basic.token), own, 11));
    expect(e).toMatchObject({ kind: 'forbidden', premium: 'slots' });
    expect(sandbox.log).toHaveLength(1);
  });
});

describe('title and data lengths', () => {
  it('title of 64 characters is written; 65 is refused before sending', async () => {
    value(await write({ title: 'x'.repeat(64) }));
    expect(value(await readBuildingOption(premium(), b1, 4)).title).toHaveLength(64);
    sandbox.clearLog();
    const e = error(await write({ title: 'x'.repeat(65) }));
    expect(e).toEqual({ kind: 'invalidInput', field: 'title', message: 'title: 65 characters, at most 64' });
    expect(sandbox.log).toEqual([]);
  });

  it('names the actual length in the message', async () => {
    const e = error(
      await writeFactoryOption(premium(), {
        apiSecret: DEMO.premium.secret,
        factoryId: f1,
        option: 1,
        title: 'y'.repeat(71),
        data: '',
      }),
    );
    expect(e).toMatchObject({ field: 'title', message: 'title: 71 characters, at most 64' });
  });

  it('data of 2400 characters is written; 2401 is refused before sending', async () => {
    value(await write({ data: 'd'.repeat(2400) }));
    expect(value(await readBuildingOption(premium(), b1, 4)).data).toHaveLength(2400);
    sandbox.clearLog();
    expect(error(await write({ data: 'd'.repeat(2401) }))).toEqual({
      kind: 'invalidInput',
      field: 'data',
      message: 'data: 2401 characters, at most 2400',
    });
    expect(sandbox.log).toEqual([]);
  });

  it('umlauts count 1: 64 × "ä" and 2400 × "ß" are accepted by client and server', async () => {
    value(await write({ title: 'ä'.repeat(64), data: 'ß'.repeat(2400) }));
    const slot = value(await readBuildingOption(premium(), b1, 4));
    expect(slot.title).toBe('ä'.repeat(64));
    expect(slot.data).toBe('ß'.repeat(2400));
    sandbox.clearLog();
    expect(error(await write({ title: 'Ü'.repeat(65) }))).toMatchObject({
      message: 'title: 65 characters, at most 64',
    });
    expect(sandbox.log).toEqual([]);
  });

  it('an emoji counts 2 (UTF-16 code units): 32 fit in a title, 33 do not', async () => {
    value(await write({ title: '🏠'.repeat(32) }));
    sandbox.clearLog();
    expect(error(await write({ title: '🏠'.repeat(33) }))).toMatchObject({
      message: 'title: 66 characters, at most 64',
    });
    expect(sandbox.log).toEqual([]);
    const { building, option, title } = DEMO.emojiTitle;
    expect(value(await readBuildingOption(premium(), building, option)).title).toBe(title);
  });

  it('empty ids and an empty secret are refused before sending', async () => {
    expect(error(await readBuilding(premium(), ''))).toMatchObject({
      kind: 'invalidInput',
      field: 'buildingId',
    });
    expect(error(await readFactoryOption(premium(), '', 1))).toMatchObject({ field: 'factoryId' });
    expect(error(await listTransactions(premium(), ''))).toMatchObject({ field: 'bankId' });
    expect(error(await write({ buildingId: '' }))).toMatchObject({ field: 'buildingId' });
    expect(error(await write({ apiSecret: '' }))).toMatchObject({ field: 'apiSecret' });
    expect(sandbox.log).toEqual([]);
  });
});

describe('transactions paging', () => {
  it('sends the defaults 10 and 0 explicitly as path segments', async () => {
    value(await listTransactions(premium(), acc1));
    expect(sandbox.log.map((r) => r.path)).toEqual([`/building/transactions/${acc1}/10/0`]);
  });

  it('limit then skip, in that order', async () => {
    value(await listTransactions(premium(), acc1, { limit: 7, skip: 3 }));
    value(await listTransactions(premium(), acc1, { skip: 5 }));
    expect(sandbox.log.map((r) => r.path)).toEqual([
      `/building/transactions/${acc1}/7/3`,
      `/building/transactions/${acc1}/10/5`,
    ]);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 26 }, 'limit'],
    [{ limit: 2.5 }, 'limit'],
    [{ skip: -1 }, 'skip'],
    [{ skip: 201 }, 'skip'],
  ] as const)('%o is refused before sending', async (page, field) => {
    expect(error(await listTransactions(premium(), acc1, page))).toMatchObject({
      kind: 'invalidInput',
      field,
    });
    expect(sandbox.log).toEqual([]);
  });

  it('limit 1 and 25, skip 0 and 200 are accepted', async () => {
    const page = async (limit: number, skip = 0) =>
      value(await listTransactions(premium(), acc1, { limit, skip })).transactions;
    expect(await page(1)).toHaveLength(1);
    expect(await page(25)).toHaveLength(25);
    const first = await page(1, 0);
    const last = await page(25, 200);
    expect(last).toHaveLength(25);
    expect(last[0]?.id).not.toBe(first[0]?.id);
  });

  it('pages through all 225 reachable transactions of the 260', async () => {
    const ids: unknown[] = [];
    for (let skip = 0; skip <= 200; skip += 25) {
      const page = value(await listTransactions(premium(), acc1, { limit: 25, skip })).transactions;
      expect(page).toHaveLength(25);
      ids.push(...page.map((t) => t.id));
    }
    expect(ids).toHaveLength(225);
    expect(new Set(ids).size).toBe(225);
    expect(requests(sandbox, '/building/transactions/')).toHaveLength(9);
  });
});
