/**
 * Says so when the stored accounts were written by a newer version of the extension: this one
 * cannot read them, keeps them untouched (never deletes or overwrites them) and asks for an update.
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { profilesItem } from '../../lib/storage/profiles';

export function NewerVersionNotice() {
  const [version, setVersion] = useState<number | null>(null);
  useEffect(() => {
    const check = () => void profilesItem.newerVersion().then(setVersion);
    check();
    return profilesItem.watch(check);
  }, []);
  if (version === null) return null;
  return (
    <div class="notice notice--error" role="alert">
      <p class="notice__title">{t('storage_newerVersion_title')}</p>
      <p class="notice__detail">{t('storage_newerVersion_detail', String(version))}</p>
    </div>
  );
}
