/**
 * The account's factories as every picker shows them: the worker's factory list (GET
 * /factory/list/, kept per profile) merged by id with the factories the user added by hand. When
 * the list is unavailable the reason is said once per profile (lib/storage/factory-notice.ts),
 * never as an error on every open.
 */
import { computed, createModel, signal } from '@preact/signals';
import type { FactoryListEntry, Target } from '../../lib/api/schemas';
import type { AppError } from '../../lib/app-error';
import type { FactoryListUnavailable } from '../../lib/factories/discovery';
import { type KnownFactory, mergeFactories } from '../../lib/factories/merge';
import type { Send } from '../../lib/messaging/page-client';
import { sameTarget } from '../../lib/slots/keys';
import type { SavedFactory } from '../../lib/storage/added-factories';
import type { CurrentTarget } from './current-target';

/** The stored items (and zod with them) load after the page's first render. */
const storedFactories = () => import('../../lib/storage/added-factories');
const storedNotice = () => import('../../lib/storage/factory-notice');

interface FactoryListDeps {
  send: Send;
  profileId: string;
  current: CurrentTarget;
}

export const FactoryList = createModel(({ send, profileId, current }: FactoryListDeps) => {
  /** Added by hand. */
  const list = signal<SavedFactory[]>([]);
  /** From the API's factory list. */
  const listed = signal<FactoryListEntry[]>([]);
  /** Why only hand-added factories are offered; set only the first time for this profile. */
  const notice = signal<FactoryListUnavailable | null>(null);
  const all = computed<KnownFactory[]>(() => mergeFactories(listed.value, list.value));

  let discovering: Promise<void> | null = null;
  async function ask(): Promise<void> {
    const answer = await send('listFactories', {});
    if (!answer.ok) return;
    listed.value = answer.value.factories;
    const why = answer.value.unavailable;
    const notices = await storedNotice();
    if (!why) return void (await notices.forgetFactoryNotice(profileId).catch(() => undefined));
    if (await notices.firstTimeUnavailable(profileId, why.reason).catch(() => false)) notice.value = why;
  }

  return {
    list,
    listed,
    notice,
    all,
    /** The factories added by hand (every page: the current target may be one). */
    async load(): Promise<void> {
      const stored = await (await storedFactories()).readFactories(profileId).catch(() => null);
      if (stored) list.value = stored;
    },
    /** Asks the worker for the factory list, once per page: only views with a target picker need it. */
    discover(): Promise<void> {
      return (discovering ??= ask());
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
});

export type FactoryList = InstanceType<typeof FactoryList>;
