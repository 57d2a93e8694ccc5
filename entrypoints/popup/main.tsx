import { render } from 'preact';
import '../../components/theme.css';
import '../../components/dashboard/dashboard.css';
import { localizeDocument } from '../../lib/i18n';
import { App } from './App';

localizeDocument('popup_title');
document.body.classList.add('in-popup');
render(<App />, document.getElementById('app') as HTMLElement);
