/** The pages' side of the protocol: one typed `send`, answers validated, failures as values. */
import type { MessageType, RequestOf, ResponseOf } from './protocol';

/**
 * The protocol's schemas and the polyfill load with the first message, not with the page: a
 * page's first view (the popup's cached building) needs none of them.
 */
const protocolSchemas = () => import('./protocol').then((module) => module.protocol);
const runtime = () => import('wxt/browser').then((module) => module.browser.runtime);

/** The profile this page shows; every message names it, so the worker never mixes accounts. */
let pageProfile: string | null = null;

export function bindProfile(id: string | null): void {
  pageProfile = id;
}

/** The profile this page shows ('' before one is bound): what page-side storage reads are keyed by. */
export const boundProfile = (): string => pageProfile ?? '';

export async function send<K extends MessageType>(type: K, payload: RequestOf<K>): Promise<ResponseOf<K>> {
  try {
    const message = pageProfile === null ? { type, payload } : { type, payload, profile: pageProfile };
    const [answer, protocol] = await Promise.all([
      runtime().then((api) => api.sendMessage(message)),
      protocolSchemas(),
    ]);
    const parsed = protocol[type].response.safeParse(answer);
    if (parsed.success) return parsed.data as ResponseOf<K>;
    return {
      ok: false,
      error: { kind: 'badMessage', message: `${type}: unexpected answer` },
    } as ResponseOf<K>;
  } catch (error) {
    return { ok: false, error: { kind: 'internal', message: String(error) } } as ResponseOf<K>;
  }
}

export type Send = typeof send;
