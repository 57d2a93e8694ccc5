/** A finished job's slots in conflict: found holding something else than the user was shown. */
import type { PageOption } from '../../lib/api/schemas';
import type { JobItem } from '../../lib/storage/jobs';

export type InConflict = JobItem & { conflict: PageOption };

export const conflictsOf = (items: readonly JobItem[]): InConflict[] =>
  items.filter((item): item is InConflict => item.status === 'conflict' && item.conflict !== undefined);
