/** The options page's synchronous field checks: a clear message per bad input, before anything is sent. */
import { t } from '../../lib/i18n';
import { PROFILE_NAME_MAX } from '../../lib/storage/profiles';
import { REQUESTS_PER_MINUTE_MAX } from '../../lib/storage/settings';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export function checkProfileName(input: string): Checked<string> {
  const name = input.trim();
  if (!name) return { ok: false, message: t('profile_name_required') };
  if (name.length > PROFILE_NAME_MAX) {
    return { ok: false, message: t('profile_name_tooLong', [String(PROFILE_NAME_MAX), String(name.length)]) };
  }
  return { ok: true, value: name };
}

const WHOLE = /^\d+$/;
const FRESHNESS_MAX = 24 * 60;

/** Empty = learn the limit from the API (null); otherwise a whole number 1–600. */
export function checkRequestsPerMinute(input: string): Checked<number | null> {
  const text = input.trim();
  if (!text) return { ok: true, value: null };
  const value = Number(text);
  if (!WHOLE.test(text) || value < 1 || value > REQUESTS_PER_MINUTE_MAX) {
    return { ok: false, message: t('field_requestsPerMinute_invalid') };
  }
  return { ok: true, value };
}

export function checkFreshnessMinutes(input: string): Checked<number> {
  const text = input.trim();
  const value = Number(text);
  if (!WHOLE.test(text) || value > FRESHNESS_MAX) return { ok: false, message: t('field_freshness_invalid') };
  return { ok: true, value };
}
