/** The access token and API secret fields; a saved one is never shown, only said to be there. */
import type { Ref } from 'preact';
import { useId, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { describedBy } from './described-by';

interface TokenFieldProps {
  value: string;
  error: string | undefined;
  saved: boolean;
  inputRef: Ref<HTMLInputElement>;
  onInput: (value: string) => void;
}

export function TokenField({ value, error, saved, inputRef, onInput }: TokenFieldProps) {
  const id = useId();
  const ids = { token: `${id}-token`, tokenHint: `${id}-token-hint`, tokenError: `${id}-token-error` };
  return (
    <div class="field">
      <label for={ids.token}>{t('field_token')}</label>
      <input
        ref={inputRef}
        id={ids.token}
        name="token"
        type="password"
        autoComplete="off"
        spellcheck={false}
        value={value}
        placeholder={saved ? t('field_token_saved') : undefined}
        onInput={(event) => onInput(event.currentTarget.value)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(error && ids.tokenError, ids.tokenHint)}
      />
      {error && (
        <p id={ids.tokenError} class="field-error">
          {error}
        </p>
      )}
      <p id={ids.tokenHint} class="hint">
        {t('field_token_hint')}
      </p>
    </div>
  );
}

interface SecretFieldProps {
  value: string;
  saved: boolean;
  onInput: (value: string) => void;
}

export function SecretField({ value, saved, onInput }: SecretFieldProps) {
  const id = useId();
  const ids = { secret: `${id}-secret`, secretHint: `${id}-secret-hint` };
  const [showSecret, setShowSecret] = useState(false);
  return (
    <div class="field">
      <label for={ids.secret}>{t('field_secret')}</label>
      <div class="input-row">
        <input
          id={ids.secret}
          name="secret"
          type={showSecret ? 'text' : 'password'}
          autoComplete="off"
          spellcheck={false}
          value={value}
          placeholder={saved ? t('field_secret_saved') : undefined}
          onInput={(event) => onInput(event.currentTarget.value)}
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
  );
}
