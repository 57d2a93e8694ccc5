/** Shared by the records core's unit tests. */
import { tableFromText } from '../../lib/records/table';
import type { RecordTable } from '../../lib/records/types';

export const DEALER =
  '[{"id":12,"name":"Audi A4 Avant","price":12500,"sold":false,"img":"https://x.test/a4.jpg"},' +
  '{"id":13,"name":"BMW 320d \\"Touring\\"","price":80000.50,"sold":true},' +
  '{"id":14,"name":"Golf 🚗","price":9007199254740993,"sold":null,"img":""}]';

export function table(text: string): RecordTable {
  const result = tableFromText(text);
  if (!result.ok) throw new Error(JSON.stringify(result.reason));
  return result.table;
}

/** The dealer's record `i` (0-based) of `n`: about 100 characters, as in the bench. */
export function dealerRecord(i: number): string {
  return `{"id":${i + 1},"name":"Car number ${i + 1}","price":${10000 + i * 7}.50,"sold":${i % 3 === 0},"img":"https://example.test/cars/${i + 1}.jpg"}`;
}

export const dealerList = (n: number) =>
  `[${Array.from({ length: n }, (_, i) => dealerRecord(i)).join(',')}]`;
