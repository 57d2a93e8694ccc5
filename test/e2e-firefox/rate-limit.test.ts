/**
 * The request limit in real Firefox: a 429 is never a failure. The worker's request scheduler waits
 * (Retry-After) and sends again, a write too; the views explain the wait with its countdown
 * ("Request limit reached, continuing in N s"), then show the result and no error. With the sandbox
 * limiting the key to 10 requests per 6 s, the editor counts the wait down and shows all 20 slots.
 *
 * A browser of its own, and a sandbox (an origin) of its own per block: the worker keeps one request
 * queue per key and origin, with the budget it learned from the 429s, which would pace what follows.
 * The limit block goes first: what a closed popup of the 429 block leaves queued (paced by the budget
 * learned there) would still show in its notice and share its building list request.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { msg } from '../e2e/messages';
import { demoCredentials, readSlotDirect } from '../sandbox/direct';
import { useSandbox } from '../sandbox/fixture';
import type { Fault, Sandbox } from '../sandbox/server';
import { type FirefoxSession, clearCachedAnswers, launchFirefox } from './firefox';
import { DashboardPage } from './pages/dashboard-page';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';
import { role, textsOf, waitUntil, within } from './pages/query';

const BUILDING = { id: 'b-1001', label: 'Haus Müllerstraße' };
const READ_SLOT = 6;
const WRITE_SLOT = 7;
const [waitingPrefix = ''] = msg('rateLimit_waiting', '\u0000').split('\u0000');

let session: FirefoxSession;

beforeAll(async () => {
  session = await launchFirefox();
});
afterAll(async () => {
  await session?.close();
});
beforeEach(async () => {
  // Each view must ask the API: nothing is fresh in the extension's cache.
  await clearCachedAnswers(session);
});

/** Refused twice with 429 and "Retry-After: 2", then answered. */
const refusedTwice = (path: string, method: 'GET' | 'POST'): Fault => ({
  path,
  method,
  kind: 'status',
  status: 429,
  headers: { 'Retry-After': '2' },
  body: JSON.stringify({ error: 'rate_limited', message: 'Slow down' }),
  times: 2,
});

/** The answers' statuses to the requests for `path` (a prefix), oldest first. */
const statuses = (sandbox: Sandbox, path: string, method = 'GET') =>
  sandbox.log.filter((r) => r.method === method && r.path.startsWith(path)).map((r) => r.status);

/** The sandbox's requests, one per line, with their time since the first and their status. */
function requestLog(sandbox: Sandbox): string {
  const start = sandbox.log[0]?.time ?? 0;
  return sandbox.log.map((r) => `+${r.time - start} ms ${r.method} ${r.path} ${r.status}`).join('\n');
}

/** Every request-limit notice the page shows (looked for every 200 ms) until `done` holds. */
async function noticesUntil(
  sandbox: Sandbox,
  page: Page,
  done: () => Promise<boolean>,
  timeoutMs = 45_000,
): Promise<string[]> {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    seen.push(...(await waitNotices(page)));
    if (Date.now() > deadline)
      throw new Error(
        `not done within ${timeoutMs} ms; notices: ${seen.join(' | ')}\nrequests:\n${requestLog(sandbox)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return seen;
}

/** The request-limit notices the page shows now. */
async function waitNotices(page: Page): Promise<string[]> {
  return (await textsOf(page, role('status'))).filter((t) => t.startsWith(waitingPrefix));
}

/** The seconds each "continuing in N s" counted, in the order they were shown. */
const countdown = (notices: string[]) =>
  notices.map((notice) => Number(/^(\d+) s/.exec(notice.slice(waitingPrefix.length))?.[1]));

describe('within the sandbox’s request limit in Firefox', () => {
  const sandbox = useSandbox({ rateLimit: { limit: 10, windowSeconds: 6 } });
  beforeAll(async () => {
    await OptionsPage.configure(session, demoCredentials(sandbox));
  });

  it('10 requests per 6 s: the editor counts the wait down and shows all 20 slots, none failed', async () => {
    const editor = await EditorPage.open(session);
    const notices = await noticesUntil(sandbox, editor.page, async () => (await editor.slotCount()) === 20);
    // A countdown: more than one number of seconds shown, a later one lower than an earlier one.
    const seconds = countdown(notices);
    expect(new Set(seconds).size).toBeGreaterThan(1);
    expect(seconds.some((s, i) => seconds.slice(0, i).some((earlier) => earlier > s))).toBe(true);
    expect(await editor.alerts()).toEqual([]);
    expect(await editor.titleValue(1)).toBe('Hausordnung');
    expect(sandbox.log.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    // Once everything has arrived, nothing waits any more.
    await waitUntil(async () => (await waitNotices(editor.page)).length === 0);
    await editor.page.close();
  }, 120_000);
});

describe('a 429 in Firefox is explained, waited out and sent again', () => {
  const sandbox = useSandbox();
  beforeAll(async () => {
    await OptionsPage.configure(session, demoCredentials(sandbox));
  });

  it('429 × slot list, then × save: the wait is shown; every slot arrives, none failed, and the write is saved', async () => {
    const slot = `/building/options/${BUILDING.id}/${READ_SLOT}`;
    sandbox.addFault(refusedTwice(slot, 'GET'));
    const editor = await EditorPage.open(session);
    let notices = await noticesUntil(sandbox, editor.page, async () => (await editor.slotCount()) === 20);
    expect(notices).not.toEqual([]);
    expect(countdown(notices).every((seconds) => seconds >= 1)).toBe(true);
    expect(await editor.alerts()).toEqual([]);
    expect(statuses(sandbox, slot)).toEqual([429, 429, 200]);

    sandbox.addFault(refusedTwice('/building/options', 'POST'));
    const draft = 'Nach dem Limit – Grüße';
    // An empty slot is one folded line until its "Edit slot N".
    await editor.edit(WRITE_SLOT);
    await editor.fillTitle(WRITE_SLOT, draft);
    await editor.save(WRITE_SLOT);
    notices = await noticesUntil(
      sandbox,
      editor.page,
      async () => (await editor.statusOf(WRITE_SLOT)) === msg('slot_saved'),
    );
    expect(notices).not.toEqual([]);
    expect(await editor.alerts()).toEqual([]);
    const stored = await readSlotDirect(sandbox, { kind: 'building', id: BUILDING.id }, WRITE_SLOT);
    expect(stored.title).toBe(draft);
    expect(statuses(sandbox, '/building/options', 'POST')).toEqual([429, 429, 200]);
    await editor.page.close();
  }, 120_000);

  it('429 × building details in the popup: the wait is shown, then the details arrive', async () => {
    sandbox.addFault(refusedTwice('/building/details/', 'GET'));
    const popup = await DashboardPage.open(session);
    const notices = await noticesUntil(sandbox, popup.page, async () =>
      ((await popup.sectionText('Details')) ?? '').includes(msg('details_of', BUILDING.label)),
    );
    expect(notices).not.toEqual([]);
    expect(await textsOf(popup.page, within(popup.section('Details'), role('alert')))).toEqual([]);
    expect(statuses(sandbox, '/building/details/')).toEqual([429, 429, 200]);
    await popup.page.close();
  });
});
