/**
 * The connection form's state: the values being edited, their errors, and Save and Test.
 *
 * Order on Save and Test: validate synchronously, then ask for the permission before anything else
 * is awaited (Chrome grants the prompt only inside the click's user gesture), then call the worker.
 */
import { useRef, useState } from 'preact/hooks';
import type { AppError } from '../../lib/app-error';
import { displayOrigin, problemText } from '../../lib/describe-error';
import type { ConnectionReport, SettingsView } from '../../lib/messaging/protocol';
import { LIVE_BASE_URL, type PremiumOverride, type SecretPersistence } from '../../lib/storage/settings';
import type { OptionsFormProps } from './OptionsForm';
import type { LimitsValues } from './LimitsFields';
import { type FieldErrors, checkSettingsForm, originChanged } from './settings-form';

type Action = 'save' | 'test';

export type Outcome =
  | { kind: 'idle' }
  | { kind: 'busy'; action: Action }
  | { kind: 'saved' }
  | { kind: 'tested'; report: ConnectionReport }
  | { kind: 'refused'; action: 'save' | 'test'; origin: string }
  | { kind: 'failed'; error: AppError };

const limitsOf = (view: SettingsView): LimitsValues => ({
  requestsPerMinute: view.requestsPerMinute === null ? '' : String(view.requestsPerMinute),
  freshnessMinutes: String(view.freshnessMinutes),
});

export function useSettingsForm({ settings, requestPermission, onSave, onTest }: OptionsFormProps) {
  const [view, setView] = useState<SettingsView>(settings);
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl);
  const [token, setToken] = useState('');
  const [secret, setSecret] = useState('');
  const [secretPersistence, setSecretPersistence] = useState<SecretPersistence>(settings.secretPersistence);
  const [premiumOverride, setPremiumOverride] = useState<PremiumOverride>(settings.premiumOverride);
  const [limits, setLimits] = useState<LimitsValues>(limitsOf(settings));
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

  return {
    view,
    baseUrl,
    token,
    secret,
    secretPersistence,
    premiumOverride,
    limits,
    errors,
    outcome,
    baseUrlChanged: originChanged(baseUrl, view.baseUrl),
    baseUrlInput,
    tokenInput,
    editBaseUrl: (value: string) => {
      setBaseUrl(value);
      if (errors.baseUrl) setErrors({ ...errors, baseUrl: undefined });
    },
    chooseLiveAddress: () => {
      setBaseUrl(LIVE_BASE_URL);
      setErrors({ ...errors, baseUrl: undefined });
    },
    editToken: (value: string) => {
      setToken(value);
      if (errors.token) setErrors({ ...errors, token: undefined });
    },
    setSecret,
    setSecretPersistence,
    setPremiumOverride,
    editLimits: (next: LimitsValues) => {
      setLimits(next);
      setErrors({ ...errors, requestsPerMinute: undefined, freshnessMinutes: undefined });
    },
    run,
  };
}
