/**
 * The connection settings form. It never talks to the API or the browser itself: the page passes
 * in how to ask for the host permission and how to save and test. It edits one profile (the one
 * in `settings`); signing out is in the profiles list.
 */
import type { JSX } from 'preact';
import { t } from '../../lib/i18n';
import type { ResponseOf, SettingsInput, SettingsView } from '../../lib/messaging/protocol';
import { BaseUrlField } from './BaseUrlField';
import { PersistenceChoice, PremiumChoice } from './ChoiceFields';
import { SecretField, TokenField } from './CredentialFields';
import { FormOutcome } from './FormOutcome';
import { LimitsFields } from './LimitsFields';
import { useSettingsForm } from './use-settings-form';

export { checkSettingsForm } from './settings-form';

export interface OptionsFormProps {
  settings: SettingsView;
  /** Asks the browser for the host permission `pattern`; resolves to whether it was granted. */
  requestPermission: (pattern: string) => Promise<boolean>;
  onSave: (input: SettingsInput) => Promise<ResponseOf<'saveSettings'>>;
  onTest: (input: SettingsInput) => Promise<ResponseOf<'testConnection'>>;
}

export function OptionsForm(props: OptionsFormProps) {
  const form = useSettingsForm(props);

  const onSubmit = (event: JSX.TargetedEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.run('save');
  };

  const isBusy = form.outcome.kind === 'busy';

  return (
    <form class="options-form" noValidate onSubmit={onSubmit} aria-busy={isBusy ? 'true' : 'false'}>
      <BaseUrlField
        value={form.baseUrl}
        error={form.errors.baseUrl}
        originChanged={form.baseUrlChanged}
        inputRef={form.baseUrlInput}
        onInput={form.editBaseUrl}
        onUseLiveAddress={form.chooseLiveAddress}
      />

      <TokenField
        value={form.token}
        error={form.errors.token}
        saved={form.view.hasToken}
        inputRef={form.tokenInput}
        onInput={form.editToken}
      />

      <SecretField value={form.secret} saved={form.view.hasSecret} onInput={form.setSecret} />

      <PersistenceChoice value={form.secretPersistence} onChange={form.setSecretPersistence} />

      <LimitsFields values={form.limits} errors={form.errors} onChange={form.editLimits} />

      <PremiumChoice
        value={form.premiumOverride}
        onChange={form.setPremiumOverride}
        detectedPremium={form.view.detectedPremium}
      />

      <div class="actions">
        <button type="submit" class="button button--primary" aria-disabled={isBusy ? 'true' : undefined}>
          {t('action_save')}
        </button>
        <button
          type="button"
          class="button"
          aria-disabled={isBusy ? 'true' : undefined}
          onClick={() => void form.run('test')}
        >
          {t('action_test')}
        </button>
      </div>

      <FormOutcome outcome={form.outcome} />
    </form>
  );
}
