/**
 * What an account produced, removed when it leaves a profile: on a sign-out, and when the profile's
 * token or address is saved for another account (nothing of one account is shown under another).
 * Which stored families stay is said by their declarations (lib/storage/registry.ts) and the caller.
 */
import { familyOfKey, removeProfileKeys } from '../storage/family';
import { dropFirstView, withFirstView } from '../storage/first-view';
import { dropPortfolio } from '../portfolio/table-store';
import { type WorkerDeps, endAccountRequests } from '../connection';
import { stopProfileJobs } from '../jobs/kinds';

/**
 * Every queued or running request of the account ends, unsent or unanswered, and its jobs and
 * backup stop, before its stored values go: none lands afterwards. `keep` names the families kept.
 */
export async function removeAccountData(
  deps: WorkerDeps,
  profileId: string,
  keep: (family: string) => boolean,
): Promise<void> {
  endAccountRequests(profileId);
  await stopProfileJobs(deps, profileId);
  // Inside the table's write queue: a refresh under way writes no row back.
  await dropPortfolio(profileId);
  const kept = (key: string) => keep(familyOfKey(key) ?? '');
  // With its first view, inside the first view's turn: no compose writes back what was removed.
  await withFirstView(async () => {
    await removeProfileKeys('local', profileId, kept);
    await removeProfileKeys('session', profileId, kept);
    await dropFirstView(profileId);
  });
}
