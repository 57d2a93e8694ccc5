/**
 * The extension against the sandbox answering as the live service does, with its request limit
 * (10 requests per key in a window, here 50 s on the build's ×10 clock, 429 with Retry-After): reopening the popup costs at most one
 * request, all 20 slots arrive with none shown as failed while the wait is counted down, and a save
 * made while the budget is spent is written when it allows.
 */
import { describe, expect, it } from 'vitest';
import { LIVE_DEMO } from '../sandbox/server';
import { useExtension } from './fixture';
import { msg } from './messages';
import { DashboardPage } from './pages/dashboard-page';
import { EditorPage } from './pages/editor-page';
import { settled } from './waits';

const { sandbox, session } = useExtension({
  sandbox: { profile: 'live' },
  // Each test from a new install: the second's request limit is not the first's.
  as: 'premium',
});
const SLOW = { timeout: 60_000 };
const [waitingPrefix = ''] = msg('rateLimit_waiting', '\u0000').split('\u0000');

async function openPopupUntilDetails(): Promise<DashboardPage> {
  const popup = await DashboardPage.open(session);
  await expect
    .poll(() => popup.section('Details').textContent(), SLOW)
    .toContain(LIVE_DEMO.pillboxHill.label);
  return popup;
}

describe('within the live request limit', () => {
  it('reopening the popup within the freshness window costs at most one request', async () => {
    sandbox.clearLog();
    const first = await openPopupUntilDetails();
    // The first open reads the list and the four sections of the building; all of them kept.
    await expect.poll(() => sandbox.log.length, SLOW).toBeGreaterThanOrEqual(5);
    await settled(session);
    await first.page.close();
    sandbox.clearLog();
    const popup = await openPopupUntilDetails();
    // Any revalidation that would be sent has gone out and been answered before counting.
    await settled(session);
    expect(sandbox.log.length).toBeLessThanOrEqual(1);
    await popup.page.close();
  });

  it('reads all 20 slots with the wait counted down and none failed; a save waits its turn', async () => {
    sandbox.setRateLimit({ limit: 10, windowSeconds: 50 });
    sandbox.clearLog();
    const editor = await EditorPage.open(session);
    await editor.page.getByRole('status').filter({ hasText: waitingPrefix }).first().waitFor(SLOW);
    await editor.allRead(20, SLOW);
    expect(
      await editor.page
        .getByRole('group', { name: /^Slot \d+$/ })
        .getByRole('alert')
        .count(),
    ).toBe(0);
    expect(sandbox.log.filter((r) => r.status === 429).length).toBeGreaterThan(0);

    // The budget is spent by the 20 reads: the save is queued first and written when allowed.
    await editor.edit(4);
    await editor.title(4).fill('Im Takt');
    await editor.save(4);
    await expect.poll(() => editor.slot(4).getByText('Saved.').count(), SLOW).toBe(1);
    const posts = sandbox.log.filter((r) => r.method === 'POST');
    expect(posts.at(-1)?.status).toBe(200);
    expect(await editor.slot(4).getByRole('alert').count()).toBe(0);
    await editor.page.close();
  }, 120_000);
});
