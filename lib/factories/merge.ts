/**
 * The factories a picker offers, merged by id: zod-free, so a page's first bytes can use it (the
 * list's schema stays in discovery.ts, which loads with the protocol).
 */
import type { FactoryListEntry } from '../api/schemas';

/** A factory a picker offers: from the list, added by hand, or both (merged by id). */
export interface KnownFactory {
  id: string;
  name: string;
  listed: boolean;
  added: boolean;
}

/**
 * The listed factories first (named by the list), then those added by hand that the list lacks;
 * a hand-added one that the list has is one entry, named by the name given when it was added.
 */
export function mergeFactories(
  listed: readonly FactoryListEntry[],
  added: readonly { id: string; name: string }[],
): KnownFactory[] {
  const byId = new Map(added.map((f) => [f.id, f]));
  const merged: KnownFactory[] = listed.map((f) => {
    const own = byId.get(f.id);
    return {
      id: f.id,
      name: own?.name.trim() || f.name?.trim() || '',
      listed: true,
      added: own !== undefined,
    };
  });
  const seen = new Set(listed.map((f) => f.id));
  for (const f of added)
    if (!seen.has(f.id)) merged.push({ id: f.id, name: f.name, listed: false, added: true });
  return merged;
}
