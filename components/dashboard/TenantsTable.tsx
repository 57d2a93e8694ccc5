/** Who rents which room, and when they last paid (with the scope building.tenants.activity). */
import { useId } from 'preact/hooks';
import type { Tenant } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import { relativeTime } from '../display-format';
import { exactUtc } from '../date-format';

export function TenantsTable({ tenants, now }: { tenants: Tenant[]; now: number }) {
  const captionId = useId();
  if (tenants.length === 0) return <p class="empty">{t('tenants_empty')}</p>;
  const withDates = tenants.some((tenant) => tenant.lastPayDate !== undefined);
  return (
    <>
      {!withDates && <p class="hint">{t('tenants_noActivity', 'building.tenants.activity')}</p>}
      <div class="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table class="table">
          <caption id={captionId}>{t('tenants_caption', String(tenants.length))}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tenants_room')}</th>
              <th scope="col">{t('tenants_name')}</th>
              {withDates && <th scope="col">{t('tenants_lastPay')}</th>}
            </tr>
          </thead>
          <tbody>
            {tenants.map((tenant) => (
              <tr key={tenant.roomId}>
                <th scope="row">{tenant.roomName}</th>
                <td>{tenant.tenantName}</td>
                {withDates && (
                  <td>
                    {tenant.lastPayDate === undefined ? (
                      '–'
                    ) : (
                      <time dateTime={tenant.lastPayDate} title={exactUtc(tenant.lastPayDate)}>
                        {Number.isNaN(Date.parse(tenant.lastPayDate))
                          ? tenant.lastPayDate
                          : relativeTime(Date.parse(tenant.lastPayDate), now)}
                      </time>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
