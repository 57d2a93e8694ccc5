/**
 * An absurd Retry-After never blocks a key (issue 21, item 5): the wait is capped at 5 minutes,
 * the user is told what the server asked and can retry (a Retry asks the server again at once, issue
 * 33), and signing out and in again never waits behind it. That the capped wait arms no flood of
 * timers is proven with a counting fake clock in test/unit/scheduler-waits.test.ts ("arms one timer,
 * not one per millisecond"), not by 10 s of real time here.
 * A browser of its own: the waits here must not slow the other suites.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { absurdRetryAfterFault } from '../sandbox/faults';
import { DEMO } from '../sandbox/seed';
import { clearCachedAnswers } from './browser';
import { useExtension } from './fixture';
import { msg } from './messages';
import { DashboardPage } from './pages/dashboard-page';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';

const SLOT = 6;
const SLOW = { timeout: 20_000 };
const TOLD = /longer than the 5 minutes this extension waits at most/;

const { sandbox, session } = useExtension({ as: 'premium' });

const credentials = () => ({ baseUrl: sandbox.url, token: DEMO.premium.token, secret: DEMO.premium.secret });

beforeEach(async () => {
  await clearCachedAnswers(session);
});

describe('an absurd Retry-After', () => {
  it('(10^12 seconds) is told, and Retry asks the server again', async () => {
    sandbox.addFault(absurdRetryAfterFault(`/building/options/b-1001/${SLOT}`, 'seconds', { method: 'GET' }));
    const editor = await EditorPage.open(session);
    const slot = editor.slot(SLOT);
    await expect.poll(() => sandbox.log.filter((r) => r.status === 429).length, SLOW).toBe(1);

    await slot.getByRole('alert').filter({ hasText: TOLD }).waitFor(SLOW);

    // Retry asks the server again at once (issue 33, finding 2): it answers, the slot opens.
    await editor.button(SLOT, 'Retry').click();
    await editor.edit(SLOT, SLOW);
    expect(await slot.getByRole('alert').count()).toBe(0);
    await editor.page.close();
  });

  it('(an HTTP-date 30 days ahead): signing out and in again neither waits nor finds the key blocked', async () => {
    sandbox.addFault(absurdRetryAfterFault('/building/details/', 'date', { method: 'GET' }));
    const popup = await DashboardPage.open(session);
    const details = popup.section('Details');
    await details.getByRole('alert').filter({ hasText: TOLD }).waitFor(SLOW);
    // Retry asks the server again at once (issue 33, finding 2); it answers, the details show.
    await details.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => details.getByRole('alert').count(), SLOW).toBe(0);
    await popup.page.close();

    const options = await OptionsPage.open(session);
    const row = options.account('Account 1');
    await row.getByRole('button', { name: 'Sign out of Account 1 (forget its key)' }).click();
    await row
      .getByRole('group', { name: /Forget Account 1\?/ })
      .getByRole('button', { name: 'Yes, forget' })
      .click();
    await row.getByText('Account 1 was signed out.').waitFor(SLOW);
    sandbox.clearLog();
    await options.save(credentials());
    await options.status.filter({ hasText: 'Saved' }).waitFor(SLOW);
    expect(sandbox.log.map((r) => `${r.method} ${r.path} ${r.status}`)).toContain('GET /building/list 200');
    await options.page.close();

    const again = await DashboardPage.open(session);
    await again.section('Details').getByText(msg('details_of', 'Haus Müllerstraße')).waitFor(SLOW);
    expect(await again.section('Details').getByRole('alert').count()).toBe(0);
    await again.page.close();
  });
});
