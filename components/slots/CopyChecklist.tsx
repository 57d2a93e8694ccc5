/**
 * The targets a slot can be copied into: the account's buildings and factories as a checklist with
 * a filter and "Select all shown". The choice is plain props; the parent keeps it.
 */
import { useId, useState } from 'preact/hooks';
import type { Target } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';

export interface CopyOption {
  target: Target;
  label: string;
}

export const optionKey = (target: Target) => `${target.kind}:${target.id}`;

interface CopyChecklistProps {
  options: readonly CopyOption[];
  chosen: ReadonlySet<string>;
  onChange: (chosen: ReadonlySet<string>) => void;
}

export function CopyChecklist({ options, chosen, onChange }: CopyChecklistProps) {
  const ids = { filter: useId(), legend: useId() };
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLocaleLowerCase();
  const shown = options.filter(
    (o) =>
      !needle || o.label.toLocaleLowerCase().includes(needle) || o.target.id.toLowerCase().includes(needle),
  );
  const allShown = shown.length > 0 && shown.every((o) => chosen.has(optionKey(o.target)));
  const toggle = (key: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    onChange(next);
  };
  const toggleShown = (on: boolean) => {
    const next = new Set(chosen);
    for (const o of shown) {
      if (on) next.add(optionKey(o.target));
      else next.delete(optionKey(o.target));
    }
    onChange(next);
  };
  if (options.length === 0) return <p class="hint">{t('copy_noTargets')}</p>;
  return (
    <fieldset class="copy__targets" aria-labelledby={ids.legend}>
      <legend id={ids.legend}>{t('copy_targets')}</legend>
      <div class="field">
        <label for={ids.filter}>{t('copy_filter')}</label>
        <input
          id={ids.filter}
          type="search"
          value={filter}
          onInput={(e) => setFilter(e.currentTarget.value)}
        />
      </div>
      <label class="check">
        <input type="checkbox" checked={allShown} onChange={(e) => toggleShown(e.currentTarget.checked)} />{' '}
        {t('copy_selectAll')}
      </label>
      <ul class="copy__list">
        {shown.map((o) => {
          const key = optionKey(o.target);
          return (
            <li key={key}>
              <label class="check">
                <input
                  type="checkbox"
                  checked={chosen.has(key)}
                  onChange={(e) => toggle(key, e.currentTarget.checked)}
                />{' '}
                {o.label}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
