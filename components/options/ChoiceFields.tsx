/** The connection form's two radio groups: where the secret is kept, and premium access. */
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { slotCount } from '../../lib/api/slot-limits';
import { type PremiumOverride, type SecretPersistence, effectivePremium } from '../../lib/storage/settings';
import { yesNoUnknown } from '../text';

export function PersistenceChoice(props: {
  value: SecretPersistence;
  onChange: (v: SecretPersistence) => void;
}) {
  const hint = `${useId()}-hint`;
  return (
    <fieldset class="choices" aria-describedby={hint}>
      <legend>{t('persistence_legend')}</legend>
      <Radio
        name="secretPersistence"
        value="session"
        current={props.value}
        onSelect={props.onChange}
        label={t('persistence_session')}
      />
      <Radio
        name="secretPersistence"
        value="local"
        current={props.value}
        onSelect={props.onChange}
        label={t('persistence_local')}
      />
      <p id={hint} class="hint">
        {t('persistence_local_hint')}
      </p>
    </fieldset>
  );
}

interface PremiumChoiceProps {
  value: PremiumOverride;
  detectedPremium: boolean | null;
  onChange: (v: PremiumOverride) => void;
}

export function PremiumChoice({ value, detectedPremium, onChange }: PremiumChoiceProps) {
  const state = `${useId()}-state`;
  const slotsInUse = slotCount(effectivePremium({ premiumOverride: value, detectedPremium }));
  return (
    <fieldset class="choices" aria-describedby={state}>
      <legend>{t('premium_legend')}</legend>
      <Radio
        name="premiumOverride"
        value="auto"
        current={value}
        onSelect={onChange}
        label={t('premium_auto')}
      />
      <Radio name="premiumOverride" value="on" current={value} onSelect={onChange} label={t('premium_on')} />
      <Radio
        name="premiumOverride"
        value="off"
        current={value}
        onSelect={onChange}
        label={t('premium_off')}
      />
      <div id={state} class="hint">
        <p>{t('premium_detected', yesNoUnknown(detectedPremium))}</p>
        <p>{t('premium_slots', String(slotsInUse))}</p>
      </div>
    </fieldset>
  );
}

interface RadioProps<T extends string> {
  name: string;
  value: T;
  current: T;
  label: string;
  onSelect: (value: T) => void;
}

function Radio<T extends string>({ name, value, current, label, onSelect }: RadioProps<T>) {
  return (
    <label class="choice">
      <input
        type="radio"
        name={name}
        value={value}
        checked={value === current}
        onChange={() => onSelect(value)}
      />
      <span>{label}</span>
    </label>
  );
}
