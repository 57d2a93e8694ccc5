/** The dashboard in a full tab: the popup's views with room to breathe, open while browsing. */
import '../../components/dashboard/page.css';
import { mountDashboard } from '../../components/dashboard/mount';
import { readFirstView } from '../../lib/storage/first-view-read';

// One storage read gives the first render: the profiles, the worker's first view and the tab.
void readFirstView('dashboard')
  .catch(() => undefined)
  .then((first) =>
    mountDashboard(
      document.getElementById('app') as HTMLElement,
      {
        view: 'dashboard',
        titleKey: 'dashboard_title',
        layout: 'full',
        slotsLayout: 'full',
        offer: { sidePanel: true },
        isPopup: false,
      },
      first,
    ),
  );
