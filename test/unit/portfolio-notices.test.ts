/** Portfolio alerts as notifications (wxt's fake browser): shown with the building's name, and a click opens it. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openAlert, showAlert } from '../../lib/portfolio/notices';
import { currentTargetItem } from '../../lib/storage/current-target';

const alert = {
  profileId: 'p1',
  buildingId: 'b-3001',
  building: 'Lindenallee 1',
  kind: 'freed' as const,
  rooms: ['Zimmer 1'],
};

/** The fake browser does not model permissions (its `contains` is typed as returning nothing). */
const permissions = fakeBrowser.permissions as unknown as { contains(request: unknown): Promise<boolean> };

beforeEach(() => {
  fakeBrowser.reset();
  // The user granted notifications.
  vi.spyOn(permissions, 'contains').mockResolvedValue(true);
});

describe('portfolio notices', () => {
  it('shows an alert titled with the building, with the message of its kind', async () => {
    await showAlert(alert);
    const shown = Object.entries(fakeBrowser.notifications.getAllCreateOptions());
    expect(shown).toEqual([
      [
        expect.stringMatching(/^portfolio-alert\|p1\|b-3001\|\d+$/),
        // The fake browser's i18n answers with the message's name (its text is in messages.json).
        expect.objectContaining({ title: 'Lindenallee 1', message: 'alert_freed' }),
      ],
    ]);
  });

  it('shows nothing without the permission', async () => {
    vi.spyOn(permissions, 'contains').mockResolvedValue(false);
    await showAlert(alert);
    expect(fakeBrowser.notifications.getAllCreateOptions()).toEqual({});
  });

  it('a click opens the building in the dashboard tab and clears the alert', async () => {
    await showAlert(alert);
    const [id] = Object.keys(fakeBrowser.notifications.getAllCreateOptions()) as [string];
    await openAlert(id);
    expect(await currentTargetItem('p1').get()).toEqual({ kind: 'building', id: 'b-3001' });
    const tabs = await fakeBrowser.tabs.query({});
    expect(tabs.some((tab) => tab.url?.endsWith('/dashboard.html'))).toBe(true);
    expect(fakeBrowser.notifications.getAllCreateOptions()).toEqual({});
  });

  it('a click on another notification opens nothing', async () => {
    await openAlert('something-else|p1|b-3001');
    expect(await fakeBrowser.tabs.query({})).toHaveLength(1);
  });
});
