/**
 * The popup's first render from the worker's first-view item (components/dashboard/mount-dashboard.tsx with
 * lib/storage/first-view-read.ts): the cached details are on screen in the very first render,
 * before any message to the worker; an item of another account or epoch is never shown.
 */
import { screen, waitFor } from '@testing-library/preact';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { mountDashboard } from '../../components/dashboard/mount-dashboard';
import type { FirstView } from '../../lib/storage/first-view';
import { readFirstView } from '../../lib/storage/first-view-read';
import { BUILDING, BUILDINGS } from './dashboard-fixtures';
// What the page loads after its first paint, loaded here first so that no import outlives a test.
import '../../components/dashboard/MoreSections';
import '../../components/page/cached-answers';
import '../../lib/messaging/protocol';
import '../../lib/storage/current-target';
import '../../lib/storage/dashboard-tab';
import '../../lib/storage/profiles';

const PROFILE = 'p-eins';
const profiles = (epoch: number) => ({
  v: 1,
  value: {
    active: PROFILE,
    list: [{ id: PROFILE, name: 'Eins', color: '#2f6fdf', epoch, baseUrl: 'http://127.0.0.1:1' }],
  },
});
const firstView = (epoch: number): FirstView => ({
  profileId: PROFILE,
  epoch,
  target: { kind: 'building', id: 'b-1' },
  buildings: { savedAt: Date.now() - 60_000, value: BUILDINGS },
  details: { buildingId: 'b-1', savedAt: Date.now() - 60_000, value: BUILDING },
});

const page = {
  view: 'popup',
  titleKey: 'popup_title',
  layout: 'compact',
  slotsLayout: 'compact',
  offer: {},
  isPopup: true,
} as const;

let root: HTMLElement;
beforeEach(() => {
  fakeBrowser.reset();
  root = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  render(null, root);
  root.remove();
});

/** The popup's start: one storage read, then the mount; returns the messages sent meanwhile. */
async function openPopup() {
  const sent = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
  const first = await readFirstView('popup');
  mountDashboard(root, page, first);
  return sent;
}

describe('the popup’s first render from the first-view item', () => {
  it('holds the portfolio summary line in its first render, so nothing above the details arrives later', async () => {
    await fakeBrowser.storage.local.set({
      profiles: profiles(3),
      firstView: { v: 1, value: firstView(3) },
      'dashboard.tab.popup': { v: 1, value: 'building' },
    });
    const sent = await openPopup();
    const summary = root.querySelector('.portfolio-summary');
    expect(summary?.textContent).toBe(`${BUILDINGS.length} buildings · open the portfolio`);
    expect(summary?.nextElementSibling?.className).toBe('picker-nav');
    expect(sent).not.toHaveBeenCalled();
  });

  it('shows the cached list and details at once, before any message or storage read of the store', async () => {
    await fakeBrowser.storage.local.set({
      profiles: profiles(3),
      firstView: { v: 1, value: firstView(3) },
      'dashboard.tab.popup': { v: 1, value: 'building' },
    });
    const sent = await openPopup();
    const storedReads = vi.spyOn(fakeBrowser.storage.local, 'get');
    // Synchronously after the mount: the first Preact render already holds the details.
    expect(root.querySelector('.details__title')?.textContent).toBe('Building: Haus Müllerstraße');
    expect(root.textContent).toContain('Königshof');
    expect(root.textContent).toContain('Müllerstraße 7');
    expect(screen.getByRole('tab', { name: 'Building', selected: true })).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();
    expect(storedReads).not.toHaveBeenCalled();

    // After the first paint the store starts and asks the worker (absent here); what is shown stays.
    await waitFor(() => expect(sent).toHaveBeenCalled());
    expect(root.querySelector('.details__title')?.textContent).toBe('Building: Haus Müllerstraße');
  });

  it('opens on the remembered tab', async () => {
    await fakeBrowser.storage.local.set({
      profiles: profiles(0),
      firstView: { v: 1, value: firstView(0) },
      'dashboard.tab.popup': { v: 1, value: 'slots' },
    });
    const sent = await openPopup();
    expect(screen.getByRole('tab', { name: 'Slots', selected: true })).toBeTruthy();
    await waitFor(() => expect(sent).toHaveBeenCalled());
  });

  it('never shows the item of an epoch the profile has left (a sign-out), not even in the first render', async () => {
    await fakeBrowser.storage.local.set({
      profiles: profiles(4),
      firstView: { v: 1, value: firstView(3) },
    });
    const observed: string[] = [];
    const observer = new MutationObserver(() => observed.push(root.textContent ?? ''));
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    const sent = await openPopup();
    observed.push(root.textContent ?? '');
    await waitFor(() => expect(sent).toHaveBeenCalled());
    observer.disconnect();
    expect(root.querySelector('.dashboard__header')).not.toBeNull();
    for (const text of observed) {
      expect(text).not.toContain('Haus Müllerstraße');
      expect(text).not.toContain('Königshof');
    }
  });
});
