/** Accessibility of every extension page, in light and dark: axe-core finds no serious or critical violation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../sandbox/seed';
import { type Sandbox, startSandbox } from '../sandbox/server';
import { seriousViolations } from './axe';
import { type ExtensionSession, launchExtension } from './browser';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`accessibility, ${colorScheme} theme`, () => {
    let session: ExtensionSession;
    beforeAll(async () => {
      sandbox.reset();
      session = await launchExtension({ colorScheme });
    });
    afterAll(async () => {
      await session.close();
    });

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

    it('the scan itself finds a known violation (an unlabeled field)', async () => {
      const page = await session.context.newPage();
      await page.setContent('<main><input type="text"></main>');
      expect((await seriousViolations(page)).map((v) => v.id)).toContain('label');
      await page.close();
    });

    it('the popup', async () => {
      const popup = await PopupPage.open(session);
      await popup.buildings.first().waitFor();
      expect(await seriousViolations(popup.page)).toEqual([]);
    });
  });
}
