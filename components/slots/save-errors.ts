/**
 * Why a save failed, in words that say what to fix. The API does not document its error bodies,
 * so a 403 is told apart by the server's own message (missing scope, wrong secret, premium); the
 * server's words are always shown too. Anything else falls back to describeError.
 */
import type { Target } from '../../lib/api/schemas';
import { type ErrorDescription, describeError, oneLine } from '../describe-error';
import { t } from '../../lib/i18n';
import type { AppError } from '../../lib/app-error';

export type SaveFailure = 'scope' | 'secret' | 'premium' | 'notOwned' | 'other';

export function classifySaveError(error: AppError): SaveFailure {
  if (error.kind === 'notFound') return 'notOwned';
  if (error.kind === 'premiumRequired') return 'premium';
  if (error.kind !== 'forbidden') return 'other';
  const text = error.message.toLowerCase();
  if (/secret/.test(text)) return 'secret';
  if (/scope/.test(text)) return 'scope';
  if (/premium/.test(text)) return 'premium';
  return 'other';
}

export function describeSaveError(error: AppError, target: Target): ErrorDescription {
  const failure = classifySaveError(error);
  if (failure === 'other') return describeError(error);
  const said = 'message' in error ? oneLine(error.message) : '';
  const withServer = (detail: string) => (said ? `${detail} ${t('error_serverSaid', said)}` : detail);
  switch (failure) {
    case 'scope':
      return {
        title: t('saveError_scope_title'),
        detail: withServer(t('saveError_scope_detail', `${target.kind}.options.edit`)),
      };
    case 'secret':
      return { title: t('saveError_secret_title'), detail: withServer(t('saveError_secret_detail')) };
    case 'premium':
      return { title: t('saveError_premium_title'), detail: withServer(t('saveError_premium_detail')) };
    case 'notOwned':
      return { title: t('saveError_notOwned_title'), detail: withServer(t('saveError_notOwned_detail')) };
  }
}
