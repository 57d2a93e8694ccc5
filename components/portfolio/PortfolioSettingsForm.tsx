/**
 * The refresh's settings: on or off, its share of the request budget, when a tenant counts as late,
 * and alerts. Each applies at once, as a switch does: a box when ticked, a number when changed
 * (Enter or leaving the field), and says so ("Saved: applies at once"). Turning alerts on asks for
 * the optional notifications permission, in the click.
 */
import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n';
import { PortfolioSettings } from '../../lib/storage/portfolio';

export interface PortfolioSettingsFormProps {
  settings: PortfolioSettings;
  onSave: (settings: PortfolioSettings) => Promise<boolean>;
}

type Message = { kind: 'saved' | 'problem'; text: string } | null;

export function PortfolioSettingsForm({ settings, onSave }: PortfolioSettingsFormProps) {
  const [share, setShare] = useState(String(Math.round(settings.share * 100)));
  const [late, setLate] = useState(String(settings.lateAfterDays));
  const [message, setMessage] = useState<Message>(null);

  async function apply(change: Partial<PortfolioSettings>) {
    const parsed = PortfolioSettings.safeParse({ ...settings, ...change });
    if (!parsed.success) return setMessage({ kind: 'problem', text: t('portfolio_setting_invalid') });
    const saved = await onSave(parsed.data);
    setMessage(saved ? { kind: 'saved', text: t('portfolio_setting_saved') } : null);
  }

  async function toggleAlerts(on: boolean) {
    if (!on) return apply({ alerts: false });
    const granted = await browser.permissions.request({ permissions: ['notifications'] }).catch(() => false);
    if (!granted) return setMessage({ kind: 'problem', text: t('portfolio_alerts_denied') });
    return apply({ alerts: true });
  }

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
            onChange={(e) => void toggleAlerts(e.currentTarget.checked)}
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
