/** Popup wiring: the dashboard in compact layout; a page's declared slot payload is offered after it. */
import '../../components/dashboard/page.css';
import { afterPaint } from '../../components/after-paint';
import { openDashboardPage } from '../../components/dashboard/mount-dashboard';

document.body.classList.add('in-popup');
void openDashboardPage({
  view: 'popup',
  titleKey: 'popup_title',
  layout: 'compact',
  slotsLayout: 'compact',
  offer: { tab: true, sidePanel: true },
  isPopup: true,
})
  .then(afterPaint)
  .then(() => {
    // The offer of a page's declared slot payload loads after the first view, outside its bytes.
    const offer = document.getElementById('page-offer');
    if (offer)
      void import('../../components/import/PageOffer').then((module) => module.mountPageOffer(offer));
  });
