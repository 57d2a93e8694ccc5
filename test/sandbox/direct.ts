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

/** Another client's write through the API, past the extension (the premium character's key). */
export async function writeSlotDirect(
  sandbox: Pick<Sandbox, 'url'>,
  target: { kind: 'building' | 'factory'; id: string },
  option: number,
  value: { title: string; data: string },
): Promise<number> {
  const answer = await fetch(`${sandbox.url}/${target.kind}/options`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO.premium.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      apiSecret: DEMO.premium.secret,
      [`${target.kind}Id`]: target.id,
      option,
      ...value,
    }),
  });
  return answer.status;
}

/** The base URL, token and secret the options page takes for a demo character. */
export function demoCredentials(sandbox: Pick<Sandbox, 'url'>, who: 'premium' | 'basic' = 'premium') {
  return { baseUrl: sandbox.url, token: DEMO[who].token, secret: DEMO[who].secret };
}

/** The README's reader: manifest slot, then the pieces in parallel, join, check, parse. */
export async function readDocument(
  base: string,
  token: string,
  kind: string,
  id: string,
  first = 1,
  prefix = 'site',
) {
  const get = async (n: number) => {
    const res = await fetch(`${base}/${kind}/options/${id}/${n}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`slot ${n}: HTTP ${res.status}`);
    return (await res.json()) as { title: string; data: string };
  };
  const manifest = await get(first);
  if (manifest.title !== prefix) throw new Error(`slot ${first} holds no document`);
  const { c, len } = JSON.parse(manifest.data) as { c: number; len: number };
  const pieces = await Promise.all(Array.from({ length: c }, (_, i) => get(first + 1 + i)));
  pieces.forEach((p, i) => {
    if (p.title !== `${prefix}:${i + 1}`) throw new Error(`piece ${i + 1} missing`);
  });
  const text = pieces.map((p) => p.data).join('');
  if (text.length !== len) throw new Error(`expected ${len} characters, got ${text.length}`);
  return JSON.parse(text) as unknown;
}
