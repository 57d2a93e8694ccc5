import { render } from 'preact';
import '../../components/theme.css';
import { localizeDocument } from '../../lib/i18n';
import { App } from './App';

localizeDocument('options_title');
render(<App />, document.getElementById('app') as HTMLElement);
