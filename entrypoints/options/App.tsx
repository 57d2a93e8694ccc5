/**
 * Options page wiring: the profiles list, the connection form for the selected profile and its
 * stored data. The views get the worker calls and the permission prompt passed in.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '../../components/ErrorNotice';
import { OptionsForm } from '../../components/OptionsForm';
import type { ProfileActions } from '../../components/options/actions';
import { ProfileList } from '../../components/options/ProfileList';
import { NewerVersionNotice } from '../../components/options/NewerVersionNotice';
import { StoredData } from '../../components/options/StoredData';
import { t } from '../../lib/i18n';
import { send } from '../../lib/messaging/client';
import type { ProfilesView, SettingsView, StorageUsage } from '../../lib/messaging/protocol';
import type { AppError } from '../../lib/app-error';
import { profilesItem } from '../../lib/storage/profiles';

const requestPermission = (pattern: string) => browser.permissions.request({ origins: [pattern] });

type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: AppError };

export function App() {
  const [profiles, setProfiles] = useState<ProfilesView | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [settings, setSettings] = useState<Loaded<SettingsView>>({ status: 'loading' });
  const [usage, setUsage] = useState<StorageUsage | null>(null);
  /** Bumped when the selected profile's stored credentials change from here (sign-out). */
  const [revision, setRevision] = useState(0);

  /** Which profile and revision the form shows, so adopting the worker's first answer does not load twice. */
  const loadedFor = useRef('');

  const relist = async () => {
    const answer = await send('listProfiles', {});
    if (answer.ok) setProfiles(answer.value);
  };

  const load = () => {
    setSettings({ status: 'loading' });
    void send('getSettings', selected ? { profileId: selected } : {}).then(async (answer) => {
      if (!answer.ok) {
        setSettings({ status: 'error', error: answer.error });
        return;
      }
      loadedFor.current = `${answer.value.profileId}/${revision}`;
      setSettings({ status: 'ready', value: answer.value });
      if (selected !== answer.value.profileId) setSelected(answer.value.profileId);
      await relist();
      const stored = await send('profileStorage', { id: answer.value.profileId });
      setUsage(stored.ok ? stored.value : null);
    });
  };
  useEffect(() => {
    if (loadedFor.current !== `${selected}/${revision}`) load();
  }, [selected, revision]);
  useEffect(() => profilesItem.watch(() => void relist()), []);

  const actions: ProfileActions = {
    activate: (id) => send('activateProfile', { id }),
    updateMeta: (id, name, color) => send('updateProfileMeta', { id, name, color }),
    duplicate: (id) => send('duplicateProfile', { id }),
    async remove(id) {
      const answer = await send('removeProfile', { id });
      if (answer.ok && id === selected) setSelected(answer.value.active);
      return answer;
    },
    async forget(id, deleteDraftsAndHistory) {
      const answer = await send('forgetProfile', { id, deleteDraftsAndHistory });
      if (answer.ok && id === selected) setRevision((r) => r + 1);
      return answer;
    },
    storage: (id) => send('profileStorage', { id }),
  };

  const add = async () => {
    const answer = await send('addProfile', {});
    if (!answer.ok) return;
    setProfiles(answer.value);
    setSelected(answer.value.list.at(-1)?.id ?? null);
  };

  const editing = settings.status === 'ready' ? settings.value : null;
  /** Name and colour as renamed here, before the form's settings are read again. */
  const meta = profiles?.list.find((p) => p.id === editing?.profileId) ?? editing;
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
          actions={actions}
          onSelect={setSelected}
          onAdd={() => void add()}
          onProfiles={setProfiles}
        />
      )}
      {settings.status === 'loading' && <p role="status">{t('options_loading')}</p>}
      {settings.status === 'error' && <ErrorNotice error={settings.error} onRetry={load} />}
      {editing && (
        <section class="profile-settings" aria-labelledby="profile-settings-heading">
          <h2 id="profile-settings-heading">
            <span class="profile-dot" style={{ background: meta?.color }} aria-hidden="true" />{' '}
            {t('profile_editing', meta?.name ?? '')}
          </h2>
          <OptionsForm
            key={`${editing.profileId}-${revision}`}
            settings={editing}
            requestPermission={requestPermission}
            onSave={async (input) => {
              const answer = await send('saveSettings', input);
              const stored = await send('profileStorage', { id: editing.profileId });
              if (stored.ok) setUsage(stored.value);
              return answer;
            }}
            onTest={(input) => send('testConnection', input)}
          />
          <StoredData
            key={`${editing.profileId}-${revision}`}
            profileName={meta?.name ?? ''}
            usage={usage}
            onClear={async (family) => {
              const answer = await send('clearProfileData', { id: editing.profileId, families: [family] });
              if (answer.ok) setUsage(answer.value);
              return answer;
            }}
          />
        </section>
      )}
    </main>
  );
}
