/** The API base URL field: the live address offered, a warning when the origin changes, its error. */
import type { Ref } from 'preact';
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { LIVE_BASE_URL } from '../../lib/storage/settings';
import { describedBy } from './described-by';

interface BaseUrlFieldProps {
  value: string;
  error: string | undefined;
  /** On another origin than the saved one: the token must be typed again. */
  originChanged: boolean;
  inputRef: Ref<HTMLInputElement>;
  onInput: (value: string) => void;
  onUseLiveAddress: () => void;
}

export function BaseUrlField({
  value,
  error,
  originChanged,
  inputRef,
  onInput,
  onUseLiveAddress,
}: BaseUrlFieldProps) {
  const id = useId();
  const ids = {
    baseUrl: `${id}-base-url`,
    baseUrlHint: `${id}-base-url-hint`,
    baseUrlError: `${id}-base-url-error`,
    baseUrlChanged: `${id}-base-url-changed`,
    liveAddress: `${id}-live-address`,
  };
  return (
    <div class="field">
      <label for={ids.baseUrl}>{t('field_baseUrl')}</label>
      <input
        ref={inputRef}
        id={ids.baseUrl}
        name="baseUrl"
        type="text"
        inputMode="url"
        autoComplete="off"
        spellcheck={false}
        value={value}
        onInput={(event) => onInput(event.currentTarget.value)}
        aria-invalid={error ? 'true' : undefined}
        list={ids.liveAddress}
        aria-describedby={describedBy(
          error && ids.baseUrlError,
          originChanged && ids.baseUrlChanged,
          ids.baseUrlHint,
        )}
      />
      <datalist id={ids.liveAddress}>
        <option value={LIVE_BASE_URL} />
      </datalist>
      {error && (
        <p id={ids.baseUrlError} class="field-error">
          {error}
        </p>
      )}
      {originChanged && (
        <p id={ids.baseUrlChanged} class="field-warning">
          {t('baseUrl_originChanged')}
        </p>
      )}
      <p id={ids.baseUrlHint} class="hint">
        {t('field_baseUrl_hint')}
      </p>
      {value !== LIVE_BASE_URL && (
        <button type="button" class="button button--quiet" onClick={onUseLiveAddress}>
          {t('action_useLiveAddress')}
        </button>
      )}
    </div>
  );
}
