/**
 * Factory discovery: the account's factories from GET /factory/list/ (not in the spec), or why the
 * extension falls back to factories added by hand. A missing endpoint (404), a missing scope
 * (403: `factory`) or any other unexpected answer is an outcome, not an error: the picker keeps
 * hand entry and says why once. Only failures that say nothing about the endpoint (offline, a
 * timeout, the request limit, a refused token) stay errors and are asked again next time.
 */
import type { ApiError, Result } from '../api/errors';
import { ok } from '../api/errors';
import { FactoryListEntry } from '../api/schemas';
import { z } from '../zod';

export const FactoryListUnavailable = z.object({
  reason: z.enum(['notFound', 'forbidden', 'unexpected']),
  /** The server's message or the error kind, shown with the reason. */
  detail: z.string(),
});
export type FactoryListUnavailable = z.infer<typeof FactoryListUnavailable>;

export const FactoryDiscovery = z.object({
  factories: z.array(FactoryListEntry),
  unavailable: z.nullable(FactoryListUnavailable),
});
export type FactoryDiscovery = z.infer<typeof FactoryDiscovery>;

const PASSING: ApiError['kind'][] = ['network', 'timeout', 'aborted', 'rateLimited', 'unauthorized'];

/** The list, or why there is none; transient failures stay errors. */
export function discoveryOf(answer: Result<FactoryListEntry[]>): Result<FactoryDiscovery> {
  if (answer.ok) return ok({ factories: answer.value, unavailable: null });
  const { error } = answer;
  if (PASSING.includes(error.kind)) return answer;
  const reason = error.kind === 'notFound' || error.kind === 'forbidden' ? error.kind : 'unexpected';
  const detail = ('message' in error && error.message) || error.kind;
  return ok({ factories: [], unavailable: { reason, detail } });
}
