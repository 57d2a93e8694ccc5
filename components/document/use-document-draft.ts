/**
 * The document text and layout of the editor's current target, kept as a draft (debounced, and at
 * once when the page hides) so closing the tab loses neither; loaded again for that target.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Target } from '../../lib/api/schemas';
import { DEFAULT_LAYOUT, type DocumentLayout } from '../../lib/slots/document';
import { putDocumentDraft, readDocumentDraft } from '../../lib/storage/document-drafts';

const DEBOUNCE_MS = 200;

export function useDocumentDraft(profileId: string, target: Target | null) {
  const [text, setText] = useState('');
  const [layout, setLayout] = useState<DocumentLayout>(DEFAULT_LAYOUT);
  const pending = useRef<(() => void) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const key = target ? `${profileId}:${target.kind}:${target.id}` : '';

  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current?.();
    pending.current = null;
  };

  useEffect(() => {
    setText('');
    setLayout(DEFAULT_LAYOUT);
    if (!target) return;
    let live = true;
    void readDocumentDraft(profileId, target)
      .catch(() => null)
      .then((draft) => {
        if (!live || !draft) return;
        setText(draft.text);
        setLayout(draft.layout);
      });
    window.addEventListener('pagehide', flush);
    return () => {
      live = false;
      flush();
      window.removeEventListener('pagehide', flush);
    };
  }, [key]);

  const keep = (nextText: string, nextLayout: DocumentLayout) => {
    if (!target) return;
    pending.current = () =>
      void putDocumentDraft(profileId, target, { text: nextText, layout: nextLayout, savedAt: Date.now() });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, DEBOUNCE_MS);
  };

  return {
    text,
    layout,
    setText(next: string) {
      setText(next);
      keep(next, layout);
    },
    setLayout(next: DocumentLayout) {
      setLayout(next);
      keep(text, next);
    },
  };
}
