/** The dealer's list of the records table's E2E tests (Chromium and Firefox). */
import { readFileSync } from 'node:fs';

/** `n` records of the dealer's shape (about 100 characters each); the first price as written: 80000.50. */
export function dealerList(n: number): string {
  const cars = ['Audi A4 Avant', 'BMW 320d Touring', 'VW Golf Variant', 'Škoda Octavia 🚗'];
  const records = Array.from({ length: n }, (_, i) => {
    const price = i === 0 ? '80000.50' : String(9000 + ((i * 137) % 9000));
    return `{"id":${i + 1},"name":"${cars[i % cars.length]}","price":${price},"sold":${i % 3 === 0},"img":"https://cdn.example/c/${i + 1}.jpg"}`;
  });
  return `[${records.join(',')}]`;
}

/** The captured clipboard of a German LibreOffice Calc (test/unit/fixtures/clipboard), by flavour. */
export const germanCalc = (flavour: 'html' | 'txt') =>
  readFileSync(new URL(`../unit/fixtures/clipboard/libreoffice-de.${flavour}`, import.meta.url), 'utf8');

/** What slot 1 holds once that clipboard was pasted at its first cell and the last price typed as 700000. */
export const GERMAN_CALC_SAVED = [
  [12, 'Audi A4 Avant', 12500.5, false],
  [13, 'BMW 320d', 38000, true],
  [14, 'VW Golf', 240000.99, false],
  [15, 'Opel Astra', 9900, false],
  [16, '', 700000, true],
];

/** The id, name, price and sold of each record a slot's data holds. */
export const recordFields = (data: string) =>
  (JSON.parse(data) as Record<string, unknown>[]).map((r) => [r.id, r.name, r.price, r.sold]);
