/**
 * The backup file: every target the job read, each with all its slots (an empty slot as title ""
 * and data ""), built by the import format's own builder for documents with several targets.
 * Targets the job could not read (not owned, premium, failed) are not in it; the job's result names them.
 */
import type { PageOption } from '../api/schemas';
import { multiTargetDocument } from '../import/format-export';
import type { BackupJob } from '../storage/backup-jobs';

export function backupDocument(
  job: BackupJob,
  values: ReadonlyMap<string, Record<string, PageOption>>,
  now: Date,
) {
  const entries = job.targets
    .filter((t) => t.outcome === 'done')
    .map((t) => {
      const read = values.get(`${t.target.kind}:${t.target.id}`) ?? {};
      const slots = Array.from({ length: t.slots }, (_, i) => {
        const value = read[String(i + 1)];
        return {
          slot: i + 1,
          title: value?.title ?? '',
          data: value?.data ?? '',
          lastUpdated: value?.lastUpdated ?? null,
        };
      });
      return { target: t.target, ...(t.name ? { name: t.name } : {}), slots };
    });
  return multiTargetDocument(entries, now);
}
