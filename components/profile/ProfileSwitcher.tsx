/** Which account is active, by name and colour, and a switch to another one. */
import { t } from '../../lib/i18n';
import { send } from '../../lib/messaging/page-client';
import type { ProfileState } from '../page/mount';

export function ProfileSwitcher({ state }: { state: ProfileState }) {
  const active = state.list.find((p) => p.id === state.active);
  if (!active) return null;
  return (
    <div class="profile-switcher">
      <span class="profile-dot" style={{ background: active.color }} aria-hidden="true" />
      <label>
        <span class="profile-label">{t('profile_label')}</span>
        <select
          value={active.id}
          title={active.name}
          onChange={(event) =>
            void send('activateProfile', { id: (event.target as HTMLSelectElement).value })
          }
        >
          {state.list.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
