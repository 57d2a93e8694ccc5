/** The profiles section: every account with its colour and name, which one is active, and "Add account". */
import { t } from '../../lib/i18n';
import type { ProfilesView } from '../../lib/messaging/protocol';
import type { ProfileActions } from './actions';
import { ProfileRow } from './ProfileRow';

interface ProfileListProps {
  profiles: ProfilesView;
  selected: string | null;
  actions: ProfileActions;
  onSelect: (id: string) => void;
  onAdd: () => void;
  onProfiles: (view: ProfilesView) => void;
}

export function ProfileList({ profiles, selected, actions, onSelect, onAdd, onProfiles }: ProfileListProps) {
  return (
    <section class="profiles" aria-labelledby="profiles-heading">
      <h2 id="profiles-heading">{t('profiles_heading')}</h2>
      <p class="hint">{t('profiles_intro')}</p>
      <ul class="profile-list" aria-label={t('profiles_list')}>
        {profiles.list.map((profile) => (
          <ProfileRow
            key={profile.id}
            profile={profile}
            active={profile.id === profiles.active}
            selected={profile.id === selected}
            actions={actions}
            onSelect={() => onSelect(profile.id)}
            onProfiles={onProfiles}
          />
        ))}
      </ul>
      <button type="button" class="button" onClick={onAdd}>
        {t('action_addProfile')}
      </button>
    </section>
  );
}
