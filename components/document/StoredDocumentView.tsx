/** What the target's slots hold as a document: its slots, size, pieces, JSON status and problems. */
import { t } from '../../lib/i18n';
import type { DocumentLayout } from '../../lib/slots/document-layout';
import type { StoredDocument } from '../../lib/slots/document-read';
import { slotRange } from '../../lib/slots/document-plan';
import { describeDocumentProblem } from './document-text';

export function StoredDocumentView({
  document,
  layout,
}: {
  document: StoredDocument | null;
  layout: DocumentLayout;
}) {
  if (!document) return <p class="hint">{t('doc_none', [String(layout.manifestSlot), layout.prefix])}</p>;
  const { manifest, pieceSlots, problems, json } = document;
  const last = pieceSlots.at(-1) ?? document.manifestSlot;
  return (
    <div class="document-found">
      {manifest && (
        <p>
          {t('doc_found', [
            layout.prefix,
            slotRange(document.manifestSlot, last),
            String(manifest.length),
            String(manifest.count),
          ])}
          {json && (
            <>
              {' · '}
              <span class={`json-status json-status--${json.valid ? 'valid' : 'invalid'}`}>
                {json.valid ? t('doc_json_valid') : t('doc_json_invalid', json.error)}
              </span>
            </>
          )}
        </p>
      )}
      {problems.length > 0 && (
        <div class="notice notice--error" role="alert">
          <p class="notice__title">{t('doc_broken')}</p>
          <ul>
            {problems.map((problem, i) => (
              <li key={i}>{describeDocumentProblem(problem, layout)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
