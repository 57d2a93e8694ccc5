/**
 * Buildings from the list and the account's factories (listed by the API, or added by hand where it
 * has no list): one click switches the target. A factory added by hand can be removed again.
 */
import { useId, useState } from 'preact/hooks';
import { type Target, TargetId } from '../../lib/api/schemas';
import { needsSettings } from '../describe-error';
import { t } from '../../lib/i18n';
import type { AppError } from '../../lib/app-error';
import { sameTarget } from '../../lib/slots/keys';
import { ErrorNotice } from '../ErrorNotice';
import { buildingName, factoryName as nameOfFactory } from '../../lib/names';
import { factoryListUnavailable } from '../text';
import type { Workspace } from './workspace';

function Choice({ workspace, target, name }: { workspace: Workspace; target: Target; name: string }) {
  const current = sameTarget(workspace.target.value, target);
  return (
    <button
      type="button"
      class="button target"
      aria-pressed={current ? 'true' : 'false'}
      onClick={() => void workspace.select(target)}
    >
      {name}
    </button>
  );
}

export function TargetPicker({
  workspace,
  onOpenSettings,
}: {
  workspace: Workspace;
  onOpenSettings?: () => void;
}) {
  const ids = { heading: useId(), id: useId(), name: useId() };
  const [factoryId, setFactoryId] = useState('');
  const [factoryName, setFactoryName] = useState('');
  const [adding, setAdding] = useState<'idle' | 'checking' | 'required' | 'invalid' | { error: AppError }>(
    'idle',
  );
  const buildings = workspace.buildings.value;
  const notice = workspace.page.factories.notice.value;

  const add = async (event: Event) => {
    event.preventDefault();
    const id = factoryId.trim();
    if (!id) return setAdding('required');
    if (!TargetId.safeParse(id).success) return setAdding('invalid');
    setAdding('checking');
    const error = await workspace.addFactory(id, factoryName.trim());
    if (error) return setAdding({ error });
    setAdding('idle');
    setFactoryId('');
    setFactoryName('');
  };

  return (
    <nav class="targets" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} class="targets__heading">
        {t('slots_targets')}
      </h2>
      <div role="group" aria-label={t('slots_buildings')} class="targets__row">
        {buildings.status === 'loading' && <span class="hint">{t('popup_loading')}</span>}
        {buildings.status === 'ready' &&
          buildings.value.map((b) => (
            <Choice
              key={b.id}
              workspace={workspace}
              target={{ kind: 'building', id: b.id }}
              name={buildingName(b)}
            />
          ))}
      </div>
      {buildings.status === 'error' && (
        <ErrorNotice
          error={buildings.error}
          onOpenSettings={needsSettings(buildings.error) ? onOpenSettings : undefined}
        />
      )}
      <div role="group" aria-label={t('slots_factories')} class="targets__row">
        {workspace.page.factories.all.value.map((f) => {
          const name = nameOfFactory(f);
          return (
            <span key={f.id} class="targets__factory">
              <Choice workspace={workspace} target={{ kind: 'factory', id: f.id }} name={name} />
              {f.added && !f.listed && (
                <button
                  type="button"
                  class="button button--quiet"
                  aria-label={t('slots_removeFactory', name)}
                  onClick={() => void workspace.removeFactory(f.id)}
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
        <form onSubmit={(event) => void add(event)} noValidate>
          <div class="field">
            <label for={ids.id}>{t('slots_factoryId')}</label>
            <input
              id={ids.id}
              type="text"
              autoComplete="off"
              spellcheck={false}
              value={factoryId}
              aria-invalid={adding === 'required' || adding === 'invalid' ? 'true' : undefined}
              onInput={(event) => setFactoryId(event.currentTarget.value)}
            />
          </div>
          <div class="field">
            <label for={ids.name}>{t('slots_factoryName')}</label>
            <input
              id={ids.name}
              type="text"
              autoComplete="off"
              value={factoryName}
              onInput={(event) => setFactoryName(event.currentTarget.value)}
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
