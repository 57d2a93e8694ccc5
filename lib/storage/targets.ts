/** The factories the user added (there is no factory list endpoint). */
import { z } from '../zod';
import { storedItem } from './stored-item';

export const SavedFactory = z.object({ id: z.string().check(z.minLength(1)), name: z.string() });
export type SavedFactory = z.infer<typeof SavedFactory>;

/** The target last used is no longer kept here but in `currentTargetItem` (lib/storage/current-target.ts). */
export const Targets = z.object({ factories: z.array(SavedFactory) });
export type Targets = z.infer<typeof Targets>;

export const targetsItem = storedItem('local', 'targets.v1', Targets, () => ({ factories: [] }));

/** Adds or renames a factory (ids are unique). */
export async function rememberFactory(factory: SavedFactory): Promise<Targets> {
  const current = await targetsItem.get();
  const next: Targets = { factories: [...current.factories.filter((f) => f.id !== factory.id), factory] };
  await targetsItem.set(next);
  return next;
}

export async function forgetFactory(id: string): Promise<Targets> {
  const current = await targetsItem.get();
  const next: Targets = { factories: current.factories.filter((f) => f.id !== id) };
  await targetsItem.set(next);
  return next;
}
