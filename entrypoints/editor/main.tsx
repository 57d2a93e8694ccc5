/** The full editor: the slot workspace and import/export, on one page context. */
import '../../components/theme.css';
import { BackupPanel } from '../../components/backup/BackupPanel';
import { ImportPanel } from '../../components/import/ImportPanel';
import type { PageContext } from '../../components/page/context';
import { mountPage } from '../../components/page/mount';
import type { ProfileState } from '../../components/page/mount';
import { ProfileSwitcher } from '../../components/profile/ProfileSwitcher';
import { SlotWorkspace } from '../../components/slots/SlotWorkspace';
import { type Workspace, createWorkspace } from '../../components/slots/workspace';
import { buildingName, factoryName } from '../../components/text';
import { valueOf } from '../../lib/loadable';

const intent = location.hash === '#import' ? 'import' : location.hash === '#selection' ? 'selection' : null;
const workspaces = new WeakMap<PageContext, Workspace>();

function EditorApp({ workspace, profiles }: { workspace: Workspace; profiles: ProfileState }) {
  const { page } = workspace;
  const target = workspace.target.value;
  const buildings = valueOf(workspace.buildings.value);
  const building = target?.kind === 'building' ? buildings?.find((b) => b.id === target.id) : undefined;
  const factory =
    target?.kind === 'factory' ? page.factories.all.value.find((f) => f.id === target.id) : undefined;
  return (
    <>
      <ProfileSwitcher state={profiles} />
      <SlotWorkspace layout="full" page={page} workspace={workspace} />
      <ImportPanel
        target={target}
        targetName={building ? buildingName(building) : factory && factoryName(factory)}
        premium={workspace.premium.value}
        intent={intent}
        buildings={buildings}
        factories={page.factories.all.value}
        send={page.send}
        profileId={page.profileId}
        document={{
          slots: workspace.slots.value.map((model) => model.server.value),
          placeholder: page.placeholder.value.value,
        }}
      />
      <BackupPanel send={page.send} profileId={page.profileId} />
    </>
  );
}

void mountPage(document.getElementById('app') as HTMLElement, {
  titleKey: 'editor_title',
  // One workspace per profile and epoch: a switch or a sign-out starts from nothing.
  started: (page) => workspaces.set(page, createWorkspace(page)),
  view: (page, profiles) => <EditorApp workspace={workspaces.get(page) as Workspace} profiles={profiles} />,
}).then(() => {
  if (intent) document.getElementById('import')?.scrollIntoView();
});
