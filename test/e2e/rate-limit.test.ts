/**
 * A 429 is never a failure: the request waits (Retry-After) in the worker's request scheduler and
 * goes again, a write too (the server did nothing). Every view shows the wait with its countdown
 * ("Request limit reached, continuing in N s"), then the result, and no error. A browser of its
 * own: the budget the worker learns here must not slow the other suites.
 */
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Fault } from '../sandbox/server';
import { clearCachedAnswers } from './browser';
import { useExtension } from './fixture';
import { msg } from './messages';
import { DashboardPage } from './pages/dashboard-page';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';
import { demoCredentials, readSlotDirect } from '../sandbox/direct';

const BUILDING = { id: 'b-1001', label: 'Haus Müllerstraße' };
const READ_SLOT = 6;
const WRITE_SLOT = 7;
const DETAILS = { path: '/building/details/', method: 'GET' };
const SLOT_READ = { path: `/building/options/${BUILDING.id}/${READ_SLOT}`, method: 'GET' };
const SAVE = { path: '/building/options', method: 'POST' };
const SLOW = { timeout: 20_000 };
const json = (value: object) => JSON.stringify(value);

const { sandbox, session } = useExtension({ browser: { resetEachTest: false } });
let fetches: { method: string; path: string }[] = [];

const readSlot = (option: number) => readSlotDirect(sandbox, { kind: 'building', id: BUILDING.id }, option);

beforeAll(async () => {
  const options = await OptionsPage.openConfigured(session, demoCredentials(sandbox), 'yes');
  await options.page.close();
  // The worker's own fetch() calls, as Chromium reports them.
  session.context.on('request', (request) => {
    if (request.serviceWorker())
      fetches.push({ method: request.method(), path: new URL(request.url()).pathname });
  });
});

beforeEach(async () => {
  fetches = [];
  // Each view must ask the API: nothing is fresh in the extension's cache.
  await clearCachedAnswers(session);
});

describe('429 × every view: never a failure', () => {
  const [waitingPrefix = ''] = msg('rateLimit_waiting', '\u0000').split('\u0000');
  const refusedTwice = (path: string, method: 'GET' | 'POST'): Fault => ({
    path,
    method,
    kind: 'status',
    status: 429,
    headers: { 'Retry-After': '1' },
    body: json({ error: 'rate_limited', message: 'Slow down' }),
    times: 2,
  });
  const sentTo = (target: { path: string; method: string }) =>
    fetches.filter((r) => r.method === target.method && r.path.startsWith(target.path)).length;
  const waitShown = (page: Page) =>
    page.getByRole('status').filter({ hasText: waitingPrefix }).first().waitFor(SLOW);

  it('429 × save: the wait is shown, then the same write is sent again and saved', async () => {
    const editor = await EditorPage.open(session);
    await editor.edit(WRITE_SLOT, SLOW);
    sandbox.addFault(refusedTwice(SAVE.path, 'POST'));
    const draft = 'Nach dem Limit – Grüße';
    await editor.title(WRITE_SLOT).fill(draft);
    await editor.save(WRITE_SLOT);
    await waitShown(editor.page);
    const slot = editor.slot(WRITE_SLOT);
    await expect.poll(() => slot.getByRole('status').first().textContent(), SLOW).toBe(msg('slot_saved'));
    expect(await slot.getByRole('alert').count()).toBe(0);
    expect((await readSlot(WRITE_SLOT)).title).toBe(draft);
    expect(sandbox.log.filter((r) => r.method === 'POST').map((r) => r.status)).toEqual([429, 429, 200]);
    await editor.page.close();
  });

  it('429 × slot list: the wait is shown, then the slot arrives', async () => {
    sandbox.addFault(refusedTwice(SLOT_READ.path, 'GET'));
    const editor = await EditorPage.open(session);
    await waitShown(editor.page);
    await editor.edit(READ_SLOT, SLOW);
    expect(await editor.slot(READ_SLOT).getByRole('alert').count()).toBe(0);
    expect(sentTo(SLOT_READ)).toBe(3);
    await editor.page.close();
  });

  it('429 × building details: the wait is shown, then the details arrive', async () => {
    sandbox.addFault(refusedTwice(DETAILS.path, 'GET'));
    const popup = await DashboardPage.open(session);
    await waitShown(popup.page);
    const details = popup.section('Details');
    await details.getByText(msg('details_of', BUILDING.label)).waitFor(SLOW);
    expect(await details.getByRole('alert').count()).toBe(0);
    expect(sentTo(DETAILS)).toBe(3);
    await popup.page.close();
  });
});
