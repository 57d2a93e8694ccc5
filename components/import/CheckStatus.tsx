/** Where the check of a document stands: being checked, failed, or the problems found in it. */
import { t } from '../../lib/i18n';
import { ErrorNotice } from '../ErrorNotice';
import { ProblemList } from './ProblemList';
import type { Check } from './import-check-model';

export function CheckStatus({ check }: { check: Check }) {
  if (check.status === 'checking')
    return (
      <p class="hint" role="status">
        {t('import_checking')}
      </p>
    );
  if (check.status === 'error') return <ErrorNotice error={check.error} />;
  if (check.status === 'problems')
    return (
      <div class="notice notice--error" role="alert">
        <p class="notice__title">{t('import_problems', String(check.problems.length))}</p>
        <ProblemList problems={check.problems} />
      </div>
    );
  return null;
}
