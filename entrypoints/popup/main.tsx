import { render } from 'preact';
import '../../components/theme.css';
import '../../components/dashboard/dashboard.css';
import { localizeDocument } from '../../lib/i18n';
import { App } from './App';

localizeDocument('popup_title');
document.body.classList.add('in-popup');
render(<App />, document.getElementById('app') as HTMLElement);
// The offer of a page's declared slot payload loads after the first view, outside its bytes.
const offer = document.getElementById('page-offer');
if (offer) void import('../../components/import/PageOffer').then((module) => module.mountPageOffer(offer));
