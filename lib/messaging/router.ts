/**
 * The worker's side of the protocol: checks the sender, validates the envelope and payload,
 * runs the handler, validates its answer. Never throws: every failure is an answer.
 */
import type { AppError } from '../app-error';
import type { z } from '../zod';
import {
  Envelope,
  type MessageType,
  type Protocol,
  type RequestOf,
  type ResponseOf,
  isMessageType,
  protocol,
} from './protocol';

/** Who asks: the profile the sending page shows (null: the active one; options and tests). */
export interface MessageContext {
  profile: string | null;
}

export type Handlers = {
  [K in MessageType]: (payload: RequestOf<K>, context?: MessageContext) => Promise<ResponseOf<K>>;
};

export interface MessageSender {
  id?: string;
  url?: string;
}

/**
 * Only this extension's own pages may talk to the worker; content scripts and other extensions may
 * not. `extensionRoot` is `browser.runtime.getURL('')`; the sender's URL must start with it. A
 * prefix, not `URL.origin`: Firefox's moz-extension URLs have no reliable origin everywhere.
 */
export function isTrustedSender(sender: MessageSender, extensionId: string, extensionRoot: string): boolean {
  if (sender.id !== extensionId || !sender.url || !extensionRoot) return false;
  const root = extensionRoot.endsWith('/') ? extensionRoot : `${extensionRoot}/`;
  return sender.url.startsWith(root);
}

const refuse = (message: string) => ({
  ok: false as const,
  error: { kind: 'badMessage', message } as AppError,
});

function issueText(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(payload)'}: ${issue.message}` : 'invalid';
}

export interface RouterOptions {
  /** Runs before the first message is handled (the storage migration). */
  ready?: Promise<unknown>;
  /** The active profile's id: a message sent for another profile is refused. */
  activeProfile(): Promise<string | null>;
}

export function createRouter(handlers: Handlers, options: RouterOptions) {
  return async (message: unknown): Promise<unknown> => {
    const envelope = Envelope.safeParse(message);
    if (!envelope.success || !isMessageType(envelope.data.type)) return refuse('unknown message');
    const type = envelope.data.type;
    const spec: Protocol[MessageType] = protocol[type];
    const payload = spec.request.safeParse(envelope.data.payload);
    if (!payload.success) return refuse(`${type}: ${issueText(payload.error)}`);
    try {
      await options.ready;
      const profile = envelope.data.profile ?? null;
      if (profile !== null && profile !== (await options.activeProfile())) {
        return { ok: false, error: { kind: 'profileChanged' } };
      }
      const handler = handlers[type] as (p: unknown, c: MessageContext) => Promise<unknown>;
      const answer = spec.response.safeParse(await handler(payload.data, { profile }));
      return answer.success ? answer.data : refuse(`${type} answer: ${issueText(answer.error)}`);
    } catch (error) {
      return { ok: false, error: { kind: 'internal', message: String(error) } };
    }
  };
}
