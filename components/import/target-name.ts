/** How an import's target is named to the user, and whether it is one of the account's buildings. */
import type { BuildingListEntry, Target } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import { buildingName, factoryName } from '../../lib/names';

export interface NamedTarget {
  /** The building's name when listed, else "Building <id>" / "Factory <id>". */
  label: string;
  /** False only for a building missing from a loaded list (a factory may be added by hand). */
  listed: boolean;
}

export function nameTarget(
  target: Target,
  buildings: readonly BuildingListEntry[] | null,
  factories: readonly { id: string; name: string }[] = [],
): NamedTarget {
  const fallback = t(target.kind === 'factory' ? 'import_targetFactory' : 'import_targetBuilding', target.id);
  if (target.kind === 'factory') {
    // The factory list may be missing (no endpoint, no scope): a factory is never flagged as unlisted.
    const factory = factories.find((f) => f.id === target.id);
    return { label: factory ? factoryName(factory) : fallback, listed: true };
  }
  if (buildings === null) return { label: fallback, listed: true };
  const found = buildings.find((b) => b.id === target.id);
  return found ? { label: buildingName(found), listed: true } : { label: fallback, listed: false };
}
