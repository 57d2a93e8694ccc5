/** The factories the user added to the profile (there is no factory list endpoint). */
import { signal } from '@preact/signals';
import type { Target } from '../../lib/api/schemas';
import type { AppError } from '../../lib/app-error';
import type { Send } from '../../lib/messaging/client';
import { sameTarget } from '../../lib/slots/keys';
import type { SavedFactory } from '../../lib/storage/factories';
import type { CurrentTarget } from './current-target';

/** The stored item (and zod with it) loads after the page's first render. */
const storedFactories = () => import('../../lib/storage/factories');

interface FactoryListDeps {
  send: Send;
  profileId: string;
  current: CurrentTarget;
}

export function createFactoryList({ send, profileId, current }: FactoryListDeps) {
  const list = signal<SavedFactory[]>([]);
  return {
    list,
    async load(): Promise<void> {
      const stored = await (await storedFactories()).readFactories(profileId).catch(() => null);
      if (stored) list.value = stored;
    },
    /** Adds a factory once the worker could read its first slot; it becomes the current target. */
    async add(id: string, name: string): Promise<AppError | null> {
      const factory: Target = { kind: 'factory', id };
      const check = await send('readOption', { target: factory, option: 1 });
      if (!check.ok) return check.error;
      list.value = await (await storedFactories()).rememberFactory(profileId, { id, name });
      current.choose(factory);
      return null;
    },
    async remove(id: string): Promise<void> {
      list.value = await (await storedFactories()).forgetFactory(profileId, id);
      if (sameTarget(current.target.value, { kind: 'factory', id })) current.choose(null);
    },
  };
}

export type FactoryList = ReturnType<typeof createFactoryList>;
