/**
 * The connection form's state as a signal model: the values being edited, their errors, whether
 * they differ from what is saved, and Save and Test.
 *
 * Order on Save and Test: validate synchronously, then ask for the permission before anything else
 * is awaited (Chrome grants the prompt only inside the click's user gesture), then call the worker.
 */
import { action, computed, createModel, signal } from '@preact/signals';
import type { AppError } from '../../lib/app-error';
import { displayOrigin, problemText } from '../describe-error';
import type { ConnectionReport, SettingsView } from '../../lib/messaging/protocol';
import { LIVE_BASE_URL, type PremiumOverride, type SecretPersistence } from '../../lib/storage/settings';
import type { LimitsValues } from './LimitsFields';
import { type FieldErrors, type OptionsFormProps, checkSettingsForm, originChanged } from './settings-form';

type Action = 'save' | 'test';

export type Outcome =
  | { kind: 'idle' }
  | { kind: 'busy'; action: Action }
  | { kind: 'saved' }
  | { kind: 'tested'; report: ConnectionReport }
  | { kind: 'refused'; action: 'save' | 'test'; origin: string }
  | { kind: 'failed'; error: AppError };

/** Which field to focus after a check refused the form: the first one marked. */
export type FocusField = 'baseUrl' | 'token' | 'other';

const limitsOf = (view: SettingsView): LimitsValues => ({
  requestsPerMinute: view.requestsPerMinute === null ? '' : String(view.requestsPerMinute),
  freshnessMinutes: String(view.freshnessMinutes),
});

/**
 * One form's model. `focus` moves the keyboard to a refused field (the view owns the elements).
 * Made once per form (OptionsForm is keyed by profile and revision), so its props do not change.
 */
export const SettingsForm = createModel(
  ({ settings, requestPermission, onSave, onTest }: OptionsFormProps, focus: (field: FocusField) => void) => {
    const view = signal<SettingsView>(settings);
    const baseUrl = signal(settings.baseUrl);
    const token = signal('');
    const secret = signal('');
    const secretPersistence = signal<SecretPersistence>(settings.secretPersistence);
    const premiumOverride = signal<PremiumOverride>(settings.premiumOverride);
    const limits = signal<LimitsValues>(limitsOf(settings));
    const errors = signal<FieldErrors>({});
    const outcome = signal<Outcome>({ kind: 'idle' });
    let busy = false;

    const baseUrlChanged = computed(() => originChanged(baseUrl.value, view.value.baseUrl));
    /** What is typed differs from what is saved: the form says so beside its Save. */
    const dirty = computed(() => {
      const saved = view.value;
      const savedLimits = limitsOf(saved);
      return (
        baseUrl.value !== saved.baseUrl ||
        token.value !== '' ||
        secret.value !== '' ||
        secretPersistence.value !== saved.secretPersistence ||
        premiumOverride.value !== saved.premiumOverride ||
        limits.value.requestsPerMinute !== savedLimits.requestsPerMinute ||
        limits.value.freshnessMinutes !== savedLimits.freshnessMinutes
      );
    });

    const adopt = action((next: SettingsView) => {
      view.value = next;
      baseUrl.value = next.baseUrl;
      secretPersistence.value = next.secretPersistence;
      premiumOverride.value = next.premiumOverride;
      limits.value = limitsOf(next);
      token.value = '';
      secret.value = '';
    });

    /** Shows a worker failure; a field the worker refused is marked at the field as well. */
    const showFailure = action((error: AppError) => {
      if (
        error.kind === 'invalidInput' &&
        (error.field === 'baseUrl' ||
          error.field === 'token' ||
          error.field === 'requestsPerMinute' ||
          error.field === 'freshnessMinutes')
      ) {
        errors.value = { [error.field]: problemText(error.message) };
      }
      outcome.value = { kind: 'failed', error };
    });

    const run = async (which: Action) => {
      if (busy) return;
      const checked = checkSettingsForm(
        {
          profileId: view.value.profileId,
          baseUrl: baseUrl.value,
          token: token.value,
          secret: secret.value,
          secretPersistence: secretPersistence.value,
          premiumOverride: premiumOverride.value,
          ...limits.value,
        },
        view.value.hasToken,
        view.value.baseUrl,
      );
      if (!checked.ok) {
        errors.value = checked.errors;
        outcome.value = { kind: 'idle' };
        focus(checked.errors.baseUrl ? 'baseUrl' : checked.errors.token ? 'token' : 'other');
        return;
      }
      errors.value = {};
      busy = true;
      // Nothing is awaited before this call: the permission prompt needs the click's user gesture.
      let permission: Promise<boolean>;
      try {
        permission = requestPermission(checked.pattern);
      } catch {
        permission = Promise.resolve(false);
      }
      outcome.value = { kind: 'busy', action: which };
      try {
        const granted = await permission.catch(() => false);
        if (!granted) {
          outcome.value = { kind: 'refused', action: which, origin: displayOrigin(checked.pattern) };
          return;
        }
        if (which === 'save') {
          const response = await onSave(checked.input);
          if (response.ok) {
            adopt(response.value);
            outcome.value = { kind: 'saved' };
          } else showFailure(response.error);
        } else {
          const response = await onTest(checked.input);
          if (response.ok) outcome.value = { kind: 'tested', report: response.value };
          else showFailure(response.error);
        }
      } catch (error) {
        showFailure({ kind: 'internal', message: String(error) });
      } finally {
        busy = false;
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
      baseUrlChanged,
      dirty,
      editBaseUrl: (value: string) => {
        baseUrl.value = value;
        if (errors.value.baseUrl) errors.value = { ...errors.value, baseUrl: undefined };
      },
      chooseLiveAddress: () => {
        baseUrl.value = LIVE_BASE_URL;
        errors.value = { ...errors.value, baseUrl: undefined };
      },
      editToken: (value: string) => {
        token.value = value;
        if (errors.value.token) errors.value = { ...errors.value, token: undefined };
      },
      setSecret: (value: string) => (secret.value = value),
      setSecretPersistence: (value: SecretPersistence) => (secretPersistence.value = value),
      setPremiumOverride: (value: PremiumOverride) => (premiumOverride.value = value),
      editLimits: (next: LimitsValues) => {
        limits.value = next;
        errors.value = { ...errors.value, requestsPerMinute: undefined, freshnessMinutes: undefined };
      },
      run,
    };
  },
);
