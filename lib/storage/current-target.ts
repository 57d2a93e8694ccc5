/**
 * The one current target (a building or a factory) of each profile, shared by the dashboard, its
 * Slots tab, the side panel and the editor: choosing a building anywhere makes it current everywhere.
 */
import { Target } from '../api/schemas';
import { z } from '../zod';
import { profileFamily } from './registry';

export const currentTargetFamily = profileFamily('current', z.nullable(Target), {
  version: 1,
  signOut: 'removed',
  bound: { boundedBy: 'one entry: the current target' },
});

/** The profile's current target as one item: read, write, follow. */
export function currentTargetItem(profileId: string) {
  return {
    get: async () => (await currentTargetFamily.get(profileId)) ?? null,
    set: (target: Target | null) => currentTargetFamily.set(target, profileId),
    watch: (callback: (target: Target | null) => void) =>
      currentTargetFamily.watch(profileId, (_parts, value) => callback(value)),
  };
}
