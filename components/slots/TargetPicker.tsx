/**
 * Buildings from the list and the account's factories (listed by the API, or added by hand where it
 * has no list): one click switches the target. A factory added by hand can be removed again.
 */
import { useModel } from '@preact/signals';
import { useId } from 'preact/hooks';
import type { Target } from '../../lib/api/schemas';
import { needsSettings } from '../describe-error';
import { t } from '../../lib/i18n';
import { sameTarget } from '../../lib/slots/keys';
import { ErrorNotice } from '../ErrorNotice';
import { buildingName, factoryName as nameOfFactory } from '../../lib/names';
import { factoryListUnavailable } from '../text';
import type { PageContext } from '../page/context';
import { AddFactoryModel } from './add-factory-model';

function Choice({ page, target, name }: { page: PageContext; target: Target; name: string }) {
  const current = sameTarget(page.current.target.value, target);
  return (
    <button
      type="button"
      class="button target"
      aria-pressed={current ? 'true' : 'false'}
      onClick={() => page.current.choose(target)}
    >
      {name}
    </button>
  );
}

export function TargetPicker({ page, onOpenSettings }: { page: PageContext; onOpenSettings?: () => void }) {
  const ids = { heading: useId(), id: useId(), name: useId() };
  const form = useModel(() => new AddFactoryModel(page.factories));
  const adding = form.adding.value;
  const buildings = page.buildings.list.value;
  const notice = page.factories.notice.value;

  return (
    <nav class="targets" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} class="targets__heading">
        {t('slots_targets')}
      </h2>
      <div role="group" aria-label={t('slots_buildings')} class="targets__row">
        {buildings.status === 'loading' && <span class="hint">{t('popup_loading')}</span>}
        {buildings.status === 'ready' &&
          buildings.value.map((b) => (
            <Choice key={b.id} page={page} target={{ kind: 'building', id: b.id }} name={buildingName(b)} />
          ))}
      </div>
      {buildings.status === 'error' && (
        <ErrorNotice
          error={buildings.error}
          onOpenSettings={needsSettings(buildings.error) ? onOpenSettings : undefined}
        />
      )}
      <div role="group" aria-label={t('slots_factories')} class="targets__row">
        {page.factories.all.value.map((f) => {
          const name = nameOfFactory(f);
          return (
            <span key={f.id} class="targets__factory">
              <Choice page={page} target={{ kind: 'factory', id: f.id }} name={name} />
              {f.added && !f.listed && (
                <button
                  type="button"
                  class="button button--quiet"
                  aria-label={t('slots_removeFactory', name)}
                  onClick={() => void page.factories.remove(f.id)}
                >
                  ×
                </button>
              )}
            </span>
          );
        })}
      </div>
      {notice && <p class="hint factory-notice">{factoryListUnavailable(notice)}</p>}
      <details class="add-factory">
        <summary>{t('slots_addFactory')}</summary>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void form.add();
          }}
          noValidate
        >
          <div class="field">
            <label for={ids.id}>{t('slots_factoryId')}</label>
            <input
              id={ids.id}
              type="text"
              autoComplete="off"
              spellcheck={false}
              value={form.id.value}
              aria-invalid={adding === 'required' || adding === 'invalid' ? 'true' : undefined}
              onInput={(event) => (form.id.value = event.currentTarget.value)}
            />
          </div>
          <div class="field">
            <label for={ids.name}>{t('slots_factoryName')}</label>
            <input
              id={ids.name}
              type="text"
              autoComplete="off"
              value={form.name.value}
              onInput={(event) => (form.name.value = event.currentTarget.value)}
            />
          </div>
          <button type="submit" class="button" aria-disabled={adding === 'checking' ? 'true' : undefined}>
            {t('slots_factoryAdd')}
          </button>
          <p role="status" class="hint">
            {adding === 'checking' ? t('slots_factoryChecking') : ''}
          </p>
          {adding === 'required' && <p class="field-error">{t('slots_factoryRequired')}</p>}
          {adding === 'invalid' && <p class="field-error">{t('slots_factoryIdInvalid')}</p>}
          {typeof adding === 'object' && <ErrorNotice error={adding.error} />}
        </form>
      </details>
    </nav>
  );
}
