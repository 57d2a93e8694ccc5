/**
 * Server text (error messages, bodies shown or stored) may repeat what it was sent. Before such
 * text goes anywhere (pages, job records in storage, logs) the HTTP layer replaces the known token
 * and secret in it, in the forms a server may echo them: as sent, JSON-escaped and URL-encoded.
 */

export interface KnownCredentials {
  token?: string | undefined;
  secret?: string | undefined;
}

/**
 * Values shorter than this are not searched for: a one-letter "secret" would blank every such
 * letter of every message, and a value that short protects nothing anyway.
 */
const MIN_REDACTED_LENGTH = 4;

function formsOf(value: string): string[] {
  const forms = new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]);
  // Longest first: a longer form that contains a shorter one is replaced whole.
  return [...forms].sort((a, b) => b.length - a.length);
}

/** What stands in a text for a removed secret or token. */
export const REMOVED = { secret: '[secret removed]', token: '[token removed]' } as const;

/**
 * Whether a text shown holds a removed credential: then it is not the text the server holds, and
 * saving it writes the marker in the credential's place (pages ask first).
 */
export const holdsRemoved = (...texts: string[]) =>
  texts.some((text) => text.includes(REMOVED.token) || text.includes(REMOVED.secret));

export function redactCredentials(text: string, known: KnownCredentials): string {
  let out = text;
  const values: [string | undefined, string][] = [
    [known.secret, REMOVED.secret],
    [known.token, REMOVED.token],
  ];
  // The longer value first, so one that contains the other is replaced whole.
  values.sort(([a], [b]) => (b?.length ?? 0) - (a?.length ?? 0));
  for (const [value, label] of values) {
    if (!value || value.length < MIN_REDACTED_LENGTH) continue;
    for (const form of formsOf(value)) out = out.split(form).join(label);
  }
  return out;
}
