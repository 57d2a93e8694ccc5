/** Small text helpers shared by the views. */
import { t } from '../lib/i18n';

export { buildingName, factoryName } from '../lib/names';

/** yes / no / unknown, for premium and other three-valued facts. */
export function yesNoUnknown(value: boolean | null): string {
  if (value === true) return t('state_yes');
  if (value === false) return t('state_no');
  return t('state_unknown');
}
