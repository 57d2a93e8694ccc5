/**
 * The page's one picker: the character's buildings, then its factories (listed or added by hand),
 * as lists of choices, searchable when there are more than five. The current choice is marked with
 * aria-current; every field is server text rendered as text.
 */
import { useId, useState } from 'preact/hooks';
import type { BuildingListEntry } from '../../lib/api/schemas';
import { describeError, needsSettings } from '../describe-error';
import { t } from '../../lib/i18n';
import type { Loadable } from '../../lib/loadable';
import { ErrorNotice } from '../ErrorNotice';
import type { KnownFactory } from '../../lib/factories/merge';
import { buildingName, factoryName } from '../../lib/names';

export const SEARCH_THRESHOLD = 5;

export interface BuildingPickerProps {
  state: Loadable<BuildingListEntry[]>;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onRetry: () => void;
  onOpenSettings: () => void;
  /** The account's factories (slots only), and the one current when a factory is. */
  factories?: readonly KnownFactory[];
  factoryId?: string | null;
  onSelectFactory?: (id: string) => void;
  onRemoveFactory?: (id: string) => void;
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
  factories = [],
  factoryId = null,
  onSelectFactory,
  onRemoveFactory,
}: BuildingPickerProps) {
  const headingId = useId();
  const factoriesId = useId();
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
    const matches = (...values: (string | null | undefined)[]) =>
      !needle || values.some((v) => v?.toLocaleLowerCase().includes(needle));
    const shown = state.value.filter((b) => matches(buildingName(b), b.address, b.area, b.id));
    const shownFactories = onSelectFactory ? factories.filter((f) => matches(factoryName(f), f.id)) : [];
    body = (
      <>
        {state.value.length + shownFactories.length > SEARCH_THRESHOLD && (
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
                  aria-current={b.id === selectedId && factoryId === null ? 'true' : undefined}
                  onClick={() => onSelect(b.id)}
                >
                  <span class="building__name">{buildingName(b)}</span>
                  {place && (
                    <span class="building__place" title={place}>
                      {place}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        {shownFactories.length > 0 && (
          <>
            <h3 id={factoriesId} class="picker__heading picker__heading--sub">
              {t('slots_factories')}
            </h3>
            <ul class="picker" aria-labelledby={factoriesId}>
              {shownFactories.map((f) => {
                const name = factoryName(f);
                return (
                  <li key={f.id} class="picker__item picker__item--factory">
                    <button
                      type="button"
                      class="picker__choice"
                      aria-current={f.id === factoryId ? 'true' : undefined}
                      onClick={() => onSelectFactory?.(f.id)}
                    >
                      <span class="building__name">{name}</span>
                    </button>
                    {f.added && !f.listed && onRemoveFactory && (
                      <button
                        type="button"
                        class="button button--quiet"
                        aria-label={t('slots_removeFactory', name)}
                        onClick={() => onRemoveFactory(f.id)}
                      >
                        ×
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {shown.length + shownFactories.length === 0 && (
          <p class="empty">{t('picker_noMatch', query.trim())}</p>
        )}
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
