/**
 * What tests read straight from the sandbox, past the extension: a slot as the API holds it, and
 * the demo credentials of a character for the options page.
 */
import { DEMO } from './seed';
import type { Sandbox } from './server';

export interface StoredSlot {
  title: string;
  data: string;
  lastUpdated: string;
}

/** A slot as the API holds it now (with the premium character's token). */
export async function readSlotDirect(
  sandbox: Pick<Sandbox, 'url'>,
  target: { kind: 'building' | 'factory'; id: string },
  option: number,
): Promise<StoredSlot> {
  const answer = await fetch(`${sandbox.url}/${target.kind}/options/${target.id}/${option}`, {
    headers: { Authorization: `Bearer ${DEMO.premium.token}` },
  });
  return (await answer.json()) as StoredSlot;
}

/** The base URL, token and secret the options page takes for a demo character. */
export function demoCredentials(sandbox: Pick<Sandbox, 'url'>, who: 'premium' | 'basic' = 'premium') {
  return { baseUrl: sandbox.url, token: DEMO[who].token, secret: DEMO[who].secret };
}
