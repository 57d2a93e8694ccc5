/** The two request-budget fields of the connection form, each with a one-line explanation. */
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';

export interface LimitsValues {
  requestsPerMinute: string;
  freshnessMinutes: string;
}

export interface LimitsErrors {
  requestsPerMinute?: string | undefined;
  freshnessMinutes?: string | undefined;
}

interface LimitsFieldsProps {
  values: LimitsValues;
  errors: LimitsErrors;
  onChange: (values: LimitsValues) => void;
}

export function LimitsFields({ values, errors, onChange }: LimitsFieldsProps) {
  const id = useId();
  const field = (name: keyof LimitsValues, label: string, hint: string) => {
    const error = errors[name];
    return (
      <div class="field">
        <label for={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={values[name]}
          onInput={(event) => onChange({ ...values, [name]: event.currentTarget.value })}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={[error && `${id}-${name}-error`, `${id}-${name}-hint`].filter(Boolean).join(' ')}
        />
        {error && (
          <p id={`${id}-${name}-error`} class="field-error">
            {error}
          </p>
        )}
        <p id={`${id}-${name}-hint`} class="hint">
          {hint}
        </p>
      </div>
    );
  };
  return (
    <>
      {field('requestsPerMinute', t('field_requestsPerMinute'), t('field_requestsPerMinute_hint'))}
      {field('freshnessMinutes', t('field_freshness'), t('field_freshness_hint'))}
    </>
  );
}
