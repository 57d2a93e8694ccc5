/**
 * The connection to the API: what the worker is built with (its scheduler, permission check, fetch
 * and timeouts) and what every part of it needs to reach the API for a profile: its settings and
 * credentials turned into a connection. Lib-level, so lib logic (the portfolio) needs nothing of
 * lib/handlers.
 */
import type { Job } from './storage/jobs';
import type { Clock } from './api/clock';
import type { ApiConfig } from './api/http-config';
import { type RequestScheduler } from './api/scheduler';
import type { Usage } from './api/scheduler-queue';
import { queueIdOf } from './api/scheduler-types';
import type { Budget } from './api/budget';
import { fail, ok, type Result } from './api/errors';
import type { AppError } from './app-error';
import { profileCredentials } from './storage/credentials';
import { type Profile, readProfile } from './storage/profiles';
import { originPattern } from './storage/settings';

/** What the whole worker is built with: its scheduler, permission check, fetch and timeouts. */
export interface WorkerDeps {
  /** Every API call of the worker waits its turn here (lib/api/scheduler.ts); absent in some tests. */
  scheduler?: RequestScheduler;
  /** Whether the extension holds host permission for the pattern (browser.permissions.contains). */
  hasOriginPermission(pattern: string): Promise<boolean>;
  fetch?: typeof fetch;
  /** The request path's clock (lib/api/clock.ts): the scheduler's, for timeouts and waits; default the system's. */
  clock?: Clock;
  /** A request's timeout, on `clock`. */
  timeoutMs?: number;
  /** Called with every stored change of a running import job (the worker shows it on the badge). */
  onJobProgress?(job: Job): void;
}

export interface Connection {
  /** The profile the connection is for (its settings); everything it produces is stored under its id. */
  profile: Profile;
  config: ApiConfig;
  secret: string;
}

/** `secret` is not sent by reads: the HTTP layer only removes it from server text. */
export function apiConfig(deps: WorkerDeps, baseUrl: string, token: string, secret = ''): ApiConfig {
  return {
    baseUrl,
    token,
    ...(secret ? { secret } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.scheduler ? { scheduler: deps.scheduler } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
  };
}

/** Per profile, the signal every request made through `connect` carries. */
const accountRequests = new Map<string, AbortController>();

function requestSignal(profileId: string): AbortSignal {
  let controller = accountRequests.get(profileId);
  if (!controller) {
    controller = new AbortController();
    accountRequests.set(profileId, controller);
  }
  return controller.signal;
}

/**
 * Ends every request of the profile's account, queued or in flight, as aborted: after a sign-out
 * or a changed token or address none of them is sent, and none writes its answer to the cache.
 */
export function endAccountRequests(profileId: string): void {
  accountRequests.get(profileId)?.abort();
  accountRequests.delete(profileId);
}

/** The router's context of a message (its shape; lib/messaging imports this module's users). */
type ProfileContext = { profile: string | null };

/** The profile a message is for: the page's, else the active one. */

export const profileOf = (context?: ProfileContext | string | null) =>
  readProfile(typeof context === 'object' && context !== null ? context.profile : context);

export async function connect(
  deps: WorkerDeps,
  context?: ProfileContext | string | null,
): Promise<Result<Connection, AppError>> {
  const profile = await profileOf(context);
  if (!profile) return fail({ kind: 'notConfigured', missing: ['baseUrl', 'token'] });
  // Taken before the credentials are read: a sign-out that ends the account's requests meanwhile
  // ends this one too.
  const signal = requestSignal(profile.id);
  const credentials = await profileCredentials(profile);
  const missing = [
    ...(profile.baseUrl ? [] : ['baseUrl' as const]),
    ...(credentials.token ? [] : ['token' as const]),
  ];
  if (missing.length > 0) return fail({ kind: 'notConfigured', missing });
  const pattern = originPattern(profile.baseUrl);
  if (!(await deps.hasOriginPermission(pattern))) return fail({ kind: 'permissionMissing', origin: pattern });
  return ok({
    profile,
    config: {
      ...apiConfig(deps, profile.baseUrl, credentials.token, credentials.secret),
      requestsPerMinute: profile.requestsPerMinute,
      signal,
    },
    secret: credentials.secret,
  });
}

/**
 * What the key spent (the scheduler's usage, on the request path's clock; none without a scheduler)
 * with its budget as the user set it for the profile, else as the scheduler learned it.
 */
export async function keyUsage(deps: WorkerDeps, { profile, config }: Connection): Promise<Usage> {
  const usage = deps.scheduler
    ? deps.scheduler.usage((await queueIdOf(config.baseUrl, config.token)).key)
    : { sends: [], budget: null, waitingUntil: null };
  if (!profile.requestsPerMinute) return usage;
  return { ...usage, budget: { limit: profile.requestsPerMinute, windowMs: 60_000, source: 'override' } };
}

/** The key's budget (keyUsage); null when neither set nor learned. */
export const keyBudget = async (deps: WorkerDeps, connection: Connection): Promise<Budget | null> =>
  (await keyUsage(deps, connection)).budget;

/** How many requests the key's window still holds now (its budget, the assumed one when none is known). */
export async function keyRoom(deps: WorkerDeps, connection: Connection): Promise<number> {
  if (!deps.scheduler) return 0;
  const { sends, waitingUntil, budget } = await keyUsage(deps, connection);
  if (waitingUntil !== null) return 0;
  return Math.max(0, (budget?.limit ?? 10) - sends.length);
}
