/** Where a document comes from: a file, a drop or a paste; then Check, or Export of the current target. */
import { useId, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { useGrowToContent } from '../grow-to-content';

interface ImportSourcesProps {
  text: string;
  onText: (text: string) => void;
  onFile: (file: File | undefined) => void;
  /** A dropped text (not a file): loaded as if pasted. */
  onDropText: (text: string) => void;
  onCheck: () => void;
  exportDisabled: boolean;
  onExport: () => void;
}

export function ImportSources({
  text,
  onText,
  onFile,
  onDropText,
  onCheck,
  exportDisabled,
  onExport,
}: ImportSourcesProps) {
  const ids = { file: useId(), paste: useId() };
  const [dragging, setDragging] = useState(false);
  const pasteBox = useGrowToContent(text);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const transfer = event.dataTransfer;
    const file = transfer?.files[0];
    if (file) onFile(file);
    else if (transfer?.getData('text/plain')) onDropText(transfer.getData('text/plain'));
  };

  return (
    <div class="import__sources">
      <div class="field">
        <label for={ids.file}>{t('import_file')}</label>
        <input
          id={ids.file}
          type="file"
          accept="application/json,.json"
          onChange={(event) => onFile(event.currentTarget.files?.[0])}
        />
      </div>
      <div
        class={dragging ? 'import__drop import__drop--over' : 'import__drop'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {t('import_drop')}
      </div>
      <div class="field">
        <label for={ids.paste}>{t('import_paste')}</label>
        <textarea
          ref={pasteBox}
          id={ids.paste}
          rows={6}
          spellcheck={false}
          value={text}
          onInput={(event) => onText(event.currentTarget.value)}
        />
      </div>
      <div class="actions">
        <button type="button" class="button" onClick={onCheck}>
          {t('import_check')}
        </button>
        <button
          type="button"
          class="button"
          aria-disabled={exportDisabled ? 'true' : undefined}
          onClick={onExport}
        >
          {t('import_export')}
        </button>
      </div>
    </div>
  );
}
