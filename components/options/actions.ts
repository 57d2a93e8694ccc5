/** What the profiles section may ask of the worker; the page passes these in (views make no calls). */
import type { Result } from '../../lib/api/errors';
import type { ProfilesView, StorageUsage } from '../../lib/messaging/protocol';
import type { AppError } from '../../lib/app-error';

type Answer<T> = Promise<Result<T, AppError>>;

export interface ProfileActions {
  activate(id: string): Answer<ProfilesView>;
  updateMeta(id: string, name: string, color: string): Answer<ProfilesView>;
  duplicate(id: string): Answer<ProfilesView>;
  remove(id: string): Answer<ProfilesView>;
  forget(id: string, deleteDraftsAndHistory: boolean): Answer<ProfilesView>;
  storage(id: string): Answer<StorageUsage>;
}
