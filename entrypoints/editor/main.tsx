/** The full editor: the slot workspace, import/export, the document and the backup, on one page context. */
import '../../components/theme.css';
import '../../components/forms.css';
import { EditorApp } from '../../components/editor/EditorApp';
import { sectionOf } from '../../components/editor/sections';
import { mountPage } from '../../components/page/mount';

const intent = location.hash === '#import' ? 'import' : location.hash === '#selection' ? 'selection' : null;

void mountPage(document.getElementById('app') as HTMLElement, {
  titleKey: 'editor_title',
  view: (page, profiles) => (
    <EditorApp page={page} profiles={profiles} intent={intent} section={sectionOf(location.hash)} />
  ),
});
