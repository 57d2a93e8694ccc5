/**
 * A Retry-After past JavaScript's last date (10^14 s), in Chromium against the sandbox, in a browser
 * of its own (no wait of an earlier test on the key): the import pauses and says the answer is
 * broken, in words, instead of a RangeError freezing the panel; once the server answers again,
 * Resume finishes it (issue 33, finding 3).
 */
import { describe, expect, it } from 'vitest';
import { useExtension } from './fixture';
import { SLOW, refuseWrites, sixSlotImport } from './import-pause-helpers';

const BROKEN =
  /^Paused: the server asks to wait 100,000,000,000,000 seconds, past the last date a calendar here can hold: that is no wait but a broken answer\. \d+ of 6 slots settled; the others are left as they were\. Resume asks the server again\.$/;

const { sandbox, session } = useExtension({ as: 'premium' });

describe('an import and a Retry-After past any date', () => {
  it('is paused with the broken answer said in words, and Resume finishes it once the server answers again', async () => {
    const panel = await sixSlotImport(session, (i) => `Far ${i}`);
    refuseWrites(sandbox, '100000000000000', 1);
    await panel.confirm.click();
    await expect.poll(() => panel.summary.textContent(), SLOW).toMatch(BROKEN);
    await panel.page.getByRole('button', { name: 'Resume this import' }).click();
    await expect.poll(() => panel.summary.textContent(), SLOW).toMatch(/^Finished: 6 written/);
    await panel.page.close();
  });
});
