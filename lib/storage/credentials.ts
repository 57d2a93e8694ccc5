/**
 * The access token and API secret. Only the background worker imports this module: pages learn
 * whether credentials exist, never their values. They live in session storage (gone when the
 * browser closes) or local storage (this device), never in sync storage.
 */
import { z } from '../zod';
import type { SecretPersistence } from './settings';
import { storedItem } from './stored-item';

export const Credentials = z.object({ token: z.string(), secret: z.string() });
export type Credentials = z.infer<typeof Credentials>;

const none = (): Credentials => ({ token: '', secret: '' });
const items = {
  session: storedItem('session', 'credentials.v1', Credentials, none),
  local: storedItem('local', 'credentials.v1', Credentials, none),
};

export async function readCredentials(persistence: SecretPersistence): Promise<Credentials> {
  return items[persistence].get();
}

/** Writes to the chosen area first, then clears the other, so a failure never loses both. */
export async function writeCredentials(persistence: SecretPersistence, value: Credentials): Promise<void> {
  await items[persistence].set(value);
  await items[persistence === 'local' ? 'session' : 'local'].remove();
}

export async function forgetCredentials(): Promise<void> {
  await Promise.all([items.session.remove(), items.local.remove()]);
}
