/**
 * After the server refused an empty title or data: says so and offers to clear with the account's
 * placeholder (remembered for the account, so the next clear uses it at once).
 */
import { t } from '../../lib/i18n';
import { DEFAULT_PLACEHOLDER } from '../../lib/slots/clearing';
import type { SlotModel } from './slot-model';
import type { SlotSaves } from './slot-saves';
import type { PageContext } from '../page/context';

interface PlaceholderOfferProps {
  model: SlotModel;
  page: PageContext;
  saves: SlotSaves;
}

export function PlaceholderOffer({ model, page, saves }: PlaceholderOfferProps) {
  const text = page.placeholder.value.value || DEFAULT_PLACEHOLDER;
  return (
    <div class="notice notice--error" role="alert">
      <p>{t('slot_emptyRefused', text)}</p>
      <button type="button" class="button" onClick={() => void saves.clearWithPlaceholder(model)}>
        {t('slot_clearWithPlaceholder', text)}
      </button>
    </div>
  );
}
