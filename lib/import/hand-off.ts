/**
 * Handing a payload to the full editor (a page's declared payload from the popup, a selection from
 * the context menu): nothing over the import size limit is stored, it is refused with a message.
 */
import {
  type PendingImport,
  type PendingSelection,
  storePendingImport,
  storePendingSelection,
} from '../storage/pending';
import { sizeProblem } from './format-sizes';

/** Throws an Error naming the size when the text is over the limit. */
function checkSize(text: string): void {
  const problem = sizeProblem(text);
  if (problem) throw new Error(problem.message);
}

export async function putPendingImport(value: PendingImport): Promise<void> {
  checkSize(value.text);
  await storePendingImport(value);
}

export async function putPendingSelection(value: PendingSelection): Promise<void> {
  checkSize(value.text);
  await storePendingSelection(value);
}
