import { render } from 'preact';
import '../../components/theme.css';
import { localizeDocument } from '../../lib/i18n';
import { App } from './App';

localizeDocument('popup_title');
render(<App />, document.getElementById('app') as HTMLElement);
