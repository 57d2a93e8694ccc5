/**
 * The account's factories as the picker shows them: the worker's factory list (GET /factory/list/,
 * kept per profile) merged by id with those added by hand. When the list is unavailable the reason
 * is said once per profile (lib/storage/factory-notice.ts), never as an error on every open.
 */
import { type ReadonlySignal, computed, signal } from '@preact/signals';
import type { FactoryListEntry } from '../../lib/api/schemas';
import type { FactoryListUnavailable, KnownFactory } from '../../lib/factories/discovery';
import { mergeFactories } from '../../lib/factories/discovery';
import type { Send } from '../../lib/messaging/client';
import { firstTimeUnavailable, forgetFactoryNotice } from '../../lib/storage/factory-notice';
import type { SavedFactory } from '../../lib/storage/targets';

export function createFactoryList(send: Send, profileId: string, added: ReadonlySignal<SavedFactory[]>) {
  const listed = signal<FactoryListEntry[]>([]);
  const loading = signal(true);
  /** Why only hand-added factories are offered; set only the first time for this profile. */
  const notice = signal<FactoryListUnavailable | null>(null);
  const all = computed<KnownFactory[]>(() => mergeFactories(listed.value, added.value));

  async function load(): Promise<void> {
    const answer = await send('listFactories', {});
    loading.value = false;
    if (!answer.ok) return;
    listed.value = answer.value.factories;
    const why = answer.value.unavailable;
    if (!why) return void (await forgetFactoryNotice(profileId).catch(() => undefined));
    const first = await firstTimeUnavailable(profileId, why.reason).catch(() => false);
    if (first) notice.value = why;
  }

  return { listed, loading, notice, all, load };
}

export type FactoryList = ReturnType<typeof createFactoryList>;
