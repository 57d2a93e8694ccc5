/**
 * The options page: the profiles list, the connection form for the profile being edited and its
 * stored data, bound to the options store's signals.
 */
import { useModel } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n';
import { ErrorNotice } from '../ErrorNotice';
import { NewerVersionNotice } from './NewerVersionNotice';
import { OptionsForm } from './OptionsForm';
import { ProfileList } from './ProfileList';
import { StoredData } from './StoredData';
import { BackupPanel } from '../backup/BackupPanel';
import { OptionsStore } from './options-store';
import type { Send } from '../../lib/messaging/page-client';

const requestPermission = (pattern: string) => browser.permissions.request({ origins: [pattern] });

/** `send` is unbound: every message names the profile it is about. */
export function OptionsApp({ send }: { send: Send }) {
  const store = useModel(() => new OptionsStore(send));
  useEffect(() => store.start(), [store]);

  const profiles = store.profiles.value;
  const settings = store.settings.value;
  const editing = store.editing.value;
  const meta = store.meta.value;
  const key = `${editing?.profileId}-${store.revision.value}`;
  return (
    <main class="options-page">
      <h1>{t('options_heading')}</h1>
      <NewerVersionNotice />
      <p class="hint">{t('options_intro')}</p>
      <p class="hint">
        <a href="/privacy.html" target="_blank">
          {t('options_privacy')}
        </a>
      </p>
      {profiles && (
        <ProfileList
          profiles={profiles}
          selected={editing?.profileId ?? null}
          actions={store.actions}
          onSelect={(id) => void store.edit(id)}
          onAdd={() => void store.add()}
          onProfiles={(next) => (store.profiles.value = next)}
        />
      )}
      {settings.status === 'loading' && <p role="status">{t('options_loading')}</p>}
      {settings.status === 'error' && <ErrorNotice error={settings.error} onRetry={store.retry} />}
      {editing && (
        <section class="profile-settings" aria-labelledby="profile-settings-heading">
          <h2 id="profile-settings-heading">
            <span class="profile-dot" style={{ background: meta?.color }} aria-hidden="true" />{' '}
            {t('profile_editing', meta?.name ?? '')}
          </h2>
          <OptionsForm
            key={key}
            settings={editing}
            requestPermission={requestPermission}
            onSave={store.saveSettings}
            onTest={store.testConnection}
          />
          <StoredData
            key={key}
            profileName={meta?.name ?? ''}
            usage={store.usage.value}
            onClear={store.clear}
          >
            {profiles?.active === editing.profileId ? (
              <BackupPanel send={store.send} profileId={editing.profileId} />
            ) : (
              <p class="hint">{t('backup_activeOnly')}</p>
            )}
          </StoredData>
        </section>
      )}
    </main>
  );
}
