/** One failure, described for a person: what happened, what to do, and the buttons to do it. */
import { type ErrorDescription, describeError } from './describe-error';
import { t } from '../lib/i18n';
import type { AppError } from '../lib/app-error';

export interface ErrorNoticeProps {
  /** An error from the worker, or a message the page composed itself. */
  error: AppError | ErrorDescription;
  /** Shows a "Retry" button. */
  onRetry?: () => void;
  /** Shows an "Open settings" button. */
  onOpenSettings?: () => void;
}

export function ErrorNotice({ error, onRetry, onOpenSettings }: ErrorNoticeProps) {
  const { title, detail } = 'kind' in error ? describeError(error) : error;
  return (
    <div class="notice notice--error" role="alert">
      <p class="notice__title">{title}</p>
      <p class="notice__detail">{detail}</p>
      {(onRetry || onOpenSettings) && (
        <div class="actions">
          {onOpenSettings && (
            <button type="button" class="button button--primary" onClick={onOpenSettings}>
              {t('action_openSettings')}
            </button>
          )}
          {onRetry && (
            <button type="button" class="button" onClick={onRetry}>
              {t('action_retry')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
