/**
 * Portfolio alerts as the browser's notifications (the optional `notifications` permission): the
 * notification's id names the profile and the building, and a click opens that building in the
 * dashboard tab.
 */
import { browser } from 'wxt/browser';
import { t } from '../i18n';
import { currentTargetItem } from '../storage/current-target';
import type { PortfolioAlert } from './alerts';

const ALERT_PREFIX = 'portfolio-alert|';

/** Shows an alert when the user granted the permission; a failure is the caller's to report. */
export async function showAlert(alert: PortfolioAlert): Promise<void> {
  if (!(await browser.permissions.contains({ permissions: ['notifications'] }))) return;
  const rooms = alert.rooms.join(', ');
  const message =
    alert.kind === 'freed'
      ? t('alert_freed', rooms)
      : alert.kind === 'let'
        ? t('alert_let', rooms)
        : t('alert_late', rooms);
  await browser.notifications.create(`${ALERT_PREFIX}${alert.profileId}|${alert.buildingId}|${Date.now()}`, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: alert.building,
    message,
  });
}

/** A click on an alert opens its building in the dashboard tab; other notifications are not ours. */
export async function openAlert(notificationId: string): Promise<void> {
  if (!notificationId.startsWith(ALERT_PREFIX)) return;
  const [profileId, buildingId] = notificationId.slice(ALERT_PREFIX.length).split('|');
  if (!profileId || !buildingId) return;
  await currentTargetItem(profileId).set({ kind: 'building', id: buildingId });
  await browser.tabs.create({ url: browser.runtime.getURL('/dashboard.html') });
  await browser.notifications.clear(notificationId);
}
