/**
 * Per profile: the factories the user added (there is no factory list endpoint) and the current
 * target, shared by the dashboard and the slot views.
 */
import { Target } from '../api/schemas';
import { sameTarget } from '../slots/keys';
import { z } from '../zod';
import { storedFamily } from './family';

export const SavedFactory = z.object({ id: z.string().check(z.minLength(1)), name: z.string() });
export type SavedFactory = z.infer<typeof SavedFactory>;

export const Targets = z.object({ factories: z.array(SavedFactory), last: z.nullable(Target) });
export type Targets = z.infer<typeof Targets>;

export const targetsFamily = storedFamily('local', 'targets', Targets, {
  version: 1,
  migrations: { 1: (v) => v },
});

const empty = (): Targets => ({ factories: [], last: null });

export async function readTargets(profileId: string): Promise<Targets> {
  return (await targetsFamily.get(profileId)) ?? empty();
}

async function change(profileId: string, next: (current: Targets) => Targets): Promise<Targets> {
  const value = next(await readTargets(profileId));
  await targetsFamily.set(value, profileId);
  return value;
}

/** Adds or renames a factory (ids are unique) and makes it the current target. */
export function rememberFactory(profileId: string, factory: SavedFactory): Promise<Targets> {
  return change(profileId, (current) => ({
    factories: [...current.factories.filter((f) => f.id !== factory.id), factory],
    last: { kind: 'factory', id: factory.id },
  }));
}

export function forgetFactory(profileId: string, id: string): Promise<Targets> {
  return change(profileId, (current) => ({
    factories: current.factories.filter((f) => f.id !== id),
    last: sameTarget(current.last, { kind: 'factory', id }) ? null : current.last,
  }));
}

export async function rememberLast(profileId: string, last: Target): Promise<void> {
  await change(profileId, (current) => ({ ...current, last }));
}
