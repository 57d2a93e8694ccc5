/** What every handler needs: the stored settings and credentials turned into an API config. */
import type { ApiConfig } from '../api/client';
import type { RequestScheduler } from '../api/scheduler';
import { fail, ok, type Result } from '../api/errors';
import type { AppError } from '../messaging/protocol';
import { readCredentials } from '../storage/credentials';
import { type Settings, originPattern, settingsItem } from '../storage/settings';

export interface WorkerDeps {
  /** Every API call of the worker waits its turn here (lib/api/scheduler.ts); absent in some tests. */
  scheduler?: RequestScheduler;
  /** Whether the extension holds host permission for the pattern (browser.permissions.contains). */
  hasOriginPermission(pattern: string): Promise<boolean>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface Connection {
  settings: Settings;
  config: ApiConfig;
  secret: string;
}

export function apiConfig(deps: WorkerDeps, baseUrl: string, token: string): ApiConfig {
  return {
    baseUrl,
    token,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.scheduler ? { scheduler: deps.scheduler } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  };
}

export async function connect(deps: WorkerDeps): Promise<Result<Connection, AppError>> {
  const settings = await settingsItem.get();
  const credentials = await readCredentials(settings.secretPersistence);
  const missing = [
    ...(settings.baseUrl ? [] : ['baseUrl' as const]),
    ...(credentials.token ? [] : ['token' as const]),
  ];
  if (missing.length > 0) return fail({ kind: 'notConfigured', missing });
  const pattern = originPattern(settings.baseUrl);
  if (!(await deps.hasOriginPermission(pattern))) return fail({ kind: 'permissionMissing', origin: pattern });
  return ok({
    settings,
    config: apiConfig(deps, settings.baseUrl, credentials.token),
    secret: credentials.secret,
  });
}
