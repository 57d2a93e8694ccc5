/**
 * The rooms of a building: sortable by rent and by occupancy, filtered to free or occupied rooms.
 * The interior picture appears when premium provides its URL; otherwise a neutral placeholder.
 */
import { useId, useState } from 'preact/hooks';
import type { Room } from '../../lib/api/schemas';
import { type MessageKey, t } from '../../lib/i18n';
import { formatAmount, formatNumber } from '../format';

type SortKey = 'name' | 'rent' | 'occupied';
type Filter = 'all' | 'free' | 'occupied';

const isImageUrl = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

function compare(a: Room, b: Room, key: SortKey): number {
  if (key === 'rent') return a.rent - b.rent;
  if (key === 'occupied') return Number(a.occupied) - Number(b.occupied);
  return 0;
}

export function RoomsTable({ rooms, premium }: { rooms: Room[]; premium: boolean | null }) {
  const [sort, setSort] = useState<{ key: SortKey; dir: 1 | -1 }>({ key: 'name', dir: 1 });
  const [filter, setFilter] = useState<Filter>('all');
  const captionId = useId();
  if (rooms.length === 0) return <p class="empty">{t('rooms_empty')}</p>;

  const shown = rooms
    .filter((r) => filter === 'all' || (filter === 'free') === !r.occupied)
    .map((room, index) => ({ room, index }))
    .sort((a, b) => compare(a.room, b.room, sort.key) * sort.dir || a.index - b.index)
    .map(({ room }) => room);
  const noPictures = premium === false && rooms.every((r) => r.interiorImage === null);

  const sortHeader = (key: SortKey, labelKey: MessageKey) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.dir === 1 ? 'ascending' : 'descending') : undefined}>
        <button
          type="button"
          class="sort"
          onClick={() => setSort({ key, dir: active ? (sort.dir === 1 ? -1 : 1) : 1 })}
        >
          {t(labelKey)}
          <span aria-hidden="true">{active ? (sort.dir === 1 ? ' ▲' : ' ▼') : ' ↕'}</span>
        </button>
      </th>
    );
  };

  return (
    <>
      <fieldset class="filter">
        <legend>{t('rooms_filter')}</legend>
        {(['all', 'free', 'occupied'] as const).map((value) => (
          <label key={value} class="choice">
            <input
              type="radio"
              name="rooms-filter"
              value={value}
              checked={filter === value}
              onChange={() => setFilter(value)}
            />
            <span>{t(`filter_${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {noPictures && <p class="hint">{t('rooms_picturesPremium')}</p>}
      <div class="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table class="table">
          <caption id={captionId}>{t('rooms_caption', [String(shown.length), String(rooms.length)])}</caption>
          <thead>
            <tr>
              <th scope="col">{t('rooms_name')}</th>
              {sortHeader('rent', 'rooms_rent')}
              {sortHeader('occupied', 'rooms_occupied')}
              <th scope="col">{t('rooms_interior')}</th>
              <th scope="col" class="num">
                {t('rooms_inventory')}
              </th>
              <th scope="col" class="num">
                {t('rooms_kitchen')}
              </th>
              <th scope="col" class="num">
                {t('rooms_wardrobe')}
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((room) => (
              <tr key={room.id}>
                <th scope="row">{room.name}</th>
                <td class="num">{formatAmount(room.rent)}</td>
                <td>
                  <span class={room.occupied ? 'badge badge--occupied' : 'badge badge--free'}>
                    {t(room.occupied ? 'state_occupied' : 'state_free')}
                  </span>
                </td>
                <td>
                  <span class="interior">
                    {isImageUrl(room.interiorImage) ? (
                      <img
                        class="thumb"
                        src={room.interiorImage}
                        alt=""
                        width={32}
                        height={32}
                        loading="lazy"
                        referrerpolicy="no-referrer"
                      />
                    ) : (
                      <span class="thumb thumb--none" role="img" aria-label={t('rooms_noPicture')} />
                    )}
                    <span>{room.interior}</span>
                  </span>
                </td>
                <td class="num">{formatNumber(room.interiorDetails.inventoryCapacity)}</td>
                <td class="num">{formatNumber(room.interiorDetails.kitchenCapacity)}</td>
                <td class="num">{formatNumber(room.interiorDetails.wardrobeCapacity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && <p class="empty">{t('rooms_filteredEmpty')}</p>}
    </>
  );
}
