/**
 * The refresh's settings: on or off, its share of the request budget, when a tenant counts as late,
 * and alerts. Each applies at once, as a switch does: a box when ticked, a number when changed
 * (Enter or leaving the field), and says so ("Saved: applies at once"). Turning alerts on asks for
 * the optional notifications permission, in the click.
 */
import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n';
import type { PortfolioSettings } from '../../lib/storage/portfolio';
import type { PortfolioStore } from './portfolio-store';

const askNotifications = () => browser.permissions.request({ permissions: ['notifications'] });

/** The settings shown, saved and said by the store; only the typed numbers are the form's own. */
export function PortfolioSettingsForm({
  store,
  settings,
}: {
  store: PortfolioStore;
  settings: PortfolioSettings;
}) {
  const [share, setShare] = useState(String(Math.round(settings.share * 100)));
  const [late, setLate] = useState(String(settings.lateAfterDays));
  const message = store.settingsMessage.value;
  const apply = store.applySettings;
  const numbers = () => apply({ share: Number(share) / 100, lateAfterDays: Number(late) });

  return (
    <form
      class="portfolio__settings"
      onSubmit={(event) => {
        event.preventDefault();
        void numbers();
      }}
    >
      <fieldset>
        <legend>{t('portfolio_settings')}</legend>
        <label>
          <input
            type="checkbox"
            checked={settings.refresh}
            onChange={(e) => void apply({ refresh: e.currentTarget.checked })}
          />
          {t('portfolio_setting_refresh')}
        </label>
        <label>
          {t('portfolio_setting_share')}
          <input
            type="number"
            min={10}
            max={100}
            step={5}
            value={share}
            onInput={(e) => setShare(e.currentTarget.value)}
            onChange={() => void numbers()}
          />
        </label>
        <label>
          {t('portfolio_setting_late')}
          <input
            type="number"
            min={1}
            max={365}
            value={late}
            onInput={(e) => setLate(e.currentTarget.value)}
            onChange={() => void numbers()}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={settings.alerts}
            onChange={(e) => void store.toggleAlerts(e.currentTarget.checked, askNotifications)}
          />
          {t('portfolio_setting_alerts')}
        </label>
        {message?.kind === 'problem' && (
          <p role="alert" class="portfolio__message">
            {message.text}
          </p>
        )}
        <p role="status" class="portfolio__saved">
          {message?.kind === 'saved' ? message.text : ''}
        </p>
      </fieldset>
    </form>
  );
}
