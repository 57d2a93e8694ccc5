/**
 * When a save must not overwrite: the slot changed since the page read it. The server's time says
 * so when both sides know it; when either does not (the time is missing or null), only title and
 * data can tell.
 */
import type { PageOption } from '../api/schemas';

export function isConflict(
  server: PageOption,
  expectedLastUpdated: string | null,
  expected: { title: string; data: string } | undefined,
): boolean {
  // Still exactly what the page showed (its own last write, not yet re-read): no conflict.
  if (expected !== undefined && server.title === expected.title && server.data === expected.data)
    return false;
  // The content differs and no time can vouch for it.
  if (expected !== undefined && (server.lastUpdated === null || expectedLastUpdated === null)) return true;
  return server.lastUpdated !== expectedLastUpdated;
}
