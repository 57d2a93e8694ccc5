/**
 * Every way an API call can fail, as one schema. Errors cross the message channel between the
 * worker and the pages, so they are plain data, validated on arrival like everything else.
 */
import { z } from '../zod';
import { Scope } from './schemas';

/**
 * A plain union, as AppError and every union of the protocol: zod's discriminated union would add
 * its own class to the worker (0.45 KB gzip) to pick among a handful of small objects.
 */
export const ApiError = z.union([
  /** The request never got an HTTP answer (offline, DNS, refused, connection dropped). */
  z.object({ kind: z.literal('network'), message: z.string() }),
  z.object({ kind: z.literal('timeout'), timeoutMs: z.number() }),
  z.object({ kind: z.literal('aborted') }),
  z.object({ kind: z.literal('unauthorized'), message: z.string() }),
  /** A 401 whose message mentions premium: how the live service refuses a premium-locked request. */
  z.object({ kind: z.literal('premiumRequired'), message: z.string() }),
  /** 403: the scopes the endpoint needs and whether it needs premium, to name what may be missing. */
  z.object({
    kind: z.literal('forbidden'),
    scopes: z.array(Scope),
    premium: z.enum(['required', 'slots', 'no']),
    message: z.string(),
  }),
  /** 404, or the building is not owned directly by the character (renting does not count). */
  z.object({ kind: z.literal('notFound'), message: z.string() }),
  z.object({ kind: z.literal('validation'), status: z.number(), message: z.string() }),
  z.object({ kind: z.literal('rateLimited'), retryAfterMs: z.nullable(z.number()), message: z.string() }),
  /**
   * A 3xx answer: never followed, so nothing (no token, no secret) was sent to the other address.
   * `location` is its origin when the answer named it; a browser hides it (opaqueredirect): null.
   */
  z.object({ kind: z.literal('redirected'), location: z.nullable(z.string()) }),
  /** 5xx, or any other unexpected status; HTML bodies arrive here as text, truncated. */
  z.object({ kind: z.literal('server'), status: z.number(), message: z.string() }),
  /** 2xx with a body that does not match the spec; `path` names the field that failed. */
  z.object({ kind: z.literal('malformed'), path: z.string(), message: z.string() }),
  /** A 2xx answer larger than its endpoint's cap (endpoints.ts): refused, and read no further. */
  z.object({ kind: z.literal('tooLarge'), maxBytes: z.number() }),
  /** Rejected before any request was sent (bounds, lengths, option range). */
  z.object({ kind: z.literal('invalidInput'), field: z.string(), message: z.string() }),
]);
export type ApiError = z.infer<typeof ApiError>;
export type ApiErrorKind = ApiError['kind'];

export type Result<T, E = ApiError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = <E>(error: E): Result<never, E> => ({ ok: false, error });
