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
import type { ConnectionReport, ResponseOf, SettingsInput, SettingsView } from '../lib/messaging/protocol';
import type { AppError } from '../lib/app-error';
import { LIVE_BASE_URL, type PremiumOverride, type SecretPersistence } from '../lib/storage/settings';
import { ConnectionReportView } from './ConnectionReportView';
import { ErrorNotice } from './ErrorNotice';
import { PersistenceChoice, PremiumChoice } from './options/ChoiceFields';
import { type LimitsValues, LimitsFields } from './options/LimitsFields';
import { type FieldErrors, checkSettingsForm, originChanged } from './options/settings-form';

export { checkSettingsForm } from './options/settings-form';

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

      <PersistenceChoice value={secretPersistence} onChange={setSecretPersistence} />

      <LimitsFields
        values={limits}
        errors={errors}
        onChange={(next) => {
          setLimits(next);
          setErrors({ ...errors, requestsPerMinute: undefined, freshnessMinutes: undefined });
        }}
      />

      <PremiumChoice
        value={premiumOverride}
        onChange={setPremiumOverride}
        detectedPremium={view.detectedPremium}
      />

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
