/** The full editor: the slot workspace, import/export, the document and the backup, on one page context. */
import '../../components/theme.css';
import '../../components/forms.css';
import { EditorApp, sectionOf } from '../../components/editor/EditorApp';
import type { PageContext } from '../../components/page/context';
import { mountPage } from '../../components/page/mount';
import { type Workspace, createWorkspace } from '../../components/slots/workspace';

const intent = location.hash === '#import' ? 'import' : location.hash === '#selection' ? 'selection' : null;
const workspaces = new WeakMap<PageContext, Workspace>();

void mountPage(document.getElementById('app') as HTMLElement, {
  titleKey: 'editor_title',
  // One workspace per profile and epoch: a switch or a sign-out starts from nothing.
  started: (page) => workspaces.set(page, createWorkspace(page)),
  view: (page, profiles) => (
    <EditorApp
      workspace={workspaces.get(page) as Workspace}
      profiles={profiles}
      intent={intent}
      section={sectionOf(location.hash)}
    />
  ),
});
