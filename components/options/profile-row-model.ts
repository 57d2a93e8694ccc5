/** What a profile row's steps bring back: the counts a sign-out asks about, and the last step's notice or error. */
import { createModel, signal } from '@preact/signals';
import type { Result } from '../../lib/api/errors';
import type { AppError } from '../../lib/app-error';
import type { ProfilesView } from '../../lib/messaging/protocol';
import type { ProfileActions } from './actions';
import type { ForgetCounts } from './ForgetDialog';

export const ProfileRowModel = createModel((actions: ProfileActions) => {
  /** null while they are being counted. */
  const counts = signal<ForgetCounts | null>(null);
  const error = signal<AppError | null>(null);
  const notice = signal('');
  return {
    counts,
    error,
    notice,
    /** Waits for a step; the profiles it left, or null when it failed (its error is shown). */
    async run(step: Promise<Result<ProfilesView, AppError>>, done = ''): Promise<ProfilesView | null> {
      error.value = null;
      const answer = await step;
      if (!answer.ok) {
        error.value = answer.error;
        return null;
      }
      notice.value = done;
      return answer.value;
    },
    /** Counts the drafts and the history a sign-out of the profile may take with it. */
    async count(profileId: string): Promise<void> {
      counts.value = null;
      const usage = await actions.storage(profileId);
      if (usage.ok)
        counts.value = {
          drafts: usage.value.families.draft?.count ?? 0,
          history: usage.value.families.history?.count ?? 0,
        };
      else error.value = usage.error;
    },
  };
});
