/** Popup wiring: the dashboard in compact layout; a page's declared slot payload is offered after it. */
import '../../components/dashboard/page.css';
import { afterPaint } from '../../components/after-paint';
import { mountDashboard } from '../../components/dashboard/mount';
import { readFirstView } from '../../lib/storage/first-view-read';

document.body.classList.add('in-popup');
// One storage read gives the first render: the profiles, the worker's first view and the tab.
void readFirstView('popup')
  .catch(() => undefined)
  .then((first) =>
    mountDashboard(
      document.getElementById('app') as HTMLElement,
      {
        view: 'popup',
        titleKey: 'popup_title',
        layout: 'compact',
        slotsLayout: 'compact',
        offer: { tab: true, sidePanel: true },
        isPopup: true,
      },
      first,
    ),
  )
  .then(afterPaint)
  .then(() => {
    // The offer of a page's declared slot payload loads after the first view, outside its bytes.
    const offer = document.getElementById('page-offer');
    if (offer)
      void import('../../components/import/PageOffer').then((module) => module.mountPageOffer(offer));
  });
