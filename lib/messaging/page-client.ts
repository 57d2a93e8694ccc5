/** The pages' side of the protocol: one typed `send`, answers validated, failures as values. */
import type { MessageType, RequestOf, ResponseOf } from './protocol';

/**
 * The protocol's schemas and the polyfill load with the first message, not with the page: a
 * page's first view (the popup's cached building) needs none of them.
 */
const protocolSchemas = () => import('./protocol').then((module) => module.protocol);
const runtime = () => import('wxt/browser').then((module) => module.browser.runtime);

/**
 * A page's way to the worker, for the profile it shows: every message names it, so the worker never
 * mixes accounts (null: whichever profile is active, for the options page and the profile switch).
 */
export function createSend(profile: string | null): Send {
  return async function send<K extends MessageType>(type: K, payload: RequestOf<K>): Promise<ResponseOf<K>> {
    try {
      const message = profile === null ? { type, payload } : { type, payload, profile };
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
  };
}

/** Opens the options page, through the same lazily loaded runtime as a message. */
export const openOptionsPage = () => void runtime().then((api) => api.openOptionsPage());

/** Messages about no particular profile (list, switch, add profiles), or for the active one. */
export const send: Send = createSend(null);

export type Send = <K extends MessageType>(type: K, payload: RequestOf<K>) => Promise<ResponseOf<K>>;
