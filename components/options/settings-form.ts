/** The connection form's synchronous check: what is wrong, per field, before anything is sent. */
import { problemText } from '../describe-error';
import { t } from '../../lib/i18n';
import type { ResponseOf, SettingsInput, SettingsView } from '../../lib/messaging/protocol';
import {
  BaseUrl,
  type PremiumOverride,
  type SecretPersistence,
  originOf,
  originPattern,
} from '../../lib/storage/settings';
import { checkFreshnessMinutes, checkRequestsPerMinute } from './checks';
import type { LimitsValues } from './LimitsFields';

/** What the connection form is given: it never talks to the API or the browser itself. */
export interface OptionsFormProps {
  settings: SettingsView;
  /** Asks the browser for the host permission `pattern`; resolves to whether it was granted. */
  requestPermission: (pattern: string) => Promise<boolean>;
  onSave: (input: SettingsInput) => Promise<ResponseOf<'saveSettings'>>;
  onTest: (input: SettingsInput) => Promise<ResponseOf<'testConnection'>>;
}

export interface FieldErrors {
  baseUrl?: string | undefined;
  token?: string | undefined;
  requestsPerMinute?: string | undefined;
  freshnessMinutes?: string | undefined;
}

export interface FormValues extends LimitsValues {
  profileId: string;
  baseUrl: string;
  token: string;
  secret: string;
  secretPersistence: SecretPersistence;
  premiumOverride: PremiumOverride;
}

export type Checked =
  { ok: true; input: SettingsInput; pattern: string } | { ok: false; errors: FieldErrors };

/** Whether `baseUrl` is valid and on another origin than `savedBaseUrl` (then the token must be typed again). */
export function originChanged(baseUrl: string, savedBaseUrl: string): boolean {
  const parsed = BaseUrl.safeParse(baseUrl);
  return parsed.success && savedBaseUrl !== '' && originOf(parsed.data) !== originOf(savedBaseUrl);
}

/**
 * The synchronous check before anything is sent: a valid base URL, a token unless one is saved for
 * this origin, and the two limits. The input carries the normalized base URL and trimmed token and
 * secret.
 */
export function checkSettingsForm(values: FormValues, hasToken: boolean, savedBaseUrl = ''): Checked {
  const errors: FieldErrors = {};
  const baseUrl = BaseUrl.safeParse(values.baseUrl);
  if (!baseUrl.success) errors.baseUrl = problemText(baseUrl.error.issues[0]?.message ?? 'baseUrl.invalid');
  const token = values.token.trim();
  if (!token && originChanged(values.baseUrl, savedBaseUrl)) errors.token = problemText('token.reenter');
  else if (!token && !hasToken) errors.token = t('token_required');
  const requestsPerMinute = checkRequestsPerMinute(values.requestsPerMinute);
  if (!requestsPerMinute.ok) errors.requestsPerMinute = requestsPerMinute.message;
  const freshnessMinutes = checkFreshnessMinutes(values.freshnessMinutes);
  if (!freshnessMinutes.ok) errors.freshnessMinutes = freshnessMinutes.message;
  if (!baseUrl.success || !requestsPerMinute.ok || !freshnessMinutes.ok || errors.token) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    pattern: originPattern(baseUrl.data),
    input: {
      profileId: values.profileId,
      requestsPerMinute: requestsPerMinute.value,
      freshnessMinutes: freshnessMinutes.value,
      baseUrl: baseUrl.data,
      token,
      secret: values.secret.trim(),
      secretPersistence: values.secretPersistence,
      premiumOverride: values.premiumOverride,
    },
  };
}
