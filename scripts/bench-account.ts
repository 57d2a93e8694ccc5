/**
 * The benches' account: a fresh fake browser and the options form saved through the worker's own
 * handlers, with the host permission granted for the sandbox's origin only.
 */
import { fakeBrowser } from './fake-extension-env';
import { createHandlers } from '../lib/handlers';
import type { WorkerDeps } from '../lib/connection';
import type { SettingsInput } from '../lib/messaging/protocol';
import { originPattern } from '../lib/storage/settings';
import type { Sandbox } from '../test/sandbox/server';

export async function benchAccount(
  sandbox: Pick<Sandbox, 'url'>,
  character: { token: string; secret: string },
  form: Partial<SettingsInput> = {},
  deps: Partial<WorkerDeps> = {},
) {
  fakeBrowser.reset();
  const granted = originPattern(sandbox.url);
  const hasOriginPermission = async (pattern: string) => pattern === granted;
  const saved = await createHandlers({ hasOriginPermission, ...deps }).saveSettings({
    baseUrl: sandbox.url,
    token: character.token,
    secret: character.secret,
    secretPersistence: 'local',
    premiumOverride: 'on',
    ...form,
  });
  if (!saved.ok) throw new Error(`saveSettings: ${saved.error.kind}`);
  return { hasOriginPermission, profileId: saved.value.profileId };
}
