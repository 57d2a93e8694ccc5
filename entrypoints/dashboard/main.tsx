/** The dashboard in a full tab: the popup's views with room to breathe, open while browsing. */
import '../../components/dashboard/page.css';
import { mountDashboard } from '../../components/dashboard/mount';

mountDashboard(document.getElementById('app') as HTMLElement, {
  view: 'dashboard',
  titleKey: 'dashboard_title',
  layout: 'full',
  slotsLayout: 'full',
  offer: { sidePanel: true },
  isPopup: false,
});
