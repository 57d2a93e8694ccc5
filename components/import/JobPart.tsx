/** The job the panel follows, with what can be done with it; a job started here takes the view. */
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { ErrorNotice } from '../ErrorNotice';
import { showResult } from '../in-view';
import { type PanelProps, namesOf } from './import-panel-model';
import { JobProgress } from './JobProgress';

export function JobPart({ model }: PanelProps) {
  const page = model.page.value;
  const { jobs } = model;
  const region = useRef<HTMLDivElement>(null);
  const job = jobs.job.value;
  const busy = jobs.busy.value;
  const error = jobs.actionError.value;
  const arrived = model.arrived.value;
  useEffect(() => {
    if (arrived) showResult(region.current);
  }, [arrived]);
  return (
    <>
      {error && <ErrorNotice error={error} />}
      {jobs.settledElsewhere.value && <p role="status">{t('conflict_alreadySettled')}</p>}
      {job && (
        <div class="import__job" ref={region} tabIndex={-1}>
          <JobProgress
            job={job}
            undoing={busy === 'undoing'}
            onUndo={job.kind === 'undo' ? undefined : model.undo}
            cancelling={busy === 'cancelling'}
            onCancel={jobs.cancel}
            resuming={busy === 'resuming'}
            onResume={jobs.resume}
            onResolve={jobs.resolve}
            onResolveAll={jobs.resolveAll}
            settling={busy === 'settling'}
            // A restore speaks of the backup; its Undo writes back, as an edit.
            voice={job.kind === 'restore' ? 'restore' : 'edit'}
            onClearWithPlaceholder={model.clearWithPlaceholder}
            {...namesOf(page)}
          />
        </div>
      )}
    </>
  );
}
