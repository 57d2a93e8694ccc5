/**
 * The connection settings form. It never talks to the API or the browser itself: the page passes
 * in how to ask for the host permission and how to save and test. It edits one profile (the one
 * in `settings`); signing out is in the profiles list.
 */
import { useModel } from '@preact/signals';
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { BaseUrlField } from './BaseUrlField';
import { PersistenceChoice, PremiumChoice } from './ChoiceFields';
import { SecretField, TokenField } from './CredentialFields';
import { FormOutcome } from './FormOutcome';
import { LearnedBudget } from './LearnedBudget';
import { LimitsFields } from './LimitsFields';
import type { OptionsFormProps } from './settings-form';
import { type FocusField, SettingsForm } from './settings-form-model';

export function OptionsForm(props: OptionsFormProps) {
  const baseUrlInput = useRef<HTMLInputElement>(null);
  const tokenInput = useRef<HTMLInputElement>(null);
  const focus = (field: FocusField) => {
    if (field === 'baseUrl') baseUrlInput.current?.focus();
    else if (field === 'token') tokenInput.current?.focus();
    else document.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  };
  const form = useModel(() => new SettingsForm(props, focus));
  const outcome = form.outcome.value;
  const errors = form.errors.value;

  const onSubmit = (event: JSX.TargetedEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.run('save');
  };

  const isBusy = outcome.kind === 'busy';

  return (
    <form class="options-form" noValidate onSubmit={onSubmit} aria-busy={isBusy ? 'true' : 'false'}>
      <BaseUrlField
        value={form.baseUrl.value}
        error={errors.baseUrl}
        originChanged={form.baseUrlChanged.value}
        inputRef={baseUrlInput}
        onInput={form.editBaseUrl}
        onUseLiveAddress={form.chooseLiveAddress}
      />

      <TokenField
        value={form.token.value}
        error={errors.token}
        saved={form.view.value.hasToken}
        inputRef={tokenInput}
        onInput={form.editToken}
      />

      <SecretField value={form.secret.value} saved={form.view.value.hasSecret} onInput={form.setSecret} />

      <PersistenceChoice value={form.secretPersistence.value} onChange={form.setSecretPersistence} />

      <LimitsFields values={form.limits.value} errors={errors} onChange={form.editLimits} />
      {form.view.value.hasToken && <LearnedBudget />}

      <PremiumChoice
        value={form.premiumOverride.value}
        onChange={form.setPremiumOverride}
        detectedPremium={form.view.value.detectedPremium}
      />

      <div class="actions options-form__actions">
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
        {form.dirty.value && <span class="badge badge--unsaved">{t('options_unsaved')}</span>}
      </div>

      <FormOutcome outcome={outcome} />
    </form>
  );
}
