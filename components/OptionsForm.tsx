/**
 * The connection settings form. It never talks to the API or the browser itself: the page passes
 * in how to ask for the host permission and how to save and test. It edits one profile (the one
 * in `settings`); signing out is in the profiles list.
 *
 * Order on Save and Test: validate synchronously, then ask for the permission before anything else
 * is awaited (Chrome grants the prompt only inside the click's user gesture), then call the worker.
 */
import type { JSX } from 'preact';
import { useId, useRef, useState } from 'preact/hooks';
import { problemText, displayOrigin } from '../lib/describe-error';
import { t } from '../lib/i18n';
import type {
  AppError,
  ConnectionReport,
  ResponseOf,
  SettingsInput,
  SettingsView,
} from '../lib/messaging/protocol';
import { slotCount } from '../lib/slots/count';
import {
  BaseUrl,
  LIVE_BASE_URL,
  type PremiumOverride,
  type SecretPersistence,
  effectivePremium,
  originOf,
  originPattern,
} from '../lib/storage/settings';
import { ConnectionReportView } from './ConnectionReportView';
import { ErrorNotice } from './ErrorNotice';
import { checkFreshnessMinutes, checkRequestsPerMinute } from './options/checks';
import { type LimitsValues, LimitsFields } from './options/LimitsFields';
import { yesNoUnknown } from './text';

export interface OptionsFormProps {
  settings: SettingsView;
  /** Asks the browser for the host permission `pattern`; resolves to whether it was granted. */
  requestPermission: (pattern: string) => Promise<boolean>;
  onSave: (input: SettingsInput) => Promise<ResponseOf<'saveSettings'>>;
  onTest: (input: SettingsInput) => Promise<ResponseOf<'testConnection'>>;
}

type Action = 'save' | 'test';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'busy'; action: Action }
  | { kind: 'saved' }
  | { kind: 'tested'; report: ConnectionReport }
  | { kind: 'refused'; action: 'save' | 'test'; origin: string }
  | { kind: 'failed'; error: AppError };

interface FieldErrors {
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

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

const limitsOf = (view: SettingsView): LimitsValues => ({
  requestsPerMinute: view.requestsPerMinute === null ? '' : String(view.requestsPerMinute),
  freshnessMinutes: String(view.freshnessMinutes),
});

export function OptionsForm({ settings, requestPermission, onSave, onTest }: OptionsFormProps) {
  const id = useId();
  const ids = {
    baseUrl: `${id}-base-url`,
    baseUrlHint: `${id}-base-url-hint`,
    baseUrlError: `${id}-base-url-error`,
    baseUrlChanged: `${id}-base-url-changed`,
    liveAddress: `${id}-live-address`,
    token: `${id}-token`,
    tokenHint: `${id}-token-hint`,
    tokenError: `${id}-token-error`,
    secret: `${id}-secret`,
    secretHint: `${id}-secret-hint`,
    persistenceHint: `${id}-persistence-hint`,
    premiumState: `${id}-premium-state`,
  };

  const [view, setView] = useState<SettingsView>(settings);
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl);
  const [token, setToken] = useState('');
  const [secret, setSecret] = useState('');
  const [secretPersistence, setSecretPersistence] = useState<SecretPersistence>(settings.secretPersistence);
  const [premiumOverride, setPremiumOverride] = useState<PremiumOverride>(settings.premiumOverride);
  const [limits, setLimits] = useState<LimitsValues>(limitsOf(settings));
  const [showSecret, setShowSecret] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const busy = useRef(false);
  const baseUrlInput = useRef<HTMLInputElement>(null);
  const tokenInput = useRef<HTMLInputElement>(null);

  const adopt = (next: SettingsView) => {
    setView(next);
    setBaseUrl(next.baseUrl);
    setSecretPersistence(next.secretPersistence);
    setPremiumOverride(next.premiumOverride);
    setLimits(limitsOf(next));
    setToken('');
    setSecret('');
  };

  /** Shows a worker failure; a field the worker refused is marked at the field as well. */
  const showFailure = (error: AppError) => {
    if (
      error.kind === 'invalidInput' &&
      (error.field === 'baseUrl' ||
        error.field === 'token' ||
        error.field === 'requestsPerMinute' ||
        error.field === 'freshnessMinutes')
    ) {
      setErrors({ [error.field]: problemText(error.message) });
    }
    setOutcome({ kind: 'failed', error });
  };

