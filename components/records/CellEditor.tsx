/**
 * The open cell: what is typed goes to the model at once (the meter counts it); Enter keeps it,
 * Tab keeps it and moves on, Escape drops it. Uncontrolled, so a keystroke renders no row.
 */
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { CellEdit, RecordsModel } from './records-model';
import { typeLabel } from './records-text';

export function CellEditor({
  model,
  edit,
  errorId,
  onDone,
}: {
  model: RecordsModel;
  edit: CellEdit;
  /** The element the grid shows the refusal in. */
  errorId: string;
  /** The editor closed: `by` is the key that closed it. */
  onDone: (by: 'enter' | 'tab' | 'shiftTab' | 'escape') => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);
  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLInputElement>) => {
    const key = event.key;
    if (key !== 'Enter' && key !== 'Escape' && key !== 'Tab') return;
    event.preventDefault();
    event.stopPropagation();
    if (key === 'Escape') {
      model.cancel();
      return onDone('escape');
    }
    if (!model.commit()) return;
    onDone(key === 'Enter' ? 'enter' : event.shiftKey ? 'shiftTab' : 'tab');
  };
  return (
    <>
      <input
        ref={input}
        class="cell__input"
        type="text"
        spellcheck={false}
        defaultValue={edit.initial}
        aria-label={t('records_cellInput', [edit.column, typeLabel(edit.type)])}
        aria-invalid={edit.error ? 'true' : undefined}
        aria-describedby={edit.error ? errorId : undefined}
        onInput={(event) => model.typeCell(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
    </>
  );
}
