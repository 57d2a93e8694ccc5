/**
 * Turns every failure the pages can see into a specific, localized title and detail. Text that
 * comes from the server is passed through as plain text (it is rendered as a text node, never as
 * HTML) and shortened, because error bodies can be whole HTML pages.
 */
import { type MessageKey, t } from '../lib/i18n';
import type { AppError } from '../lib/app-error';
import { MAX_WAIT_MS } from '../lib/api/waits';

export interface ErrorDescription {
  title: string;
  detail: string;
}

const SERVER_TEXT_MAX = 300;

/** Server text on one line: whitespace collapsed, cut at `max` characters. */
export function oneLine(text: string, max = SERVER_TEXT_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const seconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));

/** Appends the server's own words, when it gave any. */
function withServerText(detail: string, message: string): string {
  const text = oneLine(message);
  return text ? `${detail} ${t('error_serverSaid', text)}` : detail;
}

const FIELD_KEYS: Record<string, MessageKey> = {
  baseUrl: 'field_baseUrl',
  token: 'field_token',
  secret: 'field_secret',
  title: 'field_title',
  data: 'field_data',
  option: 'field_option',
  backup: 'backup_heading',
};

/** Problem keys the worker and the schemas use (dotted, as in `BaseUrl`) mapped to the catalogue. */
const PROBLEM_KEYS: Record<string, MessageKey> = {
  'baseUrl.required': 'baseUrl_required',
  'baseUrl.invalid': 'baseUrl_invalid',
  'baseUrl.scheme': 'baseUrl_scheme',
  'baseUrl.https': 'baseUrl_https',
  'baseUrl.credentials': 'baseUrl_credentials',
  'baseUrl.query': 'baseUrl_query',
  'token.required': 'token_required',
  'token.reenter': 'token_reenter',
};

/** The localized text of a validation problem key such as `baseUrl.https`; other text as it is. */
export function problemText(message: string): string {
  const key = PROBLEM_KEYS[message];
  if (key) return t(key);
  const limit = /^at most (\d+) characters$/.exec(message);
  if (limit?.[1]) return t('limit_chars', limit[1]);
  return oneLine(message);
}

export function fieldName(field: string): string {
  const key = FIELD_KEYS[field];
  return key ? t(key) : field;
}

const MISSING_KEYS = {
  baseUrl: 'missing_baseUrl',
  token: 'missing_token',
  secret: 'missing_secret',
} as const;

/** `https://api.example.com/*` → `https://api.example.com`: the origin as a person reads it. */
export function displayOrigin(pattern: string): string {
  return pattern.replace(/\/\*$/, '');
}

/** A wait past the scheduler's cap is not waited for: the user is told, and can try again. */
function rateLimitedDetail(retryAfterMs: number | null): string {
  if (retryAfterMs === null) return t('error_rateLimited_unknown');
  if (retryAfterMs <= MAX_WAIT_MS) return t('error_rateLimited_wait', seconds(retryAfterMs));
  return t('error_rateLimited_tooLong', [
    Math.round(retryAfterMs / 1000).toLocaleString(),
    String(MAX_WAIT_MS / 60_000),
  ]);
}

export function describeError(error: AppError): ErrorDescription {
  switch (error.kind) {
    case 'network':
      return {
        title: t('error_network_title'),
        detail: t('error_network_detail', oneLine(error.message) || '?'),
      };
    case 'timeout':
      return { title: t('error_timeout_title'), detail: t('error_timeout_detail', seconds(error.timeoutMs)) };
    case 'aborted':
      return { title: t('error_aborted_title'), detail: t('error_aborted_detail') };
    case 'unauthorized':
      return {
        title: t('error_unauthorized_title'),
        detail: withServerText(t('error_unauthorized_detail'), error.message),
      };
    case 'premiumRequired':
      return {
        title: t('premium_needed_title'),
        detail: withServerText(t('error_premiumRequired_detail'), error.message),
      };
    case 'forbidden': {
      const parts = [
        error.scopes.length > 0
          ? t('error_forbidden_scopes', error.scopes.join(', '))
          : t('error_forbidden_noScopes'),
      ];
      if (error.premium === 'required') parts.push(t('error_forbidden_premiumRequired'));
      else if (error.premium === 'slots') parts.push(t('error_forbidden_premiumSlots'));
      else parts.push(t('error_forbidden_premiumNo'));
      return { title: t('error_forbidden_title'), detail: withServerText(parts.join(' '), error.message) };
    }
    case 'notFound':
      return {
        title: t('error_notFound_title'),
        detail: withServerText(t('error_notFound_detail'), error.message),
      };
    case 'validation': {
      const text = oneLine(error.message);
      const status = String(error.status);
      return {
        title: t('error_validation_title'),
        detail: text ? t('error_validation_detail', [status, text]) : t('error_validation_empty', status),
      };
    }
    case 'rateLimited':
      return { title: t('error_rateLimited_title'), detail: rateLimitedDetail(error.retryAfterMs) };
    case 'redirected':
      return {
        title: t('error_redirected_title'),
        detail: error.location
          ? t('error_redirected_detail', oneLine(error.location))
          : t('error_redirected_unknown'),
      };
    case 'server': {
      const text = oneLine(error.message);
      const status = String(error.status);
      return {
        title: t('error_server_title', status),
        detail: text ? t('error_server_detail', [status, text]) : t('error_server_empty', status),
      };
    }
    case 'malformed': {
      const text = oneLine(error.message);
      return {
        title: t('error_malformed_title'),
        detail: error.path
          ? t('error_malformed_detail', [error.path, text])
          : t('error_malformed_root', text),
      };
    }
    case 'tooLarge':
      return {
        title: t('error_tooLarge_title'),
        detail: t('error_tooLarge_detail', String(Math.round(error.maxBytes / 1024))),
      };
    case 'invalidInput':
      return {
        title: t('error_invalidInput_title'),
        detail: t('error_invalidInput_detail', [fieldName(error.field), problemText(error.message)]),
      };
    case 'notConfigured':
      return {
        title: t('error_notConfigured_title'),
        detail: t(
          'error_notConfigured_detail',
          error.missing.map((item) => t(MISSING_KEYS[item])).join(', '),
        ),
      };
    case 'permissionMissing':
      return {
        title: t('error_permissionMissing_title'),
        detail: t('error_permissionMissing_detail', displayOrigin(error.origin)),
      };
    case 'badMessage':
      return {
        title: t('error_badMessage_title'),
        detail: t('error_badMessage_detail', oneLine(error.message)),
      };
    case 'internal':
      return {
        title: t('error_internal_title'),
        detail: t('error_internal_detail', oneLine(error.message)),
      };
    case 'profileChanged':
      return { title: t('error_profileChanged_title'), detail: t('error_profileChanged_detail') };
  }
}

/** Errors the user can fix only in the settings. */
export function needsSettings(error: AppError): boolean {
  return (
    error.kind === 'unauthorized' || error.kind === 'notConfigured' || error.kind === 'permissionMissing'
  );
}