  const run = async (action: 'save' | 'test') => {
    if (busy.current) return;
    const checked = checkSettingsForm(
      { profileId: view.profileId, baseUrl, token, secret, secretPersistence, premiumOverride, ...limits },
      view.hasToken,
      view.baseUrl,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      setOutcome({ kind: 'idle' });
      if (checked.errors.baseUrl) baseUrlInput.current?.focus();
      else if (checked.errors.token) tokenInput.current?.focus();
      else document.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    busy.current = true;
    // Nothing is awaited before this call: the permission prompt needs the click's user gesture.
    let permission: Promise<boolean>;
    try {
      permission = requestPermission(checked.pattern);
    } catch {
      permission = Promise.resolve(false);
    }
    setOutcome({ kind: 'busy', action });
    try {
      const granted = await permission.catch(() => false);
      if (!granted) {
        setOutcome({ kind: 'refused', action, origin: displayOrigin(checked.pattern) });
        return;
      }
      if (action === 'save') {
        const response = await onSave(checked.input);
        if (response.ok) {
          adopt(response.value);
          setOutcome({ kind: 'saved' });
        } else showFailure(response.error);
      } else {
        const response = await onTest(checked.input);
        if (response.ok) setOutcome({ kind: 'tested', report: response.value });
        else showFailure(response.error);
      }
    } catch (error) {
      showFailure({ kind: 'internal', message: String(error) });
    } finally {
      busy.current = false;
    }
  };

  const onSubmit = (event: JSX.TargetedEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run('save');
  };

  const isBusy = outcome.kind === 'busy';
  const statusText =
    outcome.kind === 'busy'
      ? t(outcome.action === 'save' ? 'status_saving' : 'status_testing')
      : outcome.kind === 'saved'
        ? t('status_saved')
        : '';
  const baseUrlChanged = originChanged(baseUrl, view.baseUrl);

  const slotsInUse = slotCount(effectivePremium({ premiumOverride, detectedPremium: view.detectedPremium }));

  return (
    <form class="options-form" noValidate onSubmit={onSubmit} aria-busy={isBusy ? 'true' : 'false'}>
      <div class="field">
        <label for={ids.baseUrl}>{t('field_baseUrl')}</label>
        <input
          ref={baseUrlInput}
          id={ids.baseUrl}
          name="baseUrl"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellcheck={false}
          value={baseUrl}
          onInput={(event) => {
            setBaseUrl(event.currentTarget.value);
            if (errors.baseUrl) setErrors({ ...errors, baseUrl: undefined });
          }}
          aria-invalid={errors.baseUrl ? 'true' : undefined}
          list={ids.liveAddress}
          aria-describedby={describedBy(
            errors.baseUrl && ids.baseUrlError,
            baseUrlChanged && ids.baseUrlChanged,
            ids.baseUrlHint,
          )}
        />
        <datalist id={ids.liveAddress}>
          <option value={LIVE_BASE_URL} />
        </datalist>
        {errors.baseUrl && (
          <p id={ids.baseUrlError} class="field-error">
            {errors.baseUrl}
          </p>
        )}
        {baseUrlChanged && (
          <p id={ids.baseUrlChanged} class="field-warning">
            {t('baseUrl_originChanged')}
          </p>
        )}
        <p id={ids.baseUrlHint} class="hint">
          {t('field_baseUrl_hint')}
        </p>
        {baseUrl !== LIVE_BASE_URL && (
          <button
            type="button"
            class="button button--quiet"
            onClick={() => {
              setBaseUrl(LIVE_BASE_URL);
              setErrors({ ...errors, baseUrl: undefined });
            }}
          >
            {t('action_useLiveAddress')}
          </button>
        )}
      </div>

      <div class="field">
        <label for={ids.token}>{t('field_token')}</label>
        <input
          ref={tokenInput}
          id={ids.token}
          name="token"
          type="password"
          autoComplete="off"
          spellcheck={false}
          value={token}
          placeholder={view.hasToken ? t('field_token_saved') : undefined}
          onInput={(event) => {
            setToken(event.currentTarget.value);
            if (errors.token) setErrors({ ...errors, token: undefined });
          }}
          aria-invalid={errors.token ? 'true' : undefined}
          aria-describedby={describedBy(errors.token && ids.tokenError, ids.tokenHint)}
        />
        {errors.token && (
          <p id={ids.tokenError} class="field-error">
            {errors.token}
          </p>
        )}
        <p id={ids.tokenHint} class="hint">
          {t('field_token_hint')}
        </p>
      </div>

      <div class="field">
        <label for={ids.secret}>{t('field_secret')}</label>
        <div class="input-row">
          <input
            id={ids.secret}
            name="secret"
            type={showSecret ? 'text' : 'password'}
            autoComplete="off"
            spellcheck={false}
            value={secret}
            placeholder={view.hasSecret ? t('field_secret_saved') : undefined}
            onInput={(event) => setSecret(event.currentTarget.value)}
            aria-describedby={ids.secretHint}
          />
          <button
            type="button"
            class="button"
            aria-pressed={showSecret ? 'true' : 'false'}
            aria-controls={ids.secret}
            onClick={() => setShowSecret(!showSecret)}
          >
            {showSecret ? t('secret_hide') : t('secret_show')}
          </button>
        </div>
        <p id={ids.secretHint} class="hint">
          {t('field_secret_hint')}
        </p>
      </div>

      <fieldset class="choices" aria-describedby={ids.persistenceHint}>
        <legend>{t('persistence_legend')}</legend>
        <Radio
          name="secretPersistence"
          value="session"
          checked={secretPersistence === 'session'}
          onSelect={() => setSecretPersistence('session')}
          label={t('persistence_session')}
        />
        <Radio
          name="secretPersistence"
          value="local"
          checked={secretPersistence === 'local'}
          onSelect={() => setSecretPersistence('local')}
          label={t('persistence_local')}
        />
        <p id={ids.persistenceHint} class="hint">
          {t('persistence_local_hint')}
        </p>
      </fieldset>

      <LimitsFields
        values={limits}
        errors={errors}
        onChange={(next) => {
          setLimits(next);
          setErrors({ ...errors, requestsPerMinute: undefined, freshnessMinutes: undefined });
        }}
      />

      <fieldset class="choices" aria-describedby={ids.premiumState}>
        <legend>{t('premium_legend')}</legend>
        <Radio
          name="premiumOverride"
          value="auto"
          checked={premiumOverride === 'auto'}
          onSelect={() => setPremiumOverride('auto')}
          label={t('premium_auto')}
        />
        <Radio
          name="premiumOverride"
          value="on"
          checked={premiumOverride === 'on'}
          onSelect={() => setPremiumOverride('on')}
          label={t('premium_on')}
        />
        <Radio
          name="premiumOverride"
          value="off"
          checked={premiumOverride === 'off'}
          onSelect={() => setPremiumOverride('off')}
          label={t('premium_off')}
        />
        <div id={ids.premiumState} class="hint">
          <p>{t('premium_detected', yesNoUnknown(view.detectedPremium))}</p>
          <p>{t('premium_slots', String(slotsInUse))}</p>
        </div>
      </fieldset>

      <div class="actions">
        <button type="submit" class="button button--primary" aria-disabled={isBusy ? 'true' : undefined}>
          {t('action_save')}
        </button>
        <button
          type="button"
          class="button"
          aria-disabled={isBusy ? 'true' : undefined}
          onClick={() => void run('test')}
        >
          {t('action_test')}
        </button>
      </div>

      <p role="status" class={statusText ? 'status' : 'status status--empty'}>
        {statusText}
      </p>
      {outcome.kind === 'failed' && <ErrorNotice error={outcome.error} />}
      {outcome.kind === 'refused' && (
        <ErrorNotice
          error={{
            title: t('permission_refused_title'),
            detail: t(
              outcome.action === 'save' ? 'permission_refused_save' : 'permission_refused_test',
              outcome.origin,
            ),
          }}
        />
      )}
      {outcome.kind === 'tested' && <ConnectionReportView report={outcome.report} />}
    </form>
  );
}

interface RadioProps {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  onSelect: () => void;
}

function Radio({ name, value, checked, label, onSelect }: RadioProps) {
  return (
    <label class="choice">
      <input type="radio" name={name} value={value} checked={checked} onChange={onSelect} />
      <span>{label}</span>
    </label>
  );
}
