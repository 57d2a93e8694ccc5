/** `n/max` for one field, with a warning near the limit and a refusal above it. */
import { t } from '../../lib/i18n';
import { type SlotField, measure } from '../../lib/slots/validate';

export function Counter({ id, field, text }: { id: string; field: SlotField; text: string }) {
  const { count, max, level } = measure(field, text);
  return (
    <span id={id} class={`counter counter--${level}`}>
      <span aria-hidden="true">
        {count}/{max}
      </span>
      <span class="visually-hidden">{t('slot_counter_label', [String(count), String(max)])}</span>
      {level === 'near' && <span class="counter__note"> {t('slot_near')}</span>}
      {level === 'over' && <span class="counter__note"> {t('slot_over', String(count - max))}</span>}
    </span>
  );
}
