import { t } from '../../lib/i18n';
import { capProblems } from '../../lib/import/format-problems';

/** The first problems one by one, then how many more: a document cannot flood the page. */
export function ProblemList({ problems }: { problems: readonly { path: string; message: string }[] }) {
  const { shown, more } = capProblems(problems);
  return (
    <ul class="import__problems" aria-label={t('import_problemsList')}>
      {shown.map((problem, index) => (
        <li key={index}>
          <code>{problem.path}</code>: {problem.message}
        </li>
      ))}
      {more > 0 && <li>{t('import_moreProblems', String(more))}</li>}
    </ul>
  );
}
