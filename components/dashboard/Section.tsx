/**
 * The frame every dashboard section shares: a heading, the age of what is shown, and one body per
 * state — skeleton, error (with Retry, and Open settings when only the settings can fix it), the
 * premium explanation, or the data. A section never hides another one.
 */
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { describeError, needsSettings } from '../describe-error';
import { t } from '../../lib/i18n';
import type { Loadable } from '../../lib/loadable';
import { ErrorNotice } from '../ErrorNotice';
import { relativeTime } from '../display-format';

export interface SectionProps<T> {
  title: string;
  state: Loadable<T>;
  now: number;
  onRetry: () => void;
  onOpenSettings: () => void;
  /** What premium would show, for premium-only sections. */
  premiumPreview?: string;
  /** Rows of the skeleton, sized like the content so nothing jumps when it arrives. */
  skeletonRows?: number;
  children: (data: T) => ComponentChildren;
  headingLevel?: 2 | 3;
  /** Spans the full width where sections sit side by side (the dashboard tab). */
  wide?: boolean;
}

export function Section<T>(props: SectionProps<T>) {
  const { title, state, now, onRetry, onOpenSettings, premiumPreview, skeletonRows = 3, children } = props;
  const headingId = useId();
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  const busy = state.status === 'loading' || (state.status === 'ready' && state.refreshing);
  return (
    <section
      class={props.wide ? 'dash-section dash-section--wide' : 'dash-section'}
      aria-labelledby={headingId}
      aria-busy={busy ? 'true' : 'false'}
    >
      <header class="dash-section__header">
        <Heading id={headingId}>{title}</Heading>
        {state.status === 'ready' && (
          <span class="dash-section__age">
            {state.refreshing ? t('age_refreshing') : t('age_updated', relativeTime(state.savedAt, now))}
          </span>
        )}
      </header>
      {state.status === 'loading' && (
        <div class="skeleton" aria-hidden="true">
          {Array.from({ length: skeletonRows }, (_, i) => (
            <span key={i} class={i % 2 ? 'skeleton__line' : 'skeleton__line skeleton__line--wide'} />
          ))}
          <p class="visually-hidden">{t('section_loading', title)}</p>
        </div>
      )}
      {state.status === 'error' && (
        <ErrorNotice
          error={state.error}
          onRetry={onRetry}
          onOpenSettings={needsSettings(state.error) ? onOpenSettings : undefined}
        />
      )}
      {state.status === 'notPremium' && (
        <div class="notice notice--info">
          <p class="notice__title">{t('premium_needed_title')}</p>
          {premiumPreview && <p class="notice__detail">{premiumPreview}</p>}
        </div>
      )}
      {state.status === 'ready' && (
        <>
          {state.refreshError && (
            <div class="stale-note" role="status">
              <span>{t('refresh_failed', describeError(state.refreshError).title)}</span>
              <button type="button" class="button button--quiet" onClick={onRetry}>
                {t('action_retry')}
              </button>
              {needsSettings(state.refreshError) && (
                <button type="button" class="button button--quiet" onClick={onOpenSettings}>
                  {t('action_openSettings')}
                </button>
              )}
            </div>
          )}
          {children(state.value)}
        </>
      )}
    </section>
  );
}
