import { describe, expect, it } from 'vitest';
import { alertChanges, lateRooms, nextBaseline } from '../../lib/portfolio/alerts';
import {
  DETAILS_FRESH_MS,
  allowance,
  nextStaleAt,
  roundEstimate,
  staleReads,
} from '../../lib/portfolio/refresh-plan';

const MIN = 60_000;
const now = 1_000 * MIN;

describe('staleReads', () => {
  it('reads what was never read first, then the stalest; details only every few hours', () => {
    const buildings = [
      {
        id: 'a',
        checkedAt: {
          details: now - 2 * MIN,
          rooms: now - 10 * MIN,
          tenants: now - 6 * MIN,
          accounts: now - MIN,
        },
      },
      { id: 'b', checkedAt: {} },
    ];
    const needs = staleReads(buildings, true, now, 5 * MIN);
    expect(needs.map((n) => `${n.buildingId}.${n.resource}`)).toEqual([
      'b.details',
      'b.rooms',
      'b.tenants',
      'b.accounts',
      'a.rooms',
      'a.tenants',
    ]);
  });

  it('asks only details and rooms without premium', () => {
    expect(staleReads([{ id: 'a', checkedAt: {} }], false, now, 5 * MIN).map((n) => n.resource)).toEqual([
      'details',
      'rooms',
    ]);
  });

  it('finds nothing stale when everything is fresh, and says when the first answer turns stale', () => {
    const buildings = [{ id: 'a', checkedAt: { details: now - MIN, rooms: now - 2 * MIN } }];
    expect(staleReads(buildings, false, now, 5 * MIN)).toEqual([]);
    expect(nextStaleAt(buildings, false, 5 * MIN)).toBe(now + 3 * MIN);
    expect(nextStaleAt([{ id: 'a', checkedAt: { details: now } }], false, 5 * MIN)).toBe(
      now + DETAILS_FRESH_MS,
    );
  });
});

describe('allowance', () => {
  const budget = { limit: 10, windowMs: 60_000 };
  it('lets the background use its share minus everything the window already holds', () => {
    expect(allowance({ sends: [], budget, waitingUntil: null }, 0.5, now)).toEqual({
      count: 5,
      wakeAt: null,
    });
    expect(allowance({ sends: [now - 1000, now - 2000], budget, waitingUntil: null }, 0.5, now).count).toBe(
      3,
    );
  });

  it('waits until a send leaves the window once the share is spent, and through a 429 wait', () => {
    const sends = [now - 50_000, now - 40_000, now - 30_000, now - 20_000, now - 10_000, now - 5_000];
    const result = allowance({ sends, budget, waitingUntil: null }, 0.5, now);
    expect(result.count).toBe(0);
    expect(result.wakeAt).toBe(now - 40_000 + 60_250);
    expect(allowance({ sends: [], budget, waitingUntil: now + 7_000 }, 0.5, now)).toEqual({
      count: 0,
      wakeAt: now + 7_000,
    });
  });

  it('assumes the live service pace (10 per minute) while the budget is unknown', () => {
    expect(allowance({ sends: [], budget: null, waitingUntil: null }, 0.5, now).count).toBe(5);
  });
});

describe('roundEstimate', () => {
  it('counts the list and three reads per premium building, paced by the share', () => {
    expect(roundEstimate(12, true, { limit: 10, windowMs: 60_000 }, 0.5, 5)).toEqual({
      requests: 37,
      minutes: 7.4,
    });
    expect(roundEstimate(12, false, { limit: 100, windowMs: 60_000 }, 0.5, 5)).toEqual({
      requests: 13,
      minutes: 5,
    });
  });
});

describe('alerts', () => {
  it('reports each change once against what was seen, and nothing on the first look', () => {
    expect(alertChanges(null, { free: ['r1'] })).toEqual({ freed: [], let: [], late: [] });
    expect(alertChanges({ free: ['r1'] }, { late: ['r1'] })).toEqual({ freed: [], let: [], late: [] });
    const seen = { free: ['r1'], late: [] };
    expect(alertChanges(seen, { free: ['r2'] })).toEqual({ freed: ['r2'], let: ['r1'], late: [] });
    const next = nextBaseline(seen, { free: ['r2'] });
    expect(next).toEqual({ free: ['r2'], late: [] });
    expect(alertChanges(next, { free: ['r2'] })).toEqual({ freed: [], let: [], late: [] });
  });

  it('counts a tenant late once the last payment is older than the threshold', () => {
    const tenants = [
      {
        roomId: 'a',
        roomHash: 'a',
        roomName: 'A',
        tenantName: 'X',
        lastPayDate: new Date(now - 8 * 86_400_000).toISOString(),
      },
      {
        roomId: 'b',
        roomHash: 'b',
        roomName: 'B',
        tenantName: 'Y',
        lastPayDate: new Date(now - 86_400_000).toISOString(),
      },
      { roomId: 'c', roomHash: 'c', roomName: 'C', tenantName: 'Z' },
    ];
    expect(lateRooms(tenants, now, 7)).toEqual(['a']);
  });
});
