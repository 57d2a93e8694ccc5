/** The popup's view: the character's buildings, or why they cannot be shown and what to do. */
import { useId } from 'preact/hooks';
import type { BuildingListEntry } from '../lib/api/schemas';
import { describeError, needsSettings } from '../lib/describe-error';
import { t } from '../lib/i18n';
import type { AppError } from '../lib/messaging/protocol';
import { BuildingItem } from './BuildingItem';
import { ErrorNotice } from './ErrorNotice';

export type BuildingsState =
  | { status: 'loading' }
  | { status: 'ready'; buildings: BuildingListEntry[] }
  | { status: 'error'; error: AppError };

export interface BuildingListProps {
  state: BuildingsState;
  onRetry: () => void;
  onOpenSettings: () => void;
}

const SKELETON_ROWS = 3;

export function BuildingList({ state, onRetry, onOpenSettings }: BuildingListProps) {
  const headingId = useId();
  return (
    <main class="popup" aria-busy={state.status === 'loading' ? 'true' : 'false'}>
      <header class="popup__header">
        <h1 id={headingId}>{t('popup_heading')}</h1>
        <button type="button" class="button button--quiet" onClick={onOpenSettings}>
          {t('popup_settings')}
        </button>
      </header>
      <p role="status" class="visually-hidden">
        {state.status === 'loading' ? t('popup_loading') : ''}
      </p>
      <Body state={state} onRetry={onRetry} onOpenSettings={onOpenSettings} headingId={headingId} />
    </main>
  );
}

function Body({ state, onRetry, onOpenSettings, headingId }: BuildingListProps & { headingId: string }) {
  if (state.status === 'loading') {
    return (
      <ul class="building-list skeleton" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <li key={i} class="building">
            <span class="skeleton__line skeleton__line--wide" />
            <span class="skeleton__line" />
          </li>
        ))}
      </ul>
    );
  }
  if (state.status === 'error') {
    if (state.error.kind === 'notConfigured') {
      return (
        <section class="setup">
          <p class="setup__title">{t('popup_setup')}</p>
          <p class="hint">{describeError(state.error).detail}</p>
          <div class="actions">
            <button type="button" class="button button--primary" onClick={onOpenSettings}>
              {t('action_openSettings')}
            </button>
          </div>
        </section>
      );
    }
    return (
      <ErrorNotice
        error={state.error}
        onRetry={onRetry}
        onOpenSettings={needsSettings(state.error) ? onOpenSettings : undefined}
      />
    );
  }
  if (state.buildings.length === 0) return <p class="empty">{t('buildings_empty')}</p>;
  return (
    <ul class="building-list" aria-labelledby={headingId}>
      {state.buildings.map((building) => (
        <BuildingItem key={building.id} building={building} />
      ))}
    </ul>
  );
}
