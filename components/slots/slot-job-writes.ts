/**
 * An edited slot and the extension's own jobs (issue 33, finding 7): what a job of this extension
 * wrote into the slot (from any tab, an Undo too) is no other writer's change, so the edit's save
 * expects that value from then on. Another writer's change stays a conflict.
 */
import type { Target } from '../../lib/api/schemas';
import { writtenInTarget } from '../../lib/jobs/document-job';
import { type Job, jobFamily } from '../../lib/storage/jobs';
import type { SlotModel } from './slot-model';

/** Moves the start of each edited slot `job` wrote; true when it moved any. */
export function adoptJobWrites(models: readonly SlotModel[], target: Target, job: Job): boolean {
  let moved = false;
  for (const [option, value] of writtenInTarget(job, target)) {
    const model = models.find((m) => m.option.value === option);
    if (!model || !model.dirty.value || model.saving.value) continue;
    model.start.value = { title: value.title, data: value.data };
    moved = true;
  }
  return moved;
}

/** Follows the jobs that end after `since` (each once), for the slots shown. */
export function followJobWrites(
  profileId: string,
  models: readonly SlotModel[],
  target: Target,
  since: number,
): () => void {
  const seen = new Set<string>();
  return jobFamily.watch(profileId, (_parts, job) => {
    if (!job || job.createdAt < since || seen.has(job.id)) return;
    if (job.state === 'running' || job.state === 'paused') return;
    seen.add(job.id);
    adoptJobWrites(models, target, job);
  });
}
