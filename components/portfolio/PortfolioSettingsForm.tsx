/**
 * The refresh's settings: on or off, its share of the request budget, when a tenant counts as late,
 * and alerts. Turning alerts on asks for the optional notifications permission, in the click.
 */
import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n';
import { PortfolioSettings } from '../../lib/storage/portfolio';

export interface PortfolioSettingsFormProps {
  settings: PortfolioSettings;
  onSave: (settings: PortfolioSettings) => Promise<boolean>;
}

export function PortfolioSettingsForm({ settings, onSave }: PortfolioSettingsFormProps) {
  const [refresh, setRefresh] = useState(settings.refresh);
  const [share, setShare] = useState(String(Math.round(settings.share * 100)));
  const [late, setLate] = useState(String(settings.lateAfterDays));
  const [alerts, setAlerts] = useState(settings.alerts);
  const [message, setMessage] = useState<string | null>(null);

  async function toggleAlerts(on: boolean) {
    if (!on) return setAlerts(false);
    const granted = await browser.permissions.request({ permissions: ['notifications'] }).catch(() => false);
    setAlerts(granted);
    setMessage(granted ? null : t('portfolio_alerts_denied'));
  }

  async function submit(event: Event) {
    event.preventDefault();
    const parsed = PortfolioSettings.safeParse({
      refresh,
      share: Number(share) / 100,
      lateAfterDays: Number(late),
      alerts,
    });
    if (!parsed.success) return setMessage(t('portfolio_setting_invalid'));
    setMessage(null);
    await onSave(parsed.data);
  }

  return (
    <form class="portfolio__settings" onSubmit={(e) => void submit(e)}>
      <fieldset>
        <legend>{t('portfolio_settings')}</legend>
        <label>
          <input type="checkbox" checked={refresh} onChange={(e) => setRefresh(e.currentTarget.checked)} />
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
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={alerts}
            onChange={(e) => void toggleAlerts(e.currentTarget.checked)}
          />
          {t('portfolio_setting_alerts')}
        </label>
        {message && (
          <p role="alert" class="portfolio__message">
            {message}
          </p>
        )}
        <button type="submit">{t('portfolio_setting_save')}</button>
      </fieldset>
    </form>
  );
}
