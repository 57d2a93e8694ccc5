/** Options page wiring: load the settings, hand the form the worker and the permission prompt. */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '../../components/ErrorNotice';
import { OptionsForm } from '../../components/OptionsForm';
import { t } from '../../lib/i18n';
import { send } from '../../lib/messaging/client';
import type { AppError, SettingsView } from '../../lib/messaging/protocol';

type Loaded =
  { status: 'loading' } | { status: 'ready'; settings: SettingsView } | { status: 'error'; error: AppError };

const requestPermission = (pattern: string) => browser.permissions.request({ origins: [pattern] });

export function App() {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  const load = () => {
    setLoaded({ status: 'loading' });
    void send('getSettings', {}).then((response) =>
      setLoaded(
        response.ok
          ? { status: 'ready', settings: response.value }
          : { status: 'error', error: response.error },
      ),
    );
  };
  useEffect(load, []);

  return (
    <main class="options-page">
      <h1>{t('options_heading')}</h1>
      <p class="hint">{t('options_intro')}</p>
      <p class="hint">
        <a href="/privacy.html" target="_blank">
          {t('options_privacy')}
        </a>
      </p>
      {loaded.status === 'loading' && <p role="status">{t('options_loading')}</p>}
      {loaded.status === 'error' && <ErrorNotice error={loaded.error} onRetry={load} />}
      {loaded.status === 'ready' && (
        <OptionsForm
          settings={loaded.settings}
          requestPermission={requestPermission}
          onSave={(input) => send('saveSettings', input)}
          onTest={(input) => send('testConnection', input)}
          onForget={async () => {
            const forgotten = await send('forgetProfile', {
              id: loaded.settings.profileId,
              deleteDraftsAndHistory: false,
            });
            return forgotten.ok ? send('getSettings', {}) : forgotten;
          }}
        />
      )}
    </main>
  );
}
