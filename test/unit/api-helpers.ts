/** Shared bits of the api-*.test.ts and job test files: a config against the sandbox, a job's deps and result unwrapping. */
import { expect } from 'vitest';
import type { ApiConfig } from '../../lib/api/http-config';
import type { ApiError, Result } from '../../lib/api/errors';
import type { Sandbox } from '../sandbox/server';
import { DEMO } from '../sandbox/seed';

/** Fast defaults for tests: tiny backoff, short timeout. */
export function config(sandbox: Sandbox, token: string, extra: Partial<ApiConfig> = {}): ApiConfig {
  return { baseUrl: sandbox.url, token, retryBaseMs: 5, timeoutMs: 3_000, ...extra };
}

/** What a job's runner needs to write as the premium demo account: its config and secret. */
export const jobDeps = (sandbox: Sandbox) => ({
  config: config(sandbox, DEMO.premium.token, { timeoutMs: 2_000 }),
  secret: DEMO.premium.secret,
});

export function value<T>(result: Result<T>): T {
  if (!result.ok) expect.fail(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

export function error<T>(result: Result<T>): ApiError {
  if (result.ok) expect.fail(`expected an error, got ${JSON.stringify(result.value).slice(0, 300)}`);
  return result.error;
}

/** Requests the sandbox saw for a path prefix (and method). */
export function requests(sandbox: Sandbox, prefix: string, method?: string) {
  return sandbox.log.filter(
    (r) => r.path.startsWith(prefix) && (method === undefined || r.method === method),
  );
}
