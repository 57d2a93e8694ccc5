import { describe, expect, it } from 'vitest';
import { balanceSeries, dailyFlows } from '../../lib/export/balance';
import { roomsCsv, tenantsCsv, transactionsCsv } from '../../lib/export/building';
import { csvFormat, parseCsv } from '../../lib/export/csv';
import type { LooseRecord } from '../../lib/api/schemas';

const de = csvFormat('de');
const tx: LooseRecord[] = [
  {
    senderVban: '1',
    receiverVban: '2',
    reference: '=HYPERLINK("x")',
    amount: 1234.5,
    timestamp: '2025-02-02T10:00:00.000Z',
  },
  {
    senderVban: '2',
    receiverVban: '3',
    reference: 'Hausmeister',
    purpose: 'Winterdienst; Hof',
    amount: -200,
    timestamp: '2025-02-01T10:00:00.000Z',
  },
];

describe('building exports', () => {
  it('writes rooms and tenants with the German separator, numbers and a header row', () => {
    const room = {
      id: 'r',
      hash: 'r',
      name: 'Zimmer 1',
      rent: 1250.5,
      occupied: true,
      interior: 'Loft',
      interiorImage: null,
      interiorDetails: { inventoryCapacity: 1, kitchenCapacity: 1, wardrobeCapacity: 1 },
    };
    const rooms = parseCsv(
      roomsCsv(
        [room],
        {
          room: 'Zimmer',
          rent: 'Miete',
          occupied: 'Vermietet',
          interior: 'Einrichtung',
          yes: 'ja',
          no: 'nein',
        },
        de,
      ),
      ';',
    );
    expect(rooms).toEqual([
      ['Zimmer', 'Miete', 'Vermietet', 'Einrichtung'],
      ['Zimmer 1', '1.250,5', 'ja', 'Loft'],
    ]);
    const tenants = parseCsv(
      tenantsCsv(
        [{ roomId: 'r', roomHash: 'r', roomName: 'Zimmer 1', tenantName: 'Anna' }],
        { room: 'Zimmer', tenant: 'Mieter', lastPayment: 'Zahlung' },
        de,
      ),
      ';',
    );
    expect(tenants[1]).toEqual(['Zimmer 1', 'Anna', '']);
  });

  it('writes transactions by the observed field names; formula-like text stays text', () => {
    const headers = {
      time: 'Zeit',
      amount: 'Betrag',
      sender: 'Von',
      receiver: 'An',
      reference: 'Ref',
      purpose: 'Zweck',
    };
    const rows = parseCsv(transactionsCsv(tx, headers, de), ';');
    expect(rows[1]).toEqual(['2025-02-02T10:00:00.000Z', '1.234,5', '1', '2', `'=HYPERLINK("x")`, '']);
    expect(rows[2]?.[5]).toBe('Winterdienst; Hof');
  });
});

describe('balance chart numbers', () => {
  it('walks back from the current balance, oldest first, and sums income and spending per day', () => {
    const series = balanceSeries(tx, 5000);
    expect(series.map((p) => p.balance)).toEqual([3765.5, 5000]);
    expect(dailyFlows(series)).toEqual([
      { day: '2025-02-01', income: 0, spending: 200 },
      { day: '2025-02-02', income: 1234.5, spending: 0 },
    ]);
  });
});
