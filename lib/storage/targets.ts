/** The factories the user added (there is no factory list endpoint) and the last target used. */
import { Target } from '../api/schemas';
import { sameTarget } from '../slots/keys';
import { z } from '../zod';
import { storedItem } from './stored-item';

export const SavedFactory = z.object({ id: z.string().check(z.minLength(1)), name: z.string() });
export type SavedFactory = z.infer<typeof SavedFactory>;

export const Targets = z.object({ factories: z.array(SavedFactory), last: z.nullable(Target) });
export type Targets = z.infer<typeof Targets>;

export const targetsItem = storedItem('local', 'targets.v1', Targets, () => ({ factories: [], last: null }));

/** Adds or renames a factory (ids are unique) and makes it the last target. */
export async function rememberFactory(factory: SavedFactory): Promise<Targets> {
  const current = await targetsItem.get();
  const next: Targets = {
    factories: [...current.factories.filter((f) => f.id !== factory.id), factory],
    last: { kind: 'factory', id: factory.id },
  };
  await targetsItem.set(next);
  return next;
}

export async function forgetFactory(id: string): Promise<Targets> {
  const current = await targetsItem.get();
  const next: Targets = {
    factories: current.factories.filter((f) => f.id !== id),
    last: sameTarget(current.last, { kind: 'factory', id }) ? null : current.last,
  };
  await targetsItem.set(next);
  return next;
}

export async function rememberLast(last: Target): Promise<void> {
  await targetsItem.set({ ...(await targetsItem.get()), last });
}
