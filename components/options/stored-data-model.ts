/** Clearing one family of a profile's stored data, and how it went. */
import { createModel, signal } from '@preact/signals';
import type { Result } from '../../lib/api/errors';
import type { AppError } from '../../lib/app-error';
import type { ClearableFamily, StorageUsage } from '../../lib/messaging/protocol';

export type ClearFamily = (family: ClearableFamily) => Promise<Result<StorageUsage, AppError>>;

export const StoredDataModel = createModel((onClear: ClearFamily) => {
  const error = signal<AppError | null>(null);
  const cleared = signal(false);
  return {
    error,
    cleared,
    async clear(family: ClearableFamily): Promise<void> {
      const answer = await onClear(family);
      if (answer.ok) cleared.value = true;
      else error.value = answer.error;
    },
  };
});
