/** Options page wiring: the options page on the page's context, about every profile. */
import '../../components/theme.css';
import '../../components/forms.css';
import '../../components/options/options.css';
import { OptionsApp } from '../../components/options/OptionsApp';
import { mountPage } from '../../components/page/mount';

void mountPage(document.getElementById('app') as HTMLElement, {
  titleKey: 'options_title',
  followsActiveProfile: false,
  view: (page) => <OptionsApp send={page.send} />,
});
