/** Selected text sent to the editor (context menu): which slot it goes to and under which title. */
import { useId, useState } from 'preact/hooks';
import type { Target } from '../../lib/api/schemas';
import type { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import type { Send } from '../../lib/messaging/page-client';
import { slotNumbers } from '../../lib/slots/validate';
import { ErrorNotice } from '../ErrorNotice';
import { nameTarget } from './target-name';

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
  const [slot, setSlot] = useState(1);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<AppError | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!target) return;
    setError(null);
    let newTitle = title;
    if (!newTitle) {
      // An empty title keeps the slot's current one.
      const current = await send('readOption', { target, option: slot });
      if (!current.ok) return setError(current.error);
      newTitle = current.value.title;
    }
    onPreview({ target, slots: [{ slot, title: newTitle, data: text }] });
  };

  return (
    <form class="selection" aria-labelledby={ids.heading} onSubmit={(event) => void submit(event)}>
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
          value={String(slot)}
          onChange={(event) => setSlot(Number(event.currentTarget.value))}
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
          value={title}
          onInput={(event) => setTitle(event.currentTarget.value)}
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
