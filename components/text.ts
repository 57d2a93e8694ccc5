/** Small text helpers shared by the views. */
import type { BuildingListEntry } from '../lib/api/schemas';
import { t } from '../lib/i18n';

/** yes / no / unknown, for premium and other three-valued facts. */
export function yesNoUnknown(value: boolean | null): string {
  if (value === true) return t('state_yes');
  if (value === false) return t('state_no');
  return t('state_unknown');
}

/** The name a person knows a building by: its label, else its name, else its id. */
export function buildingName(entry: BuildingListEntry): string {
  const name = entry.label?.trim() || entry.name?.trim();
  return name || t('building_fallback', entry.id);
}
