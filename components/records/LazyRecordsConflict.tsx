/**
 * The records view of a save conflict, when both versions may be lists of records: its code (the
 * table's parse and the diff) loads on the first such conflict, not with the editor's first scripts.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { mayBeTable } from './table-session';

type View = ComponentType<{ mine: string; server: string }>;
let loaded: View | null = null;

export function LazyRecordsConflict({ mine, server }: { mine: string; server: string }) {
  const both = mayBeTable(mine) && mayBeTable(server);
  const [View, setView] = useState<View | null>(() => loaded);
  useEffect(() => {
    if (both && !View)
      void import('./RecordsConflict').then(
        (module) => setView(() => (loaded = module.RecordsConflict)),
        // Without the records view the dialog still shows both texts.
        () => undefined,
      );
  }, [both]);
  return both && View ? <View mine={mine} server={server} /> : null;
}
