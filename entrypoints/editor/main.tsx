import { render } from 'preact';
import '../../components/theme.css';
import { ImportPanel } from '../../components/import/ImportPanel';
import { SlotWorkspace } from '../../components/slots/SlotWorkspace';
import { createWorkspace } from '../../components/slots/store';
import { buildingName } from '../../components/text';
import type { ImportJob } from '../../lib/import/job';
import { localizeDocument } from '../../lib/i18n';
import { send } from '../../lib/messaging/client';
import { sameTarget } from '../../lib/slots/keys';

localizeDocument('editor_title');
const workspace = createWorkspace(send);
const intent = location.hash === '#import' ? 'import' : location.hash === '#selection' ? 'selection' : null;

/** After an import into the target on screen, its slots are read again. */
function reload(job: ImportJob): void {
  if (!sameTarget(workspace.target.value, job.target)) return;
  for (const model of workspace.slots.value) void workspace.retry(model);
}

function EditorApp() {
  const target = workspace.target.value;
  const buildings = workspace.buildings.value;
  const name =
    target?.kind === 'building' && buildings.status === 'ready'
      ? buildings.value.find((b) => b.id === target.id)
      : undefined;
  const factory =
    target?.kind === 'factory' ? workspace.factories.value.find((f) => f.id === target.id) : undefined;
  return (
    <>
      <SlotWorkspace layout="full" workspace={workspace} />
      <ImportPanel
        target={target}
        targetName={name ? buildingName(name) : factory?.name || undefined}
        premium={workspace.premium.value}
        intent={intent}
        buildings={buildings.status === 'ready' ? buildings.value : null}
        onFinished={reload}
      />
    </>
  );
}

render(<EditorApp />, document.getElementById('app') as HTMLElement);
if (intent) document.getElementById('import')?.scrollIntoView();
