/**
 * The connection settings form. It never talks to the API or the browser itself: the page passes
 * in how to ask for the host permission and how to save, test and forget.
 *
 * Order on Save and Test: validate synchronously, then ask for the permission before anything else
 * is awaited (Chrome grants the prompt only inside the click's user gesture), then call the worker.
 */
import type { JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
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
  type PremiumOverride,
  type SecretPersistence,
  effectivePremium,
  originPattern,
} from '../lib/storage/settings';
import { ConnectionReportView } from './ConnectionReportView';
import { ErrorNotice } from './ErrorNotice';
import { yesNoUnknown } from './text';

export interface OptionsFormProps {
  settings: SettingsView;
  /** Asks the browser for the host permission `pattern`; resolves to whether it was granted. */
  requestPermission: (pattern: string) => Promise<boolean>;
  onSave: (input: SettingsInput) => Promise<ResponseOf<'saveSettings'>>;
  onTest: (input: SettingsInput) => Promise<ResponseOf<'testConnection'>>;
  onForget: () => Promise<ResponseOf<'getSettings'>>;
}

type Action = 'save' | 'test' | 'forget';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'busy'; action: Action }
  | { kind: 'saved' }
  | { kind: 'forgotten' }
  | { kind: 'tested'; report: ConnectionReport }
  | { kind: 'refused'; action: 'save' | 'test'; origin: string }
  | { kind: 'failed'; error: AppError };

interface FieldErrors {
  baseUrl?: string;
  token?: string;
}

export interface FormValues {
  baseUrl: string;
  token: string;
  secret: string;
  secretPersistence: SecretPersistence;
  premiumOverride: PremiumOverride;
}

export type Checked =
  { ok: true; input: SettingsInput; pattern: string } | { ok: false; errors: FieldErrors };

/**
 * The synchronous check before anything is sent: a valid base URL, and a token unless one is
 * saved. The input carries the normalized base URL and trimmed token and secret.
 */
export function checkSettingsForm(values: FormValues, hasToken: boolean): Checked {
  const errors: FieldErrors = {};
  const baseUrl = BaseUrl.safeParse(values.baseUrl);
  if (!baseUrl.success) errors.baseUrl = problemText(baseUrl.error.issues[0]?.message ?? 'baseUrl.invalid');
  const token = values.token.trim();
  if (!token && !hasToken) errors.token = t('token_required');
  if (!baseUrl.success || errors.token) return { ok: false, errors };
  return {
    ok: true,
    pattern: originPattern(baseUrl.data),
    input: {
      baseUrl: baseUrl.data,
      token,
      secret: values.secret.trim(),
      secretPersistence: values.secretPersistence,
      premiumOverride: values.premiumOverride,
    },
  };
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export function OptionsForm({ settings, requestPermission, onSave, onTest, onForget }: OptionsFormProps) {
  const id = useId();
  const ids = {
    baseUrl: `${id}-base-url`,
    baseUrlHint: `${id}-base-url-hint`,
    baseUrlError: `${id}-base-url-error`,
    token: `${id}-token`,
    tokenHint: `${id}-token-hint`,
    tokenError: `${id}-token-error`,
    secret: `${id}-secret`,
    secretHint: `${id}-secret-hint`,
    persistenceHint: `${id}-persistence-hint`,
    premiumState: `${id}-premium-state`,
    forgetQuestion: `${id}-forget-question`,
  };

  const [view, setView] = useState<SettingsView>(settings);
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl);
  const [token, setToken] = useState('');
  const [secret, setSecret] = useState('');
  const [secretPersistence, setSecretPersistence] = useState<SecretPersistence>(settings.secretPersistence);
  const [premiumOverride, setPremiumOverride] = useState<PremiumOverride>(settings.premiumOverride);
  const [showSecret, setShowSecret] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [confirmingForget, setConfirmingForget] = useState(false);

  const busy = useRef(false);
  const baseUrlInput = useRef<HTMLInputElement>(null);
  const tokenInput = useRef<HTMLInputElement>(null);
  const forgetButton = useRef<HTMLButtonElement>(null);
  const cancelForgetButton = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the next render is on screen (the confirm step appears or goes). */
  const focusNext = useRef<'cancelForget' | 'forget' | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'cancelForget') cancelForgetButton.current?.focus();
    else if (target === 'forget') forgetButton.current?.focus();
  });

  const adopt = (next: SettingsView) => {
    setView(next);
    setBaseUrl(next.baseUrl);
    setSecretPersistence(next.secretPersistence);
    setPremiumOverride(next.premiumOverride);
    setToken('');
    setSecret('');
  };

  /** Shows a worker failure; a field the worker refused is marked at the field as well. */
  const showFailure = (error: AppError) => {
    if (error.kind === 'invalidInput' && (error.field === 'baseUrl' || error.field === 'token')) {
      setErrors({ [error.field]: problemText(error.message) });
    }
    setOutcome({ kind: 'failed', error });
  };

  const run = async (action: 'save' | 'test') => {
    if (busy.current) return;
    const checked = checkSettingsForm(
      { baseUrl, token, secret, secretPersistence, premiumOverride },
      view.hasToken,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      setOutcome({ kind: 'idle' });
      (checked.errors.baseUrl ? baseUrlInput : tokenInput).current?.focus();
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

  const askForget = () => {
    focusNext.current = 'cancelForget';
    setConfirmingForget(true);
  };

  const cancelForget = () => {
    focusNext.current = 'forget';
    setConfirmingForget(false);
  };

  const forget = async () => {
    if (busy.current) return;
    busy.current = true;
    setOutcome({ kind: 'busy', action: 'forget' });
    try {
      const response = await onForget();
      if (response.ok) {
        adopt(response.value);
        setOutcome({ kind: 'forgotten' });
      } else showFailure(response.error);
    } catch (error) {
      showFailure({ kind: 'internal', message: String(error) });
    } finally {
      busy.current = false;
      focusNext.current = 'forget';
      setConfirmingForget(false);
    }
  };

  const onSubmit = (event: JSX.TargetedEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run('save');
  };

  const isBusy = outcome.kind === 'busy';
  const statusText =
    outcome.kind === 'busy'
      ? t(
          outcome.action === 'save'
            ? 'status_saving'
            : outcome.action === 'test'
              ? 'status_testing'
              : 'status_forgetting',
        )
      : outcome.kind === 'saved'
        ? t('status_saved')
        : outcome.kind === 'forgotten'
          ? t('status_forgotten')
          : '';

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
          aria-describedby={describedBy(errors.baseUrl && ids.baseUrlError, ids.baseUrlHint)}
        />
        {errors.baseUrl && (
          <p id={ids.baseUrlError} class="field-error">
            {errors.baseUrl}
          </p>
        )}
        <p id={ids.baseUrlHint} class="hint">
          {t('field_baseUrl_hint')}
        </p>
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
        <button
          ref={forgetButton}
          type="button"
          class="button button--danger"
          aria-disabled={isBusy ? 'true' : undefined}
          aria-expanded={confirmingForget ? 'true' : 'false'}
          onClick={askForget}
        >
          {t('action_forget')}
        </button>
      </div>

      {confirmingForget && (
        <div class="confirm" role="group" aria-labelledby={ids.forgetQuestion}>
          <p id={ids.forgetQuestion}>{t('forget_question')}</p>
          <div class="actions">
            <button type="button" class="button button--danger" onClick={() => void forget()}>
              {t('action_forget_confirm')}
            </button>
            <button ref={cancelForgetButton} type="button" class="button" onClick={cancelForget}>
              {t('action_cancel')}
            </button>
          </div>
        </div>
      )}

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
