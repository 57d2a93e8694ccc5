/** Shared bits of the tests that drive the worker's handlers against the sandbox: the options form of a demo character. */
import { expect } from 'vitest';
import type { Handlers } from '../../lib/messaging/router';
import type { SettingsInput } from '../../lib/messaging/protocol';
import { type Job, readJob } from '../../lib/storage/jobs';
import { profilesItem } from '../../lib/storage/profiles';
import { DEMO } from '../sandbox/seed';
import type { Sandbox } from '../sandbox/server';

/** The options form as the premium demo character fills it in (session secret, premium detected). */
export function settingsInput(
  sandbox: Pick<Sandbox, 'url'>,
  overrides: Partial<SettingsInput> = {},
): SettingsInput {
  return {
    baseUrl: sandbox.url,
    token: DEMO.premium.token,
    secret: DEMO.premium.secret,
    secretPersistence: 'session',
    premiumOverride: 'auto',
    ...overrides,
  };
}

/** Saves that form through the worker (which makes the first profile) and returns the active profile's id. */
export async function signIn(
  handlers: Pick<Handlers, 'saveSettings'>,
  sandbox: Pick<Sandbox, 'url'>,
  overrides: Partial<SettingsInput> = {},
): Promise<string> {
  const saved = await handlers.saveSettings(settingsInput(sandbox, overrides));
  expect(saved.ok).toBe(true);
  return (await profilesItem.get()).active ?? '';
}

/** A job of the active profile as stored: what every page reads (and follows) to show it. */
export async function storedJob(id: string): Promise<Job | null> {
  const { active } = await profilesItem.get();
  return active ? ((await readJob(active, id)) ?? null) : null;
}
