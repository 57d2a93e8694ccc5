/**
 * The set-up the import pause suites share (import-pause.test.ts, import-pause-broken.test.ts): an
 * import of 6 slots into the first building, ready to confirm, and the server's 429 that pauses it.
 */
import type { Sandbox } from '../sandbox/server';
import { DEMO } from '../sandbox/seed';
import type { ExtensionSession } from './browser';
import { ImportPanelPage } from './pages/import-panel';

/** How long a pause or a finish may take to be said. */
export const SLOW = { timeout: 20_000 };

/**
 * The import panel with 6 slots chosen for the first building (titled by `title`), Confirm shown;
 * the editor's own slot reads first done, unless `slotsRead` is false: while the key waits out a
 * 429 past the cap, a slot the cache lacks is read only once the wait ends (Resume ends it).
 */
export async function sixSlotImport(
  session: ExtensionSession,
  title: (index: number) => string,
  { slotsRead = true } = {},
): Promise<ImportPanelPage> {
  // Every slot shown and read first: a count of "Loading slot…" is 0 also before the slots render,
  // and a read still under way when the job's 429 came was told the wait and left the slot uncached.
  const panel = slotsRead
    ? await ImportPanelPage.openAfterSlots(session)
    : await ImportPanelPage.open(session);
  await panel.chooseFile('slots.json', {
    target: { kind: 'building', id: DEMO.buildings.juergen[0] },
    slots: Array.from({ length: 6 }, (_, i) => ({ slot: i + 1, title: title(i), data: `${i}` })),
  });
  await panel.confirm.waitFor();
  return panel;
}

/** Slot writes answered 429 with `retryAfter` (seconds): every one, or the next `times`. */
export function refuseWrites(sandbox: Sandbox, retryAfter: string, times?: number): void {
  sandbox.addFault({
    path: '/building/options',
    method: 'POST',
    kind: 'status',
    status: 429,
    headers: { 'Retry-After': retryAfter },
    ...(times === undefined ? {} : { times }),
  });
}
