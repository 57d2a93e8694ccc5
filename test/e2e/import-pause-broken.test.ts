/**
 * A Retry-After past JavaScript's last date (10^14 s), in Chromium against the sandbox, in a browser
 * of its own (no wait of an earlier test on the key): the import pauses and says the answer is
 * broken, in words, instead of a RangeError freezing the panel; once the server answers again,
 * Resume finishes it (issue 33, finding 3).
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../sandbox/seed';
import { useExtension } from './fixture';
import { ImportPanelPage } from './pages/import-panel';

const SLOW = { timeout: 20_000 };
const BROKEN =
  /^Paused: the server asks to wait 100,000,000,000,000 seconds, past the last date a calendar here can hold: that is no wait but a broken answer\. \d+ of 6 slots settled; the others are left as they were\. Resume asks the server again\.$/;

const { sandbox, session } = useExtension({ as: 'premium' });

describe('an import and a Retry-After past any date', () => {
  it('is paused with the broken answer said in words, and Resume finishes it once the server answers again', async () => {
    const panel = await ImportPanelPage.open(session);
    await expect.poll(() => panel.page.getByText('Loading slot…').count()).toBe(0);
    await panel.chooseFile('slots.json', {
      target: { kind: 'building', id: DEMO.buildings.juergen[0] },
      slots: Array.from({ length: 6 }, (_, i) => ({ slot: i + 1, title: `Far ${i}`, data: `${i}` })),
    });
    await panel.confirm.waitFor();
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '100000000000000' },
      times: 1,
    });
    await panel.confirm.click();
    await expect.poll(() => panel.summary.textContent(), SLOW).toMatch(BROKEN);
    await panel.page.getByRole('button', { name: 'Resume this import' }).click();
    await expect.poll(() => panel.summary.textContent(), SLOW).toMatch(/^Finished: 6 written/);
    await panel.page.close();
  });
});
