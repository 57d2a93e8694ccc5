/** Connection settings that any extension page may read: no token, no secret. */
import { FRESHNESS_MINUTES_DEFAULT } from './freshness-default';
import { z } from '../zod';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The i18n key of what is wrong with a base URL, or null. */
function baseUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'baseUrl.invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'baseUrl.scheme';
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) return 'baseUrl.https';
  if (url.username || url.password) return 'baseUrl.credentials';
  if (url.search || url.hash) return 'baseUrl.query';
  return null;
}

/**
 * An API base address: https, or http on loopback only (the sandbox); no credentials, query or
 * fragment. Issue messages are i18n keys so the options page can name the exact problem.
 */
export const BaseUrl = z.pipe(
  z.string().check(
    z.trim(),
    z.minLength(1, { message: 'baseUrl.required' }),
    z.refine((value) => value.length === 0 || baseUrlProblem(value) === null, {
      error: (issue) => baseUrlProblem(String(issue.input)) ?? undefined,
    }),
  ),
  z.transform((value) => value.replace(/\/+$/, '')),
);

/**
 * The host permission pattern for the API's host. Match patterns carry no port in Firefox (and
 * in Chrome a pattern without one matches every port), so the port is left out.
 */
export function originPattern(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

/** The live service's API address: offered as the suggested base URL. */
export const LIVE_BASE_URL = 'https://api.statev.de/req';

export const SecretPersistence = z.enum(['session', 'local']);
export type SecretPersistence = z.infer<typeof SecretPersistence>;

export const PremiumOverride = z.enum(['auto', 'on', 'off']);
export type PremiumOverride = z.infer<typeof PremiumOverride>;

export const REQUESTS_PER_MINUTE_MAX = 600;

/** One account's connection settings: no token, no secret (those are credentials, worker only). */
export const Settings = z.object({
  baseUrl: z.string(),
  secretPersistence: SecretPersistence,
  premiumOverride: PremiumOverride,
  /** Result of the last premium probe (slot 11 of one target); null when it could not tell. */
  detectedPremium: z.nullable(z.boolean()),
  /** Requests per minute the key allows; null = learn it from the API's answers. */
  requestsPerMinute: z.nullable(z.int().check(z.minimum(1), z.maximum(REQUESTS_PER_MINUTE_MAX))),
  /** Answers younger than this are shown without asking the API again. */
  freshnessMinutes: z.number().check(z.minimum(0), z.maximum(24 * 60)),
});
export type Settings = z.infer<typeof Settings>;

export const defaultSettings = (): Settings => ({
  baseUrl: '',
  secretPersistence: 'session',
  premiumOverride: 'auto',
  detectedPremium: null,
  requestsPerMinute: null,
  freshnessMinutes: FRESHNESS_MINUTES_DEFAULT,
});

export function effectivePremium(settings: Pick<Settings, 'premiumOverride' | 'detectedPremium'>): boolean {
  if (settings.premiumOverride === 'on') return true;
  if (settings.premiumOverride === 'off') return false;
  return settings.detectedPremium === true;
}

/** The origin (scheme, host, port) credentials were entered for. */
export const originOf = (baseUrl: string): string => new URL(baseUrl).origin;
