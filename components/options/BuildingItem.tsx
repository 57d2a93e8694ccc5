/** One building as a list item. Every field is untrusted server text and is rendered as text. */
import type { BuildingListEntry } from '../../lib/api/schemas';
import { buildingName } from '../../lib/names';

export interface BuildingItemProps {
  building: BuildingListEntry;
}

export function BuildingItem({ building }: BuildingItemProps) {
  const place = [building.address, building.area].map((part) => part?.trim()).filter(Boolean);
  return (
    <li class="building">
      <span class="building__name">{buildingName(building)}</span>
      {place.length > 0 && <span class="building__place">{place.join(' · ')}</span>}
    </li>
  );
}
