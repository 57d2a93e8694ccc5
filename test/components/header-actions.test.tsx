/**
 * The header's menu (HeaderActions: the Menu disclosure and its lazily loaded items): it opens and
 * closes as a disclosure does, and each item opens its view through the browser's tabs and side panel.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DASHBOARD_PLACES, EDITOR_PLACES, HeaderActions } from '../../components/dashboard/HeaderActions';

const toggle = () => screen.getByRole('button', { name: 'Menu' });
/** The URLs of the tabs opened (the fake browser starts with one blank tab). */
const tabUrls = async () => (await fakeBrowser.tabs.query({})).flatMap((tab) => (tab.url ? [tab.url] : []));

beforeEach(() => fakeBrowser.reset());
afterEach(() => {
  delete (globalThis as { chrome?: unknown }).chrome;
});

describe('HeaderActions', () => {
  it('opens on Menu, closes on Escape (focus back on Menu) and on a click outside', async () => {
    let refreshed = 0;
    render(
      <HeaderActions
        onRefresh={() => void (refreshed += 1)}
        offer={{ tab: true }}
        closeAfterOpening={false}
        places={DASHBOARD_PLACES}
        inPlace={false}
      />,
    );
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    const names = ['Refresh', 'Open in tab', 'Import & export', 'Document', 'Backup & restore', 'Settings'];
    for (const name of names) expect(await screen.findByText(name)).toBeTruthy();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());

    fireEvent.click(toggle());
    fireEvent.pointerDown(document.body);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(refreshed).toBe(1);
    expect(toggle().getAttribute('aria-expanded')).toBe('false'); // a choice closes the menu
  });

  it('opens the dashboard and an editor section in new tabs from the popup', async () => {
    render(
      <HeaderActions
        offer={{ tab: true }}
        closeAfterOpening={false}
        places={DASHBOARD_PLACES}
        inPlace={false}
      />,
    );
    fireEvent.click(toggle());
    fireEvent.click(await screen.findByRole('button', { name: 'Open in tab' }));
    await waitFor(async () => expect(await tabUrls()).toEqual([expect.stringMatching(/\/dashboard\.html$/)]));

    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('link', { name: 'Backup & restore' }));
    await waitFor(async () =>
      expect(await tabUrls()).toContainEqual(expect.stringMatching(/\/editor\.html#backup$/)),
    );
  });

  it('in a full tab, a place is a link the tab follows itself (Back returns)', async () => {
    render(<HeaderActions offer={{}} closeAfterOpening={false} places={EDITOR_PLACES} inPlace />);
    fireEvent.click(toggle());
    const link = await screen.findByRole('link', { name: 'Dashboard' });
    expect(link.getAttribute('href')).toBe('/dashboard.html');
    expect(screen.queryByRole('button', { name: 'Open in tab' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open side panel' })).toBeNull();
  });

  it("opens Chrome's side panel in the window it was offered in", async () => {
    const opened: { windowId: number }[] = [];
    (globalThis as { chrome?: unknown }).chrome = {
      sidePanel: { open: async (options: { windowId: number }) => void opened.push(options) },
    };
    const window = await fakeBrowser.windows.create({});
    if (!window) throw new Error('the fake browser made no window');
    fakeBrowser.windows.getCurrent = async () => window;
    render(
      <HeaderActions offer={{ sidePanel: true }} closeAfterOpening={false} places={[]} inPlace={false} />,
    );
    fireEvent.click(toggle());
    const button = await screen.findByRole('button', { name: 'Open side panel' });
    // The window is known before the click (Chrome opens the panel only inside the click's gesture).
    await waitFor(() => {
      fireEvent.click(button);
      expect(opened).toEqual([{ windowId: window.id }]);
    });
  });
});
