/** A building's master data and its occupancy as a bar with numbers. */
import type { Building } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import { formatNumber } from '../display-format';

export function Occupancy({ total, occupied, free }: { total: number; occupied: number; free: number }) {
  const share = total > 0 ? Math.min(100, Math.max(0, (occupied / total) * 100)) : 0;
  const label = t('occupancy_label', [String(occupied), String(total), String(free)]);
  return (
    <div class="occupancy">
      <div class="occupancy__bar" role="img" aria-label={label}>
        <span class="occupancy__fill" style={{ width: `${share}%` }} />
      </div>
      <dl class="occupancy__numbers">
        <div>
          <dt>{t('occupancy_occupied')}</dt>
          <dd>{formatNumber(occupied)}</dd>
        </div>
        <div>
          <dt>{t('occupancy_free')}</dt>
          <dd>{formatNumber(free)}</dd>
        </div>
        <div>
          <dt>{t('occupancy_total')}</dt>
          <dd>{formatNumber(total)}</dd>
        </div>
        <div>
          <dt>{t('occupancy_share')}</dt>
          <dd>{formatNumber(Math.round(share))} %</dd>
        </div>
      </dl>
    </div>
  );
}

export function DetailsCard({ building }: { building: Building }) {
  return (
    <div class="details">
      <p class="details__title">{t('details_of', building.label)}</p>
      <Occupancy total={building.totalRooms} occupied={building.occupiedRooms} free={building.freeRooms} />
      <dl class="facts">
        <div>
          <dt>{t('details_address')}</dt>
          <dd>{building.address}</dd>
        </div>
        <div>
          <dt>{t('details_area')}</dt>
          <dd>{building.area}</dd>
        </div>
        <div>
          <dt>{t('details_price')}</dt>
          {/* The spec's price is an integer in a currency it does not name: the number, no unit invented. */}
          <dd>{formatNumber(building.price)}</dd>
        </div>
        <div>
          <dt>{t('details_garage')}</dt>
          <dd>{formatNumber(building.garageSlots)}</dd>
        </div>
      </dl>
    </div>
  );
}
