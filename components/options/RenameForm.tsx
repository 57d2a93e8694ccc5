/** Renames a profile in place: the name is checked before it is sent (not empty, at most 40 characters). */
import type { JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { checkProfileName } from './checks';

interface RenameFormProps {
  name: string;
  onRename: (name: string) => void;
  onCancel: () => void;
}

export function RenameForm({ name, onRename, onCancel }: RenameFormProps) {
  const id = useId();
  const [value, setValue] = useState(name);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const submit = (event: JSX.TargetedEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkProfileName(value);
    if (checked.ok) onRename(checked.value);
    else {
      setError(checked.message);
      input.current?.focus();
    }
  };

  return (
    <form class="profile-rename" noValidate onSubmit={submit}>
      <div class="field">
        <label for={`${id}-name`}>{t('profile_name')}</label>
        <input
          ref={input}
          id={`${id}-name`}
          type="text"
          value={value}
          onInput={(event) => {
            setValue(event.currentTarget.value);
            setError('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} class="field-error">
            {error}
          </p>
        )}
      </div>
      <div class="actions">
        <button type="submit" class="button button--primary">
          {t('action_apply')}
        </button>
        <button type="button" class="button" onClick={onCancel}>
          {t('action_cancel')}
        </button>
      </div>
    </form>
  );
}
