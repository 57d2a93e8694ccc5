/**
 * Per profile: the factories the user added by hand (beside those the factory list names). Stored under the
 * family name `targets`, which once held the current target too.
 */
import { z } from '../zod';
import { profileFamily } from './registry';
import { storedList } from './stored-item';

export const SavedFactory = z.object({ id: z.string().check(z.minLength(1)), name: z.string() });
export type SavedFactory = z.infer<typeof SavedFactory>;

export const Targets = z.object({ factories: storedList(SavedFactory) });
export type Targets = z.infer<typeof Targets>;

/** Version 2 keeps the factories only: the current target is its own item (current-target.ts). */
export const addedFactoriesFamily = profileFamily('targets', Targets, {
  version: 2,
  signOut: 'removed',
  bound: { boundedBy: 'one entry: the factories added by hand' },
  migrations: {
    1: (v) => v,
    2: (v) => ({ factories: (v as { factories?: unknown }).factories ?? [] }),
  },
});

export async function readFactories(profileId: string): Promise<SavedFactory[]> {
  return (await addedFactoriesFamily.get(profileId))?.factories ?? [];
}

async function change(
  profileId: string,
  next: (factories: SavedFactory[]) => SavedFactory[],
): Promise<SavedFactory[]> {
  const factories = next(await readFactories(profileId));
  await addedFactoriesFamily.set({ factories }, profileId);
  return factories;
}

/** Adds or renames a factory (ids are unique). */
export function rememberFactory(profileId: string, factory: SavedFactory): Promise<SavedFactory[]> {
  return change(profileId, (factories) => [...factories.filter((f) => f.id !== factory.id), factory]);
}

export function forgetFactory(profileId: string, id: string): Promise<SavedFactory[]> {
  return change(profileId, (factories) => factories.filter((f) => f.id !== id));
}
