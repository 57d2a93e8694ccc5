/**
 * The import panel as the editor makes it: one model on the page's state (here plain values held
 * in signals a test can change), made and disposed with the view.
 */
import { RestorePart } from '../../components/backup/BackupTab';
import { signal, useModel } from '@preact/signals';
import { render } from '@testing-library/preact';
import type { BuildingListEntry, Target } from '../../lib/api/schemas';
import type { Send } from '../../lib/messaging/page-client';
import type { Intent } from '../../components/import/import-check-model';
import {
  type DocumentSlots,
  type ImportSection,
  ImportPanelModel,
} from '../../components/import/import-panel-model';
import { ImportPanel } from '../../components/import/ImportPanel';

export interface PanelState {
  send: Send;
  profileId: string;
  target: Target | null;
  premium: boolean;
  intent?: Intent;
  buildings?: readonly BuildingListEntry[] | null;
  factories?: readonly { id: string; name: string }[];
  document?: DocumentSlots | null;
  /** The editor's section on screen; without one, the panel shows every part. */
  section?: ImportSection;
}

/** Renders the panel over `state`; `inputs` are the signals the page would change. */
export function renderImportPanel(state: PanelState) {
  const inputs = {
    send: state.send,
    profileId: state.profileId,
    target: signal(state.target),
    premium: signal(state.premium),
    buildings: signal(state.buildings ?? null),
    factories: signal(state.factories ?? []),
    document: signal(state.document ?? null),
  };
  const section = state.section ? { section: signal(state.section) } : {};
  const make = () => new ImportPanelModel({ intent: state.intent ?? null, ...inputs, ...section });
  function Page() {
    const model = useModel(make);
    // In the Backup & restore section the restore's file control is the Backup tab's, above the panel.
    if (state.section !== 'backup') return <ImportPanel model={model} />;
    return (
      <>
        <RestorePart model={model} />
        <ImportPanel model={model} />
      </>
    );
  }
  return { ...render(<Page />), inputs };
}
