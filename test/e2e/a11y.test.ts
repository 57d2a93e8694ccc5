/** Accessibility of every extension page, in light and dark: axe-core finds no serious or critical violation. */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../sandbox/seed';
import { seriousViolations } from './axe';
import { clearCachedAnswers } from './browser';
import { useExtension } from './fixture';
import { DashboardPage } from './pages/dashboard-page';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`accessibility of the options form, ${colorScheme} theme`, () => {
    // The options page's own test: set up through its form, from an empty install.
    const { sandbox, session } = useExtension({ browser: { colorScheme } });

    it('the options page, empty and after a connection test', async () => {
      const options = await OptionsPage.open(session);
      expect(await seriousViolations(options.page)).toEqual([]);
      await options.fill({ baseUrl: 'http://example.com', token: '' });
      await options.button('Save').click();
      expect(await seriousViolations(options.page)).toEqual([]);
      await options.fill({ baseUrl: sandbox.url, token: DEMO.readonly.token });
      await options.button('Test connection').click();
      await options.page.getByText('Connection works').waitFor();
      expect(await seriousViolations(options.page)).toEqual([]);
      await options.save({ baseUrl: sandbox.url, token: DEMO.premium.token, secret: DEMO.premium.secret });
      await options.page.getByText('Saved.').waitFor();
    });
  });

  describe(`accessibility, ${colorScheme} theme`, () => {
    // Every test set up anew through the test door: each passes alone and in any order.
    const { sandbox, session } = useExtension({ as: 'premium', browser: { colorScheme } });

    it('the scan itself finds a known violation (an unlabeled field)', async () => {
      const page = await session.context.newPage();
      await page.setContent('<main><input type="text"></main>');
      expect((await seriousViolations(page)).map((v) => v.id)).toContain('label');
      await page.close();
    });

    it('the scan finds a name that hides its visible label (WCAG 2.5.3)', async () => {
      const page = await session.context.newPage();
      await page.setContent(
        '<main><button aria-label="Undo the import of 2 May">Undo this import</button></main>',
      );
      expect((await seriousViolations(page)).map((v) => v.id)).toContain('label-content-name-mismatch');
      await page.close();
    });

    it('the popup', async () => {
      const popup = await PopupPage.open(session);
      await popup.buildings.first().waitFor();
      expect(await seriousViolations(popup.page)).toEqual([]);
    });

    it('the popup’s Slots tab with one slot open', async () => {
      const popup = await DashboardPage.open(session);
      await popup.tab('Slots').click();
      await popup.page.getByRole('button', { name: 'Edit slot 1', exact: true }).click();
      await popup.page.getByRole('group', { name: 'Slot 1' }).getByLabel('Title', { exact: true }).waitFor();
      expect(await seriousViolations(popup.page)).toEqual([]);
      await popup.page.close();
    });

    it('the full editor: 20 slots, a failed read, a failed save and a conflict', async () => {
      sandbox.reset();
      await clearCachedAnswers(session);
      sandbox.addFault({ path: '/building/options/b-1001/6', method: 'GET', kind: 'status', status: 404 });
      const editor = await EditorPage.open(session);
      await editor.allRead();
      await editor.slot(6).getByRole('alert').waitFor();
      // The folded empty slots, before any is opened.
      expect(await seriousViolations(editor.page)).toEqual([]);
      // A save refused by the server.
      sandbox.addFault({ path: '/building/options', method: 'POST', kind: 'status', status: 500, times: 1 });
      await editor.edit(9);
      await editor.title(9).fill('Wird abgelehnt');
      await editor.save(9);
      await editor.slot(9).getByRole('alert').waitFor();
      // A conflict: the slot changed behind the editor's back.
      await fetch(`${sandbox.url}/building/options`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${DEMO.premium.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          apiSecret: DEMO.premium.secret,
          buildingId: 'b-1001',
          option: 8,
          title: 'Von woanders',
          data: '',
        }),
      });
      await editor.edit(8);
      await editor.title(8).fill('Meins');
      await editor.save(8);
      await editor.slot(8).getByRole('alertdialog').waitFor();
      // Over the limit: the counter and the blocked save.
      await editor.edit(10);
      await editor.title(10).fill('x'.repeat(65));
      await editor.save(10);
      await editor.slot(10).getByRole('alert').waitFor();
      await editor.button(1, /^History/).click();
      expect(await seriousViolations(editor.page)).toEqual([]);
      await editor.page.close();
      sandbox.reset();
    });

    for (const path of ['sidepanel.html', 'dashboard.html'] as const) {
      it(`${path} with data, transactions open`, async () => {
        const view = await DashboardPage.open(session, path);
        await expect
          .poll(() =>
            view
              .table(/^Tenants:/)
              .getByRole('row')
              .count(),
          )
          .toBeGreaterThan(1);
        await view.button('Show transactions of Mietkonto Haus Müllerstraße').click();
        await view.table(/^Transactions 1 to 25/).waitFor();
        expect(await seriousViolations(view.page)).toEqual([]);
        await view.tab('Slots').click();
        await view.page.getByRole('group', { name: 'Slot 1' }).first().waitFor();
        await expect.poll(() => view.page.getByText('Loading slot…').count()).toBe(0);
        expect(await seriousViolations(view.page)).toEqual([]);
        await view.page.close();
      });
    }

    it('the dashboard tab’s portfolio: its table, filter, exports and settings', async () => {
      const view = await DashboardPage.open(session, 'dashboard.html#portfolio');
      // The rows come from the building list the earlier pages cached: no wait for the budget.
      await expect.poll(() => view.table('All buildings').locator('tbody tr').count()).toBe(3);
      expect(await seriousViolations(view.page)).toEqual([]);
      await view.page.close();
    });
  });
}
