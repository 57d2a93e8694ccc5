/** The building chosen last, shared by the popup, the dashboard tab and the side panel. */
import { storedItem } from '../storage/stored-item';
import { z } from '../zod';

export const lastBuildingItem = storedItem(
  'local',
  'dashboard.lastBuilding.v1',
  z.nullable(z.string()),
  () => null,
);
