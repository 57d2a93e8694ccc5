/** What a write preview knows of each slot: a fresh cached answer, or one read when the user asks. */
import * as api from '../api/client';
import { placed } from '../api/http-config';
import { PageOption, type Target } from '../api/schemas';
import { type SlotSight, freshSight } from '../jobs/write-plan';
import { SLOT_READ_CONCURRENCY, mapPool } from '../slots/pool';
import { optionParts, readCached, writeCached } from '../storage/cache';
import { freshnessMs } from '../cache/fresh';
import type { Connection } from '../connection';

const key = (target: Target, slot: number) => `${target.kind}\u0000${target.id}\u0000${slot}`;

/**
 * What each slot was shown holding, as far as the extension knows without a request: a cached
 * answer younger than the freshness window, with its time (an older one is never shown as
 * current). With `read` (the user asked to see current values) each slot not known that way is
 * read now, at the user's priority, and kept in the cache; with 'all' (a restore or copy: a cached
 * answer is never taken as what the slot holds now) every slot is. A read refused for the target
 * marks it.
 */
export async function sightsOf(
  connection: Connection,
  slots: readonly { target: Target; slot: number }[],
  read: boolean | 'all',
) {
  const { profile } = connection;
  const sights = new Map<string, SlotSight>();
  const refused = new Set<string>();
  const config = placed(connection.config, 'user');
  const freshMs = freshnessMs(profile);
  await mapPool(slots, SLOT_READ_CONCURRENCY, async ({ target, slot }) => {
    const parts = optionParts(target, slot);
    if (read !== 'all') {
      const cached = freshSight(await readCached(profile.id, parts, PageOption), Date.now(), freshMs);
      if (cached) return void sights.set(key(target, slot), cached);
      if (!read) return;
    }
    const answer = await api.readOption(config, target, slot);
    if (answer.ok) {
      const seenAt = Date.now();
      await writeCached(profile.id, parts, answer.value, seenAt);
      sights.set(key(target, slot), { value: answer.value, seenAt, readNow: true });
    } else if (answer.error.kind === 'notFound') refused.add(`${target.kind}\u0000${target.id}`);
  });
  return {
    sight: (target: Target, slot: number) => sights.get(key(target, slot)) ?? null,
    refused: (target: Target) => refused.has(`${target.kind}\u0000${target.id}`),
  };
}
