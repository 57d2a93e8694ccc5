import { describe, expect, it } from 'vitest';
import type { Room, Tenant } from '../../lib/api/schemas';
import { mainAccount, portfolioFigures, portfolioTotals } from '../../lib/portfolio/figures';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const room = (rent: number, occupied: boolean): Room => ({
  id: `r${rent}`,
  hash: 'h',
  name: 'Room',
  rent,
  occupied,
  interior: 'basic',
  interiorImage: null,
  interiorDetails: { inventoryCapacity: 1, kitchenCapacity: 1, wardrobeCapacity: 1 },
});
const tenant = (lastPayDate?: string): Tenant => ({
  roomId: 'r',
  roomHash: 'h',
  roomName: 'Room',
  tenantName: 'T',
  ...(lastPayDate ? { lastPayDate } : {}),
});

describe('portfolioFigures', () => {
  it('counts rooms and splits the rent roll into let and empty', () => {
    const figures = portfolioFigures(
      { rooms: [room(100, true), room(250.5, true), room(80, false)] },
      NOW,
      7,
    );
    expect(figures).toMatchObject({
      roomsTotal: 3,
      roomsOccupied: 2,
      roomsFree: 1,
      rentLet: 350.5,
      rentEmpty: 80,
    });
  });

  it('leaves a rent roll past the largest number unknown (null), never Infinity', () => {
    const figures = portfolioFigures(
      { rooms: [room(1e308, true), room(1e308, true), room(80, false)] },
      NOW,
      7,
    );
    expect(figures).toMatchObject({ roomsTotal: 3, roomsOccupied: 2, rentLet: null, rentEmpty: 80 });
  });

  it('counts tenants whose last payment is older than the threshold, and names the oldest', () => {
    const tenants = [
      tenant('2026-11-23T10:00:00.000Z'),
      tenant('2026-11-10T08:00:00.000Z'),
      tenant('2026-11-16T11:59:00.000Z'),
    ];
    expect(portfolioFigures({ tenants }, NOW, 7)).toMatchObject({
      tenants: 3,
      late: 2,
      oldestPayment: '2026-11-10T08:00:00.000Z',
      paymentsHidden: false,
    });
  });

  it('says the payment times are hidden (scope missing) instead of counting nobody late', () => {
    expect(portfolioFigures({ tenants: [tenant(), tenant()] }, NOW, 7)).toMatchObject({
      tenants: 2,
      late: null,
      oldestPayment: null,
      paymentsHidden: true,
    });
  });

  it('falls back to the details for room counts and shows odd or missing fields as null, never NaN', () => {
    const odd = { rent: 'lots' as unknown as number };
    const figures = portfolioFigures(
      {
        rooms: [{ ...room(0, true), ...odd }],
        accounts: [{ balance: 'n/a' }],
        tenants: [tenant('not a date')],
      },
      NOW,
      7,
    );
    expect(figures.rentLet).toBe(0);
    expect(figures.balance).toBeNull();
    expect(figures.late).toBeNull();
    expect(JSON.stringify(figures)).not.toMatch(/NaN|undefined/);
    expect(portfolioFigures({}, NOW, 7)).toMatchObject({
      roomsTotal: null,
      rentLet: null,
      tenants: null,
      balance: null,
    });
  });

  it('takes the balance of the main account, else of the first, accepting numeric strings', () => {
    expect(
      mainAccount([
        { id: 'a', balance: 1 },
        { id: 'b', main: true, balance: 2 },
      ]),
    ).toMatchObject({ id: 'b' });
    expect(portfolioFigures({ accounts: [{ balance: '1234.5' }] }, NOW, 7).balance).toBe(1234.5);
  });
});

describe('portfolioTotals', () => {
  it('sums each column over the rows that know it', () => {
    const a = portfolioFigures({ rooms: [room(100, true), room(50, false)] }, NOW, 7);
    const b = portfolioFigures({ accounts: [{ balance: 10 }] }, NOW, 7);
    expect(portfolioTotals([a, b])).toMatchObject({
      roomsTotal: 2,
      rentEmpty: 50,
      balance: 10,
      tenants: null,
    });
  });

  it('leaves a total past the largest number unknown (null), never Infinity', () => {
    const a = portfolioFigures({ rooms: [room(1e308, true)], accounts: [{ balance: -1e308 }] }, NOW, 7);
    const b = portfolioFigures({ rooms: [room(1e308, true)], accounts: [{ balance: -1e308 }] }, NOW, 7);
    expect(portfolioTotals([a, b])).toMatchObject({ roomsTotal: 2, rentLet: null, balance: null });
  });
});
