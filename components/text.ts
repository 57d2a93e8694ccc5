/** Small text helpers shared by the views. */
import { t } from '../lib/i18n';
import type { FactoryListUnavailable } from '../lib/factories/discovery';

/** yes / no / unknown, for premium and other three-valued facts. */
export function yesNoUnknown(value: boolean | null): string {
  if (value === true) return t('state_yes');
  if (value === false) return t('state_no');
  return t('state_unknown');
}

/** Why the picker offers only factories added by hand. */
export function factoryListUnavailable(why: FactoryListUnavailable): string {
  if (why.reason === 'notFound') return t('factories_unavailable_notFound');
  if (why.reason === 'forbidden') return t('factories_unavailable_forbidden');
  return t('factories_unavailable_unexpected', why.detail);
}
