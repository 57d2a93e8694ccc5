import '../../components/theme.css';
import { ImportPanel } from '../../components/import/ImportPanel';
import { SlotWorkspace } from '../../components/slots/SlotWorkspace';
import { createWorkspace } from '../../components/slots/store';
import { buildingName, factoryName } from '../../components/text';
import type { ImportJob } from '../../lib/import/job';
import { localizeDocument } from '../../lib/i18n';
import { send } from '../../lib/messaging/client';
import { mountForProfile } from '../../components/profile/mount';
import { ProfileSwitcher } from '../../components/profile/ProfileSwitcher';
import type { ProfileState } from '../../components/profile/mount';
import { sameTarget } from '../../lib/slots/keys';

localizeDocument('editor_title');
let workspace = createWorkspace(send, '');
let workspaceGeneration: string | null = null;
const intent = location.hash === '#import' ? 'import' : location.hash === '#selection' ? 'selection' : null;

/** After an import into the target on screen, its slots are read again. */
function reload(job: ImportJob): void {
  if (!sameTarget(workspace.target.value, job.target)) return;
  for (const model of workspace.slots.value) void workspace.retry(model);
}

function EditorApp({ profiles }: { profiles: ProfileState }) {
  const target = workspace.target.value;
  const buildings = workspace.buildings.value;
  const name =
    target?.kind === 'building' && buildings.status === 'ready'
      ? buildings.value.find((b) => b.id === target.id)
      : undefined;
  const factory =
    target?.kind === 'factory' ? workspace.factoryList.all.value.find((f) => f.id === target.id) : undefined;
  return (
    <>
      <ProfileSwitcher state={profiles} />
      <SlotWorkspace layout="full" workspace={workspace} />
      <ImportPanel
        target={target}
        targetName={name ? buildingName(name) : factory && factoryName(factory)}
        premium={workspace.premium.value}
        intent={intent}
        buildings={buildings.status === 'ready' ? buildings.value : null}
        factories={workspace.factoryList.all.value}
        onFinished={reload}
        document={{
          slots: workspace.slots.value.map((model) => model.server.value),
          placeholder: workspace.placeholder.value.value,
        }}
      />
    </>
  );
}

void mountForProfile(document.getElementById('app') as HTMLElement, (profiles) => {
  // One workspace per profile and epoch: a switch or a sign-out starts from nothing.
  if (workspaceGeneration !== profiles.generation) {
    workspaceGeneration = profiles.generation;
    workspace.dispose();
    workspace = createWorkspace(send, profiles.active ?? '');
  }
  return <EditorApp profiles={profiles} />;
});
if (intent) document.getElementById('import')?.scrollIntoView();
