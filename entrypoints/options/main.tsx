/** Options page wiring: the options store on the page's context, about every profile. */
import '../../components/theme.css';
import '../../components/forms.css';
import '../../components/options/options.css';
import { OptionsApp } from '../../components/options/OptionsApp';
import { type OptionsStore, createOptionsStore } from '../../components/options/options-store';
import { mountPage } from '../../components/page/mount';

let store: OptionsStore | null = null;
void mountPage(document.getElementById('app') as HTMLElement, {
  titleKey: 'options_title',
  followsActiveProfile: false,
  started: (page) => (store = createOptionsStore(page.send)),
  view: () => <OptionsApp store={store as OptionsStore} />,
});
