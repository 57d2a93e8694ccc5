/** What Save or Test came to: a status line, a failure or refused permission, or the connection report. */
import { t } from '../../lib/i18n';
import { ConnectionReportView } from './ConnectionReportView';
import { ErrorNotice } from '../ErrorNotice';
import type { Outcome } from './settings-form-model';

export function FormOutcome({ outcome }: { outcome: Outcome }) {
  const statusText =
    outcome.kind === 'busy'
      ? t(outcome.action === 'save' ? 'status_saving' : 'status_testing')
      : outcome.kind === 'saved'
        ? t('status_saved')
        : '';
  return (
    <>
      <p role="status" class={statusText ? 'status' : 'status status--empty'}>
        {statusText}
      </p>
      {outcome.kind === 'failed' && <ErrorNotice error={outcome.error} />}
      {outcome.kind === 'refused' && (
        <ErrorNotice
          error={{
            title: t('permission_refused_title'),
            detail: t(
              outcome.action === 'save' ? 'permission_refused_save' : 'permission_refused_test',
              outcome.origin,
            ),
          }}
        />
      )}
      {outcome.kind === 'tested' && <ConnectionReportView report={outcome.report} />}
    </>
  );
}
