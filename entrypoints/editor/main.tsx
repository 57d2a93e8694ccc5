import { render } from 'preact';
import '../../components/theme.css';
import { SlotWorkspace } from '../../components/slots/SlotWorkspace';
import { localizeDocument } from '../../lib/i18n';

localizeDocument('editor_title');
render(<SlotWorkspace layout="full" />, document.getElementById('app') as HTMLElement);
