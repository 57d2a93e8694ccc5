/**
 * The one way a building or factory is named in the UI. The live service's building list may carry
 * only `id` (24 hex characters) and `hash` (e.g. `PillboxHill_Flat_15`), so a name comes from the
 * label when known, else from the hash made readable, and never from a bare 24-hex id.
 */
import { t } from './i18n';

export interface NamedBuilding {
  id: string;
  hash?: string;
  label?: string;
  name?: string;
}

/** `PillboxHill_Flat_15` → `Pillbox Hill Flat 15`; `haus-muellerstrasse` → `haus muellerstrasse`. */
export function readableHash(hash: string): string {
  return hash
    .replace(/[_\-.]+/g, ' ')
    .replace(/([a-zäöüß])([A-ZÄÖÜ])/g, '$1 $2')
    .replace(/([A-Za-zÄÖÜäöüß])(\d)/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim();
}

const HEX_ID = /^[0-9a-f]{24}$/i;

/** A long hex id shortened to its last 6 characters (`…0003e9`); other ids as they are. */
export function shortId(id: string): string {
  return HEX_ID.test(id) ? `…${id.slice(-6)}` : id;
}

/** The label (or name), else the readable hash, else "Building …0003e9". */
export function buildingName(building: NamedBuilding): string {
  const known = building.label?.trim() || building.name?.trim() || readableHash(building.hash ?? '');
  return known || t('building_fallback', shortId(building.id));
}

/** The name given when the factory was added, else "Factory …0001f5". */
export function factoryName(factory: { id: string; name?: string }): string {
  return factory.name?.trim() || t('slots_factory_fallback', shortId(factory.id));
}
