/**
 * The rooms of a building: sortable by rent and by occupancy, filtered to free or occupied rooms.
 * The interior picture appears when premium provides its URL; otherwise, or when it fails to load,
 * a neutral placeholder. The three capacities sit under the interior's name, so the table fits a
 * 400-px popup without scrolling sideways.
 */
import { useId, useState } from 'preact/hooks';
import type { Room } from '../../lib/api/schemas';
import { type MessageKey, t } from '../../lib/i18n';
import { formatAmount, formatNumber } from '../display-format';

type SortKey = 'name' | 'rent' | 'occupied';
type Filter = 'all' | 'free' | 'occupied';

const isImageUrl = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

function compare(a: Room, b: Room, key: SortKey): number {
  if (key === 'rent') return a.rent - b.rent;
  if (key === 'occupied') return Number(a.occupied) - Number(b.occupied);
  return 0;
}

/** The picture, or the placeholder when there is none or it cannot be loaded (never a broken image). */
function InteriorPicture({ url }: { url: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!isImageUrl(url) || failed === url)
    return <span class="thumb thumb--none" role="img" aria-label={t('rooms_noPicture')} />;
  return (
    <img
      class="thumb"
      src={url}
      alt=""
      width={32}
      height={32}
      loading="lazy"
      referrerpolicy="no-referrer"
      onError={() => setFailed(url)}
    />
  );
}

function Capacities({ room }: { room: Room }) {
  const { inventoryCapacity, kitchenCapacity, wardrobeCapacity } = room.interiorDetails;
  const items: [MessageKey, number][] = [
    ['rooms_inventory', inventoryCapacity],
    ['rooms_kitchen', kitchenCapacity],
    ['rooms_wardrobe', wardrobeCapacity],
  ];
  return (
    <dl class="capacities">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
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
        <table class="table table--rooms">
          <caption id={captionId}>{t('rooms_caption', [String(shown.length), String(rooms.length)])}</caption>
          <thead>
            <tr>
              <th scope="col">{t('rooms_name')}</th>
              {sortHeader('rent', 'rooms_rent')}
              {sortHeader('occupied', 'rooms_occupied')}
              <th scope="col">{t('rooms_interior')}</th>
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
                    <InteriorPicture url={room.interiorImage} />
                    <span class="interior__text">
                      <span>{room.interior}</span>
                      <Capacities room={room} />
                    </span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && <p class="empty">{t('rooms_filteredEmpty')}</p>}
    </>
  );
}
