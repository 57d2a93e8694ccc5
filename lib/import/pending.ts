/**
 * What the popup (a page's declared payload) and the context menu (selected text) hand to the full
 * editor, in session storage: only extension pages read it, and it is gone when the browser closes.
 * The editor takes it once, then shows the same validation and preview as any import.
 * Nothing over the import size limit is stored: it is refused with a message instead.
 */
import { browser } from 'wxt/browser';
import { z } from '../zod';
import { sizeProblem } from './format';

export const PENDING_IMPORT_KEY = 'pendingImport.v1';
export const PENDING_SELECTION_KEY = 'pendingSelection.v1';

const PendingImport = z.object({ text: z.string(), source: z.optional(z.string()), at: z.number() });
export type PendingImport = z.infer<typeof PendingImport>;
const PendingSelection = z.object({ text: z.string(), at: z.number() });
export type PendingSelection = z.infer<typeof PendingSelection>;

/** Throws an Error naming the size when the text is over the limit. */
function checkSize(text: string): void {
  const problem = sizeProblem(text);
  if (problem) throw new Error(problem.message);
}

export async function putPendingImport(value: PendingImport): Promise<void> {
  checkSize(value.text);
  await browser.storage.session.set({ [PENDING_IMPORT_KEY]: value });
}

export async function putPendingSelection(value: PendingSelection): Promise<void> {
  checkSize(value.text);
  await browser.storage.session.set({ [PENDING_SELECTION_KEY]: value });
}

async function take<T>(key: string, schema: z.ZodMiniType<T>): Promise<T | null> {
  const found = (await browser.storage.session.get(key))[key];
  if (found === undefined) return null;
  await browser.storage.session.remove(key);
  const parsed = schema.safeParse(found);
  return parsed.success ? parsed.data : null;
}

/** The pending payload, removed as it is read (a reload does not offer it twice). */
export const takePendingImport = () => take(PENDING_IMPORT_KEY, PendingImport);
export const takePendingSelection = () => take(PENDING_SELECTION_KEY, PendingSelection);
