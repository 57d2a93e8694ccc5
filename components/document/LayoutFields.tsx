/** The document layout, for a site that uses another manifest slot, prefix, piece size or keys. */
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { DocumentLayout } from '../../lib/slots/document-layout';

type Key = keyof DocumentLayout;

const FIELDS: { key: Key; label: Parameters<typeof t>[0]; numeric: boolean }[] = [
  { key: 'manifestSlot', label: 'doc_manifestSlot', numeric: true },
  { key: 'prefix', label: 'doc_prefix', numeric: false },
  { key: 'pieceSize', label: 'doc_pieceSize', numeric: true },
  { key: 'countKey', label: 'doc_countKey', numeric: false },
  { key: 'lengthKey', label: 'doc_lengthKey', numeric: false },
];

export function LayoutFields({
  layout,
  onChange,
}: {
  layout: DocumentLayout;
  onChange: (layout: DocumentLayout) => void;
}) {
  const base = useId();
  return (
    <details class="document-layout">
      <summary>{t('doc_layout')}</summary>
      {FIELDS.map(({ key, label, numeric }) => (
        <div class="field" key={key}>
          <label for={`${base}-${key}`}>{t(label)}</label>
          <input
            id={`${base}-${key}`}
            type={numeric ? 'number' : 'text'}
            autoComplete="off"
            spellcheck={false}
            value={String(layout[key])}
            onInput={(event) => {
              const raw = event.currentTarget.value;
              onChange({ ...layout, [key]: numeric ? Number(raw) : raw });
            }}
          />
        </div>
      ))}
    </details>
  );
}
