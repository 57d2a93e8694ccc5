/**
 * The `lastUpdate` profile: the default data and answers, except that a Page Option's time comes
 * as one public client of the live service types it (/work/shared/spec/live-service.md): named
 * `lastUpdate`, not `lastUpdated`. A slot nobody has written has no time: missing for odd slot
 * numbers, null for even ones.
 */
import { SEED_TIME } from './seed';
import type { SlotRecord } from './types';

export type SlotTimeProfile = 'lastUpdate';

/** A slot read's body as the profile answers it. */
export function slotAnswer(slot: SlotRecord, option: number, profile: string): Record<string, unknown> {
  const { title, data, lastUpdated } = slot;
  if (profile !== 'lastUpdate') return { title, data, lastUpdated };
  if (lastUpdated !== SEED_TIME) return { title, data, lastUpdate: lastUpdated };
  return option % 2 === 1 ? { title, data } : { title, data, lastUpdate: null };
}
