/**
 * The character's buildings as a list of choices, searchable when there are more than five. The
 * chosen building is marked with aria-current; every field is server text rendered as text.
 */
import { useId, useState } from 'preact/hooks';
import type { BuildingListEntry } from '../../lib/api/schemas';
import { describeError, needsSettings } from '../../lib/describe-error';
import { t } from '../../lib/i18n';
import type { Loadable } from '../../lib/loadable';
import { ErrorNotice } from '../ErrorNotice';
import { buildingName } from '../text';

export const SEARCH_THRESHOLD = 5;

export interface BuildingPickerProps {
  state: Loadable<BuildingListEntry[]>;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onRetry: () => void;
  onOpenSettings: () => void;
}

const placeOf = (b: BuildingListEntry) =>
  [b.address, b.area]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' · ');

export function BuildingPicker({
  state,
  selectedId,
  onSelect,
  onRetry,
  onOpenSettings,
}: BuildingPickerProps) {
  const headingId = useId();
  const searchId = useId();
  const [query, setQuery] = useState('');

  let body;
  if (state.status === 'loading') {
    body = (
      <ul class="picker skeleton" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} class="picker__item">
            <span class="skeleton__line skeleton__line--wide" />
          </li>
        ))}
      </ul>
    );
  } else if (state.status === 'error' || state.status === 'notPremium') {
    const error = state.status === 'error' ? state.error : null;
    body =
      error?.kind === 'notConfigured' ? (
        <section class="setup">
          <p class="setup__title">{t('popup_setup')}</p>
          <p class="hint">{describeError(error).detail}</p>
          <div class="actions">
            <button type="button" class="button button--primary" onClick={onOpenSettings}>
              {t('action_openSettings')}
            </button>
          </div>
        </section>
      ) : error ? (
        <ErrorNotice
          error={error}
          onRetry={onRetry}
          onOpenSettings={needsSettings(error) ? onOpenSettings : undefined}
        />
      ) : null;
  } else if (state.value.length === 0) {
    body = <p class="empty">{t('buildings_empty')}</p>;
  } else {
    const needle = query.trim().toLocaleLowerCase();
    const shown = needle
      ? state.value.filter((b) =>
          [buildingName(b), b.address, b.area, b.id].some((v) => v?.toLocaleLowerCase().includes(needle)),
        )
      : state.value;
    body = (
      <>
        {state.value.length > SEARCH_THRESHOLD && (
          <div class="field picker__search">
            <label for={searchId}>{t('picker_search')}</label>
            <input
              id={searchId}
              type="search"
              value={query}
              onInput={(e) => setQuery(e.currentTarget.value)}
            />
          </div>
        )}
        <ul class="picker" aria-labelledby={headingId}>
          {shown.map((b) => {
            const place = placeOf(b);
            return (
              <li key={b.id} class="picker__item">
                <button
                  type="button"
                  class="picker__choice"
                  aria-current={b.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(b.id)}
                >
                  <span class="building__name">{buildingName(b)}</span>
                  {place && <span class="building__place">{place}</span>}
                </button>
              </li>
            );
          })}
        </ul>
        {shown.length === 0 && <p class="empty">{t('picker_noMatch', query.trim())}</p>}
      </>
    );
  }

  return (
    <nav
      class="picker-nav"
      aria-labelledby={headingId}
      aria-busy={state.status === 'loading' ? 'true' : 'false'}
    >
      <h2 id={headingId} class="picker__heading">
        {t('popup_heading')}
      </h2>
      <p role="status" class="visually-hidden">
        {state.status === 'loading' ? t('popup_loading') : ''}
      </p>
      {body}
    </nav>
  );
}
