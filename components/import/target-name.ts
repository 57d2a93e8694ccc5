/** How an import's target is named to the user, and whether it is one of the account's buildings. */
import type { BuildingListEntry, Target } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import { buildingName } from '../text';

export interface NamedTarget {
  /** The building's name when listed, else "Building <id>" / "Factory <id>". */
  label: string;
  /** False only for a building missing from a loaded list; factories are not listed by the API. */
  listed: boolean;
}

export function nameTarget(target: Target, buildings: readonly BuildingListEntry[] | null): NamedTarget {
  const fallback = t(target.kind === 'factory' ? 'import_targetFactory' : 'import_targetBuilding', target.id);
  if (target.kind === 'factory' || buildings === null) return { label: fallback, listed: true };
  const found = buildings.find((b) => b.id === target.id);
  return found ? { label: buildingName(found), listed: true } : { label: fallback, listed: false };
}
