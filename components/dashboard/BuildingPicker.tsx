/**
 * The page's one picker: the character's buildings, then its factories (listed or added by hand),
 * as lists of choices (PickerLists.tsx), searchable when there are more than five.
 */
import { useId, useState } from 'preact/hooks';
import type { BuildingListEntry } from '../../lib/api/schemas';
import { describeError, needsSettings } from '../describe-error';
import { t } from '../../lib/i18n';
import type { Loadable } from '../../lib/loadable';
import { ErrorNotice } from '../ErrorNotice';
import type { KnownFactory } from '../../lib/factories/merge';
import { buildingName, factoryName } from '../../lib/names';
import { PickerLists } from './PickerLists';

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
        <PickerLists
          headingId={headingId}
          buildings={shown}
          factories={shownFactories}
          selectedId={selectedId}
          factoryId={factoryId}
          onSelect={onSelect}
          onSelectFactory={onSelectFactory}
          onRemoveFactory={onRemoveFactory}
        />
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
