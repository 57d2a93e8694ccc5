/**
 * The document being checked: the pasted text, where it came from, a selection handed over by the
 * context menu, and the worker's check of it (problems or a preview).
 */
import { type ReadonlySignal, createModel, effect, signal } from '@preact/signals';
import type { AppError } from '../../lib/app-error';
import { MAX_DOCUMENT_BYTES, documentSizeProblem, fileTooLarge } from '../../lib/import/format-sizes';
import { readImportText } from '../../lib/import/import-parser';
import { takePendingImport, takePendingSelection } from '../../lib/storage/pending';
import type { Send } from '../../lib/messaging/page-client';
import type { ImportPreview } from '../../lib/messaging/protocol';
import { DATA_MAX } from '../../lib/api/slot-limits';
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

/** What the page was opened for: a page's payload (#import) or selected text (#selection). */
export type Intent = 'import' | 'selection' | null;

/** `premium`: the account's slot count, which a document is read against. */
export const ImportCheckModel = createModel(
  (send: Send, intent: Intent, premium: ReadonlySignal<boolean>) => {
    const text = signal('');
    const source = signal<string | null>(null);
    const selection = signal<string | null>(null);
    const check = signal<Check>({ status: 'idle' });
    /** A document across slots: its manifest slot, written last by the job. */
    const finalSlot = signal<number | undefined>(undefined);
    /** The document previewed last, to preview it again with current values read. */
    let previewed: { document: unknown; final?: number; targets: boolean } | null = null;

    const preview = async (document: unknown, final?: number, read = false) => {
      finalSlot.value = final;
      previewed = { document, ...(final === undefined ? {} : { final }), targets: false };
      check.value = { status: 'checking' };
      const answer = await send('previewImport', { document, ...(read ? { read } : {}) });
      if (!answer.ok) return void (check.value = { status: 'error', error: answer.error });
      // A document's manifest is written even when unchanged (its time must follow the pieces').
      const value = answer.value;
      check.value =
        final === undefined || value.status !== 'ready'
          ? value
          : { ...value, items: value.items.map((i) => (i.slot === final ? { ...i, unchanged: false } : i)) };
    };

    const previewTargets = async (document: unknown, read = false) => {
      finalSlot.value = undefined;
      previewed = { document, targets: true };
      check.value = { status: 'checking' };
      const answer = await send('previewTargets', { document, ...(read ? { read } : {}) });
      if (!answer.ok) return void (check.value = { status: 'error', error: answer.error });
      const value = answer.value;
      check.value = value.status === 'ready' ? { status: 'targets', preview: value } : value;
    };

    const checkText = (value: string) => {
      // The format's one parser: a huge text is never handed to JSON.parse, and a text that cannot be
      // read (size, syntax, an inexact number) is refused here. A document that was read goes to the
      // worker, whose check (the same parser, against the account) is the one shown.
      const parsed = readImportText(value, { premium: premium.peek() });
      if (parsed.json === undefined)
        return void (check.value = { status: 'problems', problems: parsed.ok ? [] : parsed.problems });
      const offer = documentOffer(parsed.json, value);
      if (offer !== null) return void (check.value = { status: 'offerDocument', text: offer });
      void (isMultiTarget(parsed.json) ? previewTargets(parsed.json) : preview(parsed.json));
    };

    const load = (value: string, from: string | null) => {
      // A text over the limit is not put into the text area either.
      text.value = documentSizeProblem(value) ? '' : value;
      source.value = from;
      selection.value = null;
      checkText(value);
    };

    // What the page was opened with is taken once, while the model lives.
    effect(() => {
      let live = true;
      if (intent === 'import') {
        void takePendingImport().then((pending) => {
          if (live && pending) load(pending.text, pending.source ?? null);
        });
      } else if (intent === 'selection') {
        void takePendingSelection().then((pending) => {
          if (live && pending) selection.value = pending.text;
        });
      }
      return () => {
        live = false;
      };
    });

    return {
      text,
      source,
      selection,
      check,
      finalSlot,
      setText: (value: string) => (text.value = value),
      closeSelection: () => (selection.value = null),
      dismiss: () => (check.value = { status: 'idle' }),
      preview: (document: unknown) => preview(document),
      /** A preview the page made itself (a document across slots, against what its editor showed). */
      show: (ready: Extract<ImportPreview, { status: 'ready' }>, final: number) => {
        finalSlot.value = final;
        check.value = ready;
      },
      /** The same document again, its slots not known read now (the user asked to see their values). */
      readCurrent: () => {
        if (!previewed) return;
        void (previewed.targets
          ? previewTargets(previewed.document, true)
          : preview(previewed.document, previewed.final, true));
      },
      checkText,
      load,
      readFile: async (file: File | undefined) => {
        if (!file) return;
        // A file over any document's limit is refused by its size, without reading it into the page.
        if (file.size > MAX_DOCUMENT_BYTES) {
          source.value = file.name;
          check.value = { status: 'problems', problems: [fileTooLarge(file.size, MAX_DOCUMENT_BYTES)] };
          return;
        }
        load(await file.text(), file.name);
      },
      /** Once its import has started, the checked document is done with. */
      clear: () => {
        check.value = { status: 'idle' };
        text.value = '';
        source.value = null;
      },
    };
  },
);

export type ImportCheckModel = InstanceType<typeof ImportCheckModel>;
