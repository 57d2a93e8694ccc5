/** Portfolio rows for the table's tests: rooms as [rent, occupied], or null when not read. */
import { portfolioFigures } from '../../lib/portfolio/figures';
import type { PortfolioRow } from '../../lib/storage/portfolio';

const room = (id: string, rent: number, occupied: boolean) => ({
  id,
  hash: id,
  name: id,
  rent,
  occupied,
  interior: 'x',
  interiorImage: null,
  interiorDetails: { inventoryCapacity: 1, kitchenCapacity: 1, wardrobeCapacity: 1 },
});

export function row(
  id: string,
  name: string,
  area: string | null,
  rooms: [number, boolean][] | null,
): PortfolioRow {
  return {
    id,
    name,
    area,
    figures: portfolioFigures(
      { rooms: rooms ? rooms.map(([rent, occupied], i) => room(`${id}-${i}`, rent, occupied)) : null },
      0,
      7,
    ),
    updatedAt: rooms ? 1_000 : null,
    checkedAt: {},
    problems: {},
  };
}
