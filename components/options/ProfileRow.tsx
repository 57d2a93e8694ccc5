/**
 * One account in the profiles list: its colour, name and state, and what can be done with it. Each
 * button shows its verb ("Rename") and is named with the account ("Rename Account 1"): five short
 * buttons share a row at 400 px.
 */
import { useModel } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Result } from '../../lib/api/errors';
import type { ProfileView, ProfilesView } from '../../lib/messaging/protocol';
import type { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { ErrorNotice } from '../ErrorNotice';
import type { ProfileActions } from './actions';
import { COLOR_CHOICES } from './colors';
import { ForgetDialog } from './ForgetDialog';
import { ProfileRowModel } from './profile-row-model';
import { RemoveConfirm } from './RemoveConfirm';
import { RenameForm } from './RenameForm';
import { VerbButton } from './VerbButton';

interface ProfileRowProps {
  profile: ProfileView;
  active: boolean;
  selected: boolean;
  actions: ProfileActions;
  onSelect: () => void;
  onProfiles: (view: ProfilesView) => void;
}

type Mode = 'idle' | 'rename' | 'remove' | 'forget';

export function ProfileRow({ profile, active, selected, actions, onSelect, onProfiles }: ProfileRowProps) {
  const [mode, setMode] = useState<Mode>('idle');
  const model = useModel(() => new ProfileRowModel(actions));
  /** The button that opened a step gets the focus back when the step closes. */
  const openers = useRef<Partial<Record<Mode, HTMLButtonElement | null>>>({});
  const previous = useRef<Mode>('idle');
  useEffect(() => {
    if (mode === 'idle' && previous.current !== 'idle') openers.current[previous.current]?.focus();
    previous.current = mode;
  }, [mode]);

  const run = async (step: Promise<Result<ProfilesView, AppError>>, done = '') => {
    const next = await model.run(step, done);
    setMode('idle');
    if (next) onProfiles(next);
  };

  const askForget = () => {
    setMode('forget');
    void model.count(profile.id);
  };

  const name = profile.name;
  return (
    <li
      class={selected ? 'profile-row profile-row--selected' : 'profile-row'}
      aria-current={active ? 'true' : undefined}
    >
      <div class="profile-row__head">
        <span class="profile-dot" style={{ background: profile.color }} aria-hidden="true" />
        <strong class="profile-row__name">{name}</strong>
        {active && <span class="profile-badge">{t('profile_active')}</span>}
        {!profile.hasToken && <span class="hint">{t('profile_noToken')}</span>}
      </div>
      <div class="actions">
        <VerbButton
          verb="action_edit"
          name={name}
          aria-pressed={selected ? 'true' : 'false'}
          onClick={onSelect}
        />
        {!active && (
          <VerbButton
            verb="action_activate"
            name={name}
            onClick={() => void run(actions.activate(profile.id))}
          />
        )}
        <VerbButton
          verb="action_rename"
          name={name}
          opener={(el) => (openers.current.rename = el)}
          aria-expanded={mode === 'rename'}
          onClick={() => setMode('rename')}
        />
        <VerbButton
          verb="action_duplicate"
          name={name}
          title={t('profile_duplicate_hint')}
          onClick={() => void run(actions.duplicate(profile.id), t('profile_duplicated'))}
        />
        <VerbButton
          verb="action_remove"
          name={name}
          danger
          opener={(el) => (openers.current.remove = el)}
          aria-expanded={mode === 'remove'}
          onClick={() => setMode('remove')}
        />
        <VerbButton
          verb="action_signOut"
          name={name}
          danger
          opener={(el) => (openers.current.forget = el)}
          aria-expanded={mode === 'forget'}
          onClick={askForget}
        />
      </div>
      <label class="field profile-row__color">
        <span>{t('profile_color')}</span>
        <select
          value={profile.color}
          onChange={(event) => void run(actions.updateMeta(profile.id, name, event.currentTarget.value))}
        >
          {COLOR_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {t(c.name)}
            </option>
          ))}
        </select>
      </label>
      {mode === 'rename' && (
        <RenameForm
          name={name}
          onCancel={() => setMode('idle')}
          onRename={(next) => void run(actions.updateMeta(profile.id, next, profile.color))}
        />
      )}
      {mode === 'remove' && (
        <RemoveConfirm
          name={name}
          onCancel={() => setMode('idle')}
          onRemove={() => void run(actions.remove(profile.id))}
        />
      )}
      {mode === 'forget' && (
        <ForgetDialog
          name={name}
          counts={model.counts.value}
          onCancel={() => setMode('idle')}
          onConfirm={(deleteAll) =>
            void run(actions.forget(profile.id, deleteAll), t('status_profileForgotten', name))
          }
        />
      )}
      {model.notice.value && <p class="status">{model.notice.value}</p>}
      {model.error.value && <ErrorNotice error={model.error.value} />}
    </li>
  );
}
