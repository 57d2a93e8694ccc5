/**
 * Says so when the stored accounts were written by a newer version of the extension: this one
 * cannot read them, keeps them untouched (never deletes or overwrites them) and asks for an update.
 */
import { createModel, effect, signal, useModel } from '@preact/signals';
import { t } from '../../lib/i18n';
import { profilesItem } from '../../lib/storage/profiles';

/** The newer version the stored accounts carry, checked again whenever they change; null: none. */
const NewerVersionModel = createModel(() => {
  const version = signal<number | null>(null);
  const check = () => void profilesItem.newerVersion().then((newer) => (version.value = newer));
  check();
  // Disposed with the model: the stored accounts are no longer followed.
  effect(() => profilesItem.watch(check));
  return { version };
});

export function NewerVersionNotice() {
  const version = useModel(() => new NewerVersionModel()).version.value;
  if (version === null) return null;
  return (
    <div class="notice notice--error" role="alert">
      <p class="notice__title">{t('storage_newerVersion_title')}</p>
      <p class="notice__detail">{t('storage_newerVersion_detail', String(version))}</p>
    </div>
  );
}
