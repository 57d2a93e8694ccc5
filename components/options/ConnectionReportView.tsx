/** What "Test connection" found: the buildings, the scopes that seem missing, premium. */
import { useId } from 'preact/hooks';
import type { Scope } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import type { ConnectionReport } from '../../lib/messaging/protocol';
import { BuildingItem } from './BuildingItem';
import { factoryListUnavailable, yesNoUnknown } from '../text';

export interface ConnectionReportViewProps {
  report: ConnectionReport;
}

function ScopeList({ scopes }: { scopes: Scope[] }) {
  return (
    <ul class="scope-list">
      {scopes.map((scope) => (
        <li key={scope}>
          <code>{scope}</code>
        </li>
      ))}
    </ul>
  );
}

function FactoryCount({ report }: ConnectionReportViewProps) {
  const { factories } = report;
  if ('count' in factories) return <h3>{t('report_factories', String(factories.count))}</h3>;
  return <p>{factoryListUnavailable(factories)}</p>;
}

export function ConnectionReportView({ report }: ConnectionReportViewProps) {
  const headingId = useId();
  return (
    <section class="report" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('report_heading')}</h2>
      <p>{t('report_premium', yesNoUnknown(report.premium))}</p>

      <h3>{t('report_buildings', String(report.buildings.length))}</h3>
      {report.buildings.length > 0 ? (
        <ul class="building-list">
          {report.buildings.map((building) => (
            <BuildingItem key={building.id} building={building} />
          ))}
        </ul>
      ) : (
        <p>{t('buildings_empty')}</p>
      )}

      <FactoryCount report={report} />

      <h3>{t('report_missing')}</h3>
      {report.missingScopes.length > 0 ? (
        <ScopeList scopes={report.missingScopes} />
      ) : (
        <p>{t('report_noneMissing')}</p>
      )}

      {report.uncheckedScopes.length > 0 && (
        <>
          <h3>{t('report_unchecked')}</h3>
          <p class="hint">{t('report_unchecked_hint')}</p>
          <ScopeList scopes={report.uncheckedScopes} />
        </>
      )}
    </section>
  );
}
