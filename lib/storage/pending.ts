/**
 * What the popup (a page's declared payload) and the context menu (selected text) hand to the full
 * editor, in session storage: only extension pages read it, and it is gone when the browser closes.
 * The editor takes it once, then shows the same validation and preview as any import.
 * Only lib/import/hand-off.ts stores one, after checking its size.
 */
import { singleItem } from './registry';
import { z } from '../zod';

const PendingImport = z.object({ text: z.string(), source: z.optional(z.string()), at: z.number() });
export type PendingImport = z.infer<typeof PendingImport>;
const PendingSelection = z.object({ text: z.string(), at: z.number() });
export type PendingSelection = z.infer<typeof PendingSelection>;

const pendingImport = singleItem('session', 'pendingImport', z.nullable(PendingImport), {
  version: 1,
  signOut: 'kept',
  bound: { boundedBy: 'one payload a page hands to the editor' },
  migrations: { 1: (v) => v },
  fallback: () => null,
});
const pendingSelection = singleItem('session', 'pendingSelection', z.nullable(PendingSelection), {
  version: 1,
  signOut: 'kept',
  bound: { boundedBy: 'one selection a page hands to the editor' },
  migrations: { 1: (v) => v },
  fallback: () => null,
});

/** Stores a payload for the editor; its size is checked by lib/import/hand-off.ts, the one caller. */
export const storePendingImport = (value: PendingImport) => pendingImport.set(value);
export const storePendingSelection = (value: PendingSelection) => pendingSelection.set(value);

async function take<T>(item: { get(): Promise<T | null>; remove(): Promise<void> }): Promise<T | null> {
  const value = await item.get();
  await item.remove();
  return value;
}

/** The pending payload, removed as it is read (a reload does not offer it twice). */
export const takePendingImport = () => take(pendingImport);
export const takePendingSelection = () => take(pendingSelection);
