/**
 * The portfolio summary's line and its words before the first fill ("12 buildings · open the
 * portfolio"), without the stored table, zod or the polyfill: the popup's first view shows this
 * line at once from its building list, so nothing moves when the summary itself arrives.
 */
import { type MessageKey, t } from '../../lib/i18n';
import { formatNumber, uiLanguage } from '../display-format';

let rules: Intl.PluralRules | null = null;

/** `one` when the language says so for `count` ("1 tenant late"), else `other`. */
export function plural(count: number, one: MessageKey, other: MessageKey, subs: string[]): string {
  rules ??= new Intl.PluralRules(uiLanguage());
  return t(rules.select(count) === 'one' ? one : other, subs);
}

/** Before the first fill: "12 buildings · open the portfolio". */
export const offerText = (buildings: number): string =>
  `${plural(buildings, 'portfolio_buildings_one', 'portfolio_buildings_other', [formatNumber(buildings)])} · ${t('portfolio_openShort')}`;

export function SummaryLine({ text, onOpen }: { text: string; onOpen: () => void }) {
  return (
    <p class="portfolio-summary">
      <button
        type="button"
        class="portfolio__link"
        onClick={onOpen}
        aria-label={`${t('portfolio_open')}: ${text}`}
      >
        {text}
      </button>
    </p>
  );
}
