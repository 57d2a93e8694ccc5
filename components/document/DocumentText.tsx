/** The document as one text: its length, pretty/minify, and the stored document to start from. */
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { minifyJson, prettyJson } from '../../lib/slots/validate';
import { useGrowToContent } from '../grow-to-content';

export function DocumentText({
  text,
  storedText,
  onChange,
  onLoad,
}: {
  text: string;
  /** The document the slots hold now (joined), when they hold a whole one. */
  storedText: string | null;
  onChange: (text: string) => void;
  /** Puts the stored document into the text: the edit begins again from what the slots hold. */
  onLoad: (text: string) => void;
}) {
  const ids = { text: useId(), count: useId() };
  const box = useGrowToContent(text);
  return (
    <div class="field">
      <div class="field__head">
        <label for={ids.text}>{t('doc_text')}</label>
        <span id={ids.count} class="hint">
          {t('doc_length', String(text.length))}
        </span>
      </div>
      <textarea
        ref={box}
        id={ids.text}
        rows={10}
        spellcheck={false}
        value={text}
        aria-describedby={ids.count}
        onInput={(event) => onChange(event.currentTarget.value)}
      />
      {storedText !== null && text === '' && <p class="hint">{t('doc_loadHint')}</p>}
      <div class="json-tools">
        {storedText !== null && storedText !== text && (
          <button
            type="button"
            class="button button--small"
            onClick={() => onLoad(prettyJson(storedText) ?? storedText)}
          >
            {t('doc_load')}
          </button>
        )}
        <button type="button" class="button button--small" onClick={() => onChange(prettyJson(text) ?? text)}>
          {t('slot_json_pretty')}
        </button>
        <button type="button" class="button button--small" onClick={() => onChange(minifyJson(text) ?? text)}>
          {t('slot_json_minify')}
        </button>
      </div>
    </div>
  );
}
