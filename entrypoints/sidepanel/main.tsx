/** Chrome's side panel (Firefox: the sidebar): the dashboard beside the page, with the Slots tab. */
import '../../components/dashboard/page.css';
import { mountDashboard } from '../../components/dashboard/mount';
import { readFirstView } from '../../lib/storage/first-view-read';

// One storage read gives the first render: the profiles, the worker's first view and the tab.
void readFirstView('sidepanel')
  .catch(() => undefined)
  .then((first) =>
    mountDashboard(
      document.getElementById('app') as HTMLElement,
      {
        view: 'sidepanel',
        titleKey: 'sidepanel_title',
        layout: 'compact',
        slotsLayout: 'full',
        offer: { tab: true },
        isPopup: false,
      },
      first,
    ),
  );
