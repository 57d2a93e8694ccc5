/** Selected text sent to the editor (context menu): which slot it goes to and under which title. */
import { useModel } from '@preact/signals';
import { useId } from 'preact/hooks';
import type { Target } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import type { Send } from '../../lib/messaging/page-client';
import { slotNumbers } from '../../lib/slots/validate';
import { ErrorNotice } from '../ErrorNotice';
import { nameTarget } from './target-name';
import { SelectionModel } from './selection-model';

export function SelectionForm({
  text,
  target,
  targetName,
  premium,
  send,
  onPreview,
  onCancel,
}: {
  text: string;
  target: Target | null;
  targetName?: string;
  premium: boolean;
  send: Send;
  onPreview: (document: unknown) => void;
  onCancel: () => void;
}) {
  const ids = { heading: useId(), slot: useId(), title: useId() };
  const form = useModel(() => new SelectionModel(send));
  const error = form.error.value;
  const submit = (event: Event) => {
    event.preventDefault();
    void form.submit(target, text, onPreview);
  };

  return (
    <form class="selection" aria-labelledby={ids.heading} onSubmit={submit}>
      <h3 id={ids.heading}>{t('selection_heading')}</h3>
      <pre class="selection__text">{text}</pre>
      <p class="hint">
        {target
          ? t('selection_target', targetName || nameTarget(target, null).label)
          : t('selection_noTarget')}
      </p>
      <div class="field">
        <label for={ids.slot}>{t('selection_slot')}</label>
        <select
          id={ids.slot}
          value={String(form.slot.value)}
          onChange={(event) => (form.slot.value = Number(event.currentTarget.value))}
        >
          {slotNumbers(premium).map((n) => (
            <option key={n} value={String(n)}>
              {String(n)}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for={ids.title}>{t('selection_title')}</label>
        <input
          id={ids.title}
          type="text"
          value={form.title.value}
          onInput={(event) => (form.title.value = event.currentTarget.value)}
        />
      </div>
      {error && <ErrorNotice error={error} />}
      <div class="actions">
        <button type="submit" class="button button--primary" aria-disabled={target ? undefined : 'true'}>
          {t('selection_preview')}
        </button>
        <button type="button" class="button button--quiet" onClick={onCancel}>
          {t('import_cancel')}
        </button>
      </div>
    </form>
  );
}
