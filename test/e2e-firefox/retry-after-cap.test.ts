/**
 * An absurd Retry-After in real Firefox (issue 21, item 5): the editor says what the server asked
 * and that it is not waited for; a retry waits at most the 5-minute cap, shown with its countdown;
 * "Cancel queued requests" ends that wait and the next retry reads the slot at once.
 * A browser of its own: the wait here must not slow the other suites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../e2e/messages';
import { demoCredentials } from '../sandbox/direct';
import { absurdRetryAfterFault } from '../sandbox/faults';
import { useSandbox } from '../sandbox/fixture';
import { type FirefoxSession, launchFirefox } from './firefox';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';
import { role, textsOf } from './pages/query';

const SLOT = 6;
const TOLD = 'longer than the 5 minutes this extension waits at most';
const [waitingPrefix = ''] = msg('rateLimit_waiting', '\u0000').split('\u0000');

let session: FirefoxSession;
const sandbox = useSandbox();

beforeAll(async () => {
  session = await launchFirefox();
  await OptionsPage.configure(session, demoCredentials(sandbox));
});
afterAll(async () => {
  await session?.close();
});

/** The seconds of the wait notice the page shows now; null while there is none. */
async function countdown(editor: EditorPage): Promise<number | null> {
  const notice = (await textsOf(editor.page, role('status'))).find((t) => t.startsWith(waitingPrefix));
  return notice === undefined ? null : Number(/^(\d+)/.exec(notice.slice(waitingPrefix.length))?.[1]);
}

describe('an absurd Retry-After in Firefox', () => {
  it('(an HTTP-date 30 days ahead) is told; a retry waits at most the cap; Cancel ends the wait', async () => {
    sandbox.addFault(absurdRetryAfterFault(`/building/options/b-1001/${SLOT}`, 'date', { method: 'GET' }));
    const editor = await EditorPage.open(session);
    await expect.poll(async () => (await editor.alerts()).some((a) => a.includes(TOLD))).toBe(true);

    await editor.page.locator(editor.button(SLOT, msg('action_retry'))).click();
    await expect.poll(() => countdown(editor)).not.toBeNull();
    expect(await countdown(editor)).toBeLessThanOrEqual(300);

    await editor.page.locator(role('button', msg('rateLimit_cancel'))).click();
    await expect.poll(() => editor.textInSlot(SLOT, msg('error_aborted_title'))).toBe(1);
    await editor.page.locator(editor.button(SLOT, msg('action_retry'))).click();
    await editor.edit(SLOT);
    expect(await editor.textInSlot(SLOT, TOLD)).toBe(0);
    expect(
      sandbox.log.filter((r) => r.path === `/building/options/b-1001/${SLOT}`).map((r) => r.status),
    ).toEqual([429, 200]);
    await editor.page.close();
  });
});
