/**
 * An absurd Retry-After in real Firefox (issue 21, item 5): the editor says what the server asked
 * and that it is not waited for; the slot's Retry asks the server again at once (issue 33, finding
 * 2), as in Chromium, whichever answer of the editor's first reads comes last (it waited the
 * 5-minute cap here when the 429 came last).
 * A browser of its own: a wait here must not slow the other suites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../e2e/messages';
import { demoCredentials } from '../sandbox/direct';
import { absurdRetryAfterFault } from '../sandbox/faults';
import { useSandbox } from '../sandbox/fixture';
import { type FirefoxSession, launchFirefox } from './firefox';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';

const SLOT = 6;
const TOLD = 'longer than the 5 minutes this extension waits at most';

let session: FirefoxSession;
const sandbox = useSandbox();

beforeAll(async () => {
  session = await launchFirefox();
  await OptionsPage.configure(session, demoCredentials(sandbox));
});
afterAll(async () => {
  await session?.close();
});

describe('an absurd Retry-After in Firefox', () => {
  it('(an HTTP-date 30 days ahead) is told, and Retry asks the server again at once', async () => {
    sandbox.addFault(absurdRetryAfterFault(`/building/options/b-1001/${SLOT}`, 'date', { method: 'GET' }));
    const editor = await EditorPage.open(session);
    await expect.poll(async () => (await editor.alerts()).some((a) => a.includes(TOLD))).toBe(true);

    await editor.page.locator(editor.button(SLOT, msg('action_retry'))).click();
    await editor.edit(SLOT);
    expect(await editor.textInSlot(SLOT, TOLD)).toBe(0);
    expect(
      sandbox.log.filter((r) => r.path === `/building/options/b-1001/${SLOT}`).map((r) => r.status),
    ).toEqual([429, 200]);
    await editor.page.close();
  });
});
