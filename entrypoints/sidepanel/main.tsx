/** Chrome's side panel (Firefox: the sidebar): the dashboard beside the page, with the Slots tab. */
import '../../components/dashboard/page.css';
import { openDashboardPage } from '../../components/dashboard/mount-dashboard';

void openDashboardPage({
  view: 'sidepanel',
  titleKey: 'sidepanel_title',
  layout: 'compact',
  slotsLayout: 'full',
  offer: { tab: true },
  isPopup: false,
});
