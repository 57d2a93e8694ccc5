/**
 * The document being checked: the pasted text, where it came from, a selection handed over by the
 * context menu, and the worker's check of it (problems or a preview).
 */
import { useEffect, useState } from 'preact/hooks';
import type { AppError } from '../../lib/app-error';
import { MAX_DOCUMENT_BYTES, documentSizeProblem, fileTooLarge } from '../../lib/import/format-sizes';
import { readImportText } from '../../lib/import/import-parser';
import { takePendingImport, takePendingSelection } from '../../lib/storage/pending';
import type { Send } from '../../lib/messaging/page-client';
import type { ImportPreview } from '../../lib/messaging/protocol';
import { DATA_MAX } from '../../lib/slots/count';
import { minifyJson } from '../../lib/slots/validate';
import type { ReadyTargets } from './TargetPreview';

export type Check =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'error'; error: AppError }
  /** JSON that is no import document and larger than a slot: it can be stored as a document. */
  | { status: 'offerDocument'; text: string }
  | ImportPreview
  /** A document with several targets (a restore), planned per target. */
  | { status: 'targets'; preview: ReadyTargets };

/** A document with several targets (`targets` instead of `target`). */
const isMultiTarget = (value: unknown) => typeof value === 'object' && value !== null && 'targets' in value;

/** Not an import document (no `slots`), and too large for one slot once minified. */
function documentOffer(value: unknown, source: string): string | null {
  const isImport = typeof value === 'object' && value !== null && ('slots' in value || 'targets' in value);
  // Laid out token by token from the source: numbers stay exactly as written.
  const text = isImport ? null : minifyJson(source);
  return text !== null && text.length > DATA_MAX ? text : null;
}

export type Intent = 'import' | 'selection' | null;

export function useImportCheck(send: Send, intent: Intent, premium: boolean) {
  const [text, setText] = useState('');
  const [source, setSource] = useState<string | null>(null);
  const [selection, setSelection] = useState<string | null>(null);
  const [check, setCheck] = useState<Check>({ status: 'idle' });
  /** A document across slots: its manifest slot, written last by the job. */
  const [finalSlot, setFinalSlot] = useState<number | undefined>(undefined);

  /** The document previewed last, to preview it again with current values read. */
  const [previewed, setPreviewed] = useState<{ document: unknown; final?: number; targets: boolean } | null>(
    null,
  );

  const preview = async (document: unknown, final?: number, read = false) => {
    setFinalSlot(final);
    setPreviewed({ document, ...(final === undefined ? {} : { final }), targets: false });
    setCheck({ status: 'checking' });
    const answer = await send('previewImport', { document, ...(read ? { read } : {}) });
    if (!answer.ok) return setCheck({ status: 'error', error: answer.error });
    // A document's manifest is written even when unchanged (its time must follow the pieces').
    const value = answer.value;
    setCheck(
      final === undefined || value.status !== 'ready'
        ? value
        : { ...value, items: value.items.map((i) => (i.slot === final ? { ...i, unchanged: false } : i)) },
    );
  };

  /** A preview the page made itself (a document across slots, against what its editor showed). */
  const show = (ready: Extract<ImportPreview, { status: 'ready' }>, final: number) => {
    setFinalSlot(final);
    setCheck(ready);
  };

  const previewTargets = async (document: unknown, read = false) => {
    setFinalSlot(undefined);
    setPreviewed({ document, targets: true });
    setCheck({ status: 'checking' });
    const answer = await send('previewTargets', { document, ...(read ? { read } : {}) });
    if (!answer.ok) return setCheck({ status: 'error', error: answer.error });
    const value = answer.value;
    setCheck(value.status === 'ready' ? { status: 'targets', preview: value } : value);
  };

  const checkText = (value: string) => {
    // The format's one parser: a huge text is never handed to JSON.parse, and a text that cannot be
    // read (size, syntax, an inexact number) is refused here. A document that was read goes to the
    // worker, whose check (the same parser, against the account) is the one shown.
    const parsed = readImportText(value, { premium });
    if (parsed.json === undefined)
      return setCheck({ status: 'problems', problems: parsed.ok ? [] : parsed.problems });
    const offer = documentOffer(parsed.json, value);
    if (offer !== null) return setCheck({ status: 'offerDocument', text: offer });
    void (isMultiTarget(parsed.json) ? previewTargets(parsed.json) : preview(parsed.json));
  };

  const load = (value: string, from: string | null) => {
    // A text over the limit is not put into the text area either.
    setText(documentSizeProblem(value) ? '' : value);
    setSource(from);
    setSelection(null);
    checkText(value);
  };

  useEffect(() => {
    if (intent === 'import') {
      void takePendingImport().then((pending) => {
        if (pending) load(pending.text, pending.source ?? null);
      });
    } else if (intent === 'selection') {
      void takePendingSelection().then((pending) => {
        if (pending) setSelection(pending.text);
      });
    }
    // Runs once: the intent is how this page was opened.
  }, []);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    // A file over any document's limit is refused by its size, without reading it into the page.
    if (file.size > MAX_DOCUMENT_BYTES) {
      setSource(file.name);
      return setCheck({ status: 'problems', problems: [fileTooLarge(file.size, MAX_DOCUMENT_BYTES)] });
    }
    load(await file.text(), file.name);
  };

  /** The same document again, its slots not known read now (the user asked to see their values). */
  const readCurrent = () => {
    if (!previewed) return;
    void (previewed.targets
      ? previewTargets(previewed.document, true)
      : preview(previewed.document, previewed.final, true));
  };

  /** Once its import has started, the checked document is done with. */
  const clear = () => {
    setCheck({ status: 'idle' });
    setText('');
    setSource(null);
  };

  return {
    text,
    setText,
    source,
    selection,
    closeSelection: () => setSelection(null),
    check,
    finalSlot,
    dismiss: () => setCheck({ status: 'idle' }),
    preview,
    show,
    readCurrent,
    checkText,
    load,
    readFile,
    clear,
  };
}
