/** The dashboard in a full tab: the popup's views with room to breathe, open while browsing. */
import '../../components/dashboard/page.css';
import { openDashboardPage } from '../../components/dashboard/mount-dashboard';

void openDashboardPage({
  view: 'dashboard',
  titleKey: 'dashboard_title',
  layout: 'full',
  slotsLayout: 'full',
  offer: { sidePanel: true },
  isPopup: false,
});
