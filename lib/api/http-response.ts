/**
 * The last stage of a request to the API: reading an answer's body within its cap and classifying
 * a non-2xx answer into an ApiError.
 */
import { ENDPOINTS, type EndpointId } from './endpoints';
import type { ApiError } from './errors';
import { serverMessage } from './error-body';

const SERVER_MESSAGE_MAX = 200;
/** An error answer's body is read up to this many bytes; the rest is never downloaded. */
export const ERROR_BODY_MAX_BYTES = 64 * 1024;
const OTHER_MESSAGE_MAX = 500;

/** A 2xx answer, handed to the endpoint's parser. */
export interface RawResponse {
  status: number;
  contentType: string;
  text: string;
}

/**
 * The whole body as text when it has at most `maxBytes` bytes; null when it has more (a declared
 * Content-Length, or the bytes as they arrive, say so): the stream is cancelled there, so no more
 * is fetched and nothing larger is ever held.
 */
export async function readLimited(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  const read = await readBytes(response, maxBytes + 1);
  return read.bytes > maxBytes ? null : read.text;
}

/** The body's first `maxBytes` bytes as text; the stream is cancelled there, so no more is fetched. */
export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  return (await readBytes(response, maxBytes)).text;
}

async function readBytes(response: Response, maxBytes: number): Promise<{ text: string; bytes: number }> {
  if (!response.body) return { text: '', bytes: 0 };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const chunk = value.byteLength > maxBytes - bytes ? value.subarray(0, maxBytes - bytes) : value;
    bytes += chunk.byteLength;
    text += decoder.decode(chunk, { stream: true });
    if (bytes >= maxBytes) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return { text: text + decoder.decode(), bytes };
}

/** The ApiError of a non-2xx answer, with the server's own text where it sent one. */
export function classifyStatus(
  endpointId: EndpointId,
  status: number,
  contentType: string,
  text: string,
  retryAfterMs: number | null,
): ApiError {
  const endpoint = ENDPOINTS[endpointId];
  const serverText = (max: number) => serverMessage(contentType, text, max);
  const orDefault = (message: string, fallback: string) => (message === '' ? fallback : message);
  switch (status) {
    case 401: {
      const message = orDefault(serverText(OTHER_MESSAGE_MAX), 'unauthorized (401)');
      return /premium/i.test(message)
        ? { kind: 'premiumRequired', message }
        : { kind: 'unauthorized', message };
    }
    case 403:
      return {
        kind: 'forbidden',
        scopes: [...endpoint.scopes],
        premium: endpoint.premium,
        message: orDefault(serverText(OTHER_MESSAGE_MAX), 'forbidden (403)'),
      };
    case 404:
      return { kind: 'notFound', message: orDefault(serverText(OTHER_MESSAGE_MAX), 'not found (404)') };
    case 400:
    case 422:
      return {
        kind: 'validation',
        status,
        message: orDefault(serverText(OTHER_MESSAGE_MAX), `request refused (${status})`),
      };
    case 429:
      return {
        kind: 'rateLimited',
        retryAfterMs,
        message: orDefault(serverText(OTHER_MESSAGE_MAX), 'too many requests (429)'),
      };
    default:
      return {
        kind: 'server',
        status,
        message: orDefault(serverText(SERVER_MESSAGE_MAX), `HTTP ${status}`),
      };
  }
}
