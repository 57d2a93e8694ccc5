/**
 * The open cell: what is typed goes to the model at once (the draft and the meter hold it); Enter
 * keeps it, Shift+Enter or Alt+Enter is a line break (as in a spreadsheet), Tab keeps it and moves
 * on, Escape drops it. Multi-line, so a text's line breaks stay; uncontrolled, so a keystroke renders
 * no row.
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
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);
  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLTextAreaElement>) => {
    const key = event.key;
    if (key === 'Enter' && (event.shiftKey || event.altKey)) {
      event.stopPropagation();
      if (event.altKey) {
        event.preventDefault();
        breakLine(event.currentTarget);
        model.typeCell(event.currentTarget.value);
      }
      return;
    }
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
      <textarea
        ref={input}
        class="cell__input"
        rows={Math.min(6, edit.initial.split('\n').length)}
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

/** Alt+Enter: a line break where the caret is (Shift+Enter is the textarea's own). */
function breakLine(box: HTMLTextAreaElement) {
  const { selectionStart: from, selectionEnd: to, value } = box;
  box.value = `${value.slice(0, from)}\n${value.slice(to)}`;
  box.setSelectionRange(from + 1, from + 1);
}
