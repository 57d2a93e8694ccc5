/**
 * Bulk import end to end: the built extension in Chromium against the sandbox. A file of 20 slots
 * with progress and per-slot results, faults, the page closed and the worker stopped mid-import,
 * undo, and a site's declared payload pushed from the toolbar popup, which the site never sees
 * answered. Also measures a 20-slot import at 100 ms added latency (reported, not asserted).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../sandbox/seed';
import { clearCachedAnswers } from './browser';
import { useExtension } from './fixture';
import { ImportPanelPage } from './pages/import-panel';
import { readSlotDirect } from '../sandbox/direct';
import { sandboxAnswered, settled } from './waits';

const { sandbox, session } = useExtension({ as: 'premium' });
const BUILDING = DEMO.buildings.juergen[0];

const twenty = (tag = 'Import') => ({
  target: { kind: 'building', id: BUILDING },
  slots: Array.from({ length: 20 }, (_, i) => ({
    slot: i + 1,
    title: `${tag} ${i + 1}`,
    data: i % 2 === 0 ? { n: i + 1, gruss: 'Grüße' } : `Zeile ${i + 1}`,
  })),
});
const expectedData = (i: number) =>
  i % 2 === 0 ? JSON.stringify({ n: i + 1, gruss: 'Grüße' }) : `Zeile ${i + 1}`;

const readSlot = (option: number) => readSlotDirect(sandbox, { kind: 'building', id: BUILDING }, option);
const readAll = () => Promise.all(Array.from({ length: 20 }, (_, i) => readSlot(i + 1)));
const posts = () => sandbox.log.filter((r) => r.method === 'POST');

// The sandbox is reset before each test: what the extension knew of it is from another world. (A
// preview trusts the answers it cached within the freshness window, as of their time.)
beforeEach(() => clearCachedAnswers(session));

/** The file import up to a started job; the log is cleared just before Confirm. */
async function startImport(document: unknown = twenty()): Promise<ImportPanelPage> {
  // The editor's own slot reads finish first, so the log holds the import's requests only.
  const panel = await ImportPanelPage.openAfterSlots(session);
  await panel.chooseFile('slots.json', document);
  await panel.confirm.waitFor();
  sandbox.clearLog();
  await panel.confirm.click();
  await panel.progress.waitFor();
  return panel;
}

/** The extension API as the evaluated callbacks use it (they run in the browser, typed here). */
declare const chrome: {
  action: { getBadgeText(details: object): Promise<string> };
  tabs: { query(query: { url: string }): Promise<{ id?: number }[]> };
  storage: { session: { set(items: Record<string, unknown>): Promise<void> } };
};

/** The toolbar badge's text, from the worker running now (it may have been restarted). */
async function badge(): Promise<string> {
  const worker = session.context.serviceWorkers()[0] ?? (await session.context.waitForEvent('serviceworker'));
  return worker.evaluate(() => chrome.action.getBadgeText({}));
}

describe('import', () => {
  it('imports 20 slots from a file with a progress bar and per-slot results (100 ms latency, measured)', async () => {
    sandbox.setLatency(100);
    const panel = await startImport();
    const started = Date.now();
    await expect
      .poll(() => panel.summary.textContent(), { timeout: 20_000 })
      .toBe('Finished: 20 written, 0 skipped, 0 failed.');
    const elapsed = Date.now() - started;
    const log = sandbox.log;
    const span = (log.at(-1)?.time ?? 0) - (log[0]?.time ?? 0) + 100;
    console.log(
      `20-slot import at 100 ms latency: ${elapsed} ms confirm→finished in the page, ${span} ms first→last API request (+latency); ` +
        `${log.length} round trips (${log.filter((r) => r.method === 'GET').length} GET, ${posts().length} POST)`,
    );
    expect(await panel.progress.getAttribute('value')).toBe('20');
    expect(await panel.results.allTextContents()).toEqual(
      Array.from({ length: 20 }, (_, i) => `Slot ${i + 1} written`),
    );
    const after = await readAll();
    expect(after.map((s) => s.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Import ${i + 1}`));
    expect(after.map((s) => s.data)).toEqual(Array.from({ length: 20 }, (_, i) => expectedData(i)));
    await expect.poll(badge).toBe('');
    await panel.page.close();
  });

  it('shows the running import in the job bar whichever section is shown: Show returns to it, Cancel stops it', async () => {
    sandbox.setLatency(150);
    const panel = await startImport();
    const bar = panel.page.getByRole('region', { name: 'Running job' });
    await expect.poll(() => bar.getByRole('progressbar', { name: 'Import' }).count()).toBe(1);
    await panel.showSection('Slots');
    await expect.poll(() => panel.job.isVisible()).toBe(false);
    await expect.poll(() => bar.isVisible()).toBe(true);
    await bar.getByRole('button', { name: 'Show' }).click();
    await expect
      .poll(() => panel.page.getByRole('tab', { name: 'Import & export' }).getAttribute('aria-selected'))
      .toBe('true');
    await expect.poll(() => panel.job.isVisible()).toBe(true);
    await bar.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => panel.summary.textContent(), { timeout: 20_000 }).toMatch(/^Cancelled: /);
    await expect.poll(() => bar.count()).toBe(0);
    await panel.page.close();
  });

  it('retries a transient write failure, reports a slot that keeps failing, and completes the rest', async () => {
    const panel = await ImportPanelPage.open(session);
    await panel.chooseFile('slots.json', twenty());
    await panel.confirm.waitFor();
    // The faults are on the writes (the job's read before each write passes): the
    // first POST meets a 503 (retried after a re-read), the second a 422 (not retried).
    sandbox.addFault({ path: '/building/options', method: 'POST', kind: 'status', status: 503, times: 1 });
    sandbox.addFault({ path: '/building/options', method: 'POST', kind: 'status', status: 422, times: 1 });
    await panel.confirm.click();
    await expect
      .poll(() => panel.summary.textContent(), { timeout: 20_000 })
      .toBe('Finished: 19 written, 0 skipped, 1 failed.');
    const results = await panel.results.allTextContents();
    const failed = results.filter((text) => / failed: validation/.test(text));
    expect(failed).toHaveLength(1);
    const failedSlot = Number(/^Slot (\d+)/.exec(failed[0] ?? '')?.[1]);
    expect(posts().filter((r) => r.status === 503)).toHaveLength(1);
    sandbox.clearFaults();
    const after = await readAll();
    expect(after.filter((s, i) => s.title === `Import ${i + 1}`)).toHaveLength(19);
    expect(after[failedSlot - 1]?.title).not.toBe(`Import ${failedSlot}`);
    await panel.page.close();
  });

  it('goes on when the editor page is closed during a slow import', async () => {
    sandbox.setLatency(150);
    const panel = await startImport();
    await expect.poll(() => posts().length).toBeGreaterThan(0);
    await expect.poll(badge).toMatch(/^\d+\/20$/);
    await panel.page.close();
    const reopened = await ImportPanelPage.open(session);
    await expect
      .poll(() => reopened.summary.textContent(), { timeout: 20_000 })
      .toBe('Finished: 20 written, 0 skipped, 0 failed.');
    expect((await readAll()).map((s) => s.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Import ${i + 1}`),
    );
    await expect.poll(badge).toBe('');
    await reopened.page.close();
  });

  it('resumes after the service worker is stopped mid-import, once something wakes it', async () => {
    // Slow enough that the worker is stopped well before the last of its 20 writes.
    sandbox.setLatency(300);
    const panel = await startImport();
    await expect.poll(() => posts().length).toBeGreaterThanOrEqual(3);
    // The page goes first: an open page talks to the worker (the request-limit notice asks it
    // every second) and would wake it again at once.
    const cdp = await session.context.newCDPSession(await session.context.newPage());
    await panel.page.close();
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    // Stopped: the requests already sent are answered, and the job is far from done.
    await sandboxAnswered(sandbox);
    const whenStopped = posts().length;
    expect(whenStopped).toBeLessThan(20);

    // Opening an extension page sends messages, which start the worker; it resumes the job.
    const woken = await ImportPanelPage.open(session);
    await expect
      .poll(() => woken.summary.textContent(), { timeout: 20_000 })
      .toBe('Finished: 20 written, 0 skipped, 0 failed.');
    const after = await readAll();
    expect(after.map((s) => s.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Import ${i + 1}`));
    expect(after.map((s) => s.data)).toEqual(Array.from({ length: 20 }, (_, i) => expectedData(i)));
    // Each slot was written once, or re-read and found written: never an extra POST per slot.
    expect(posts().length).toBeLessThanOrEqual(20 + 3);
    await woken.page.close();
  });

  it('undoes the whole import in one action, restoring every previous value', async () => {
    const before = await readAll();
    const panel = await startImport();
    await expect
      .poll(() => panel.summary.textContent(), { timeout: 20_000 })
      .toBe('Finished: 20 written, 0 skipped, 0 failed.');
    await panel.undo.click();
    await panel.page.getByRole('region', { name: 'Undo progress' }).waitFor();
    await expect
      .poll(() => panel.summary.textContent(), { timeout: 20_000 })
      .toBe('Finished: 20 written, 0 skipped, 0 failed.');
    const after = await readAll();
    expect(after.map(({ title, data }) => ({ title, data }))).toEqual(
      before.map(({ title, data }) => ({ title, data })),
    );
    await panel.page.close();
  });
});

describe('undo after a later edit', () => {
  it('shows a conflict with both values and keeps the later value', async () => {
    const before = await Promise.all([1, 2, 3].map(readSlot));
    const panel = await startImport({
      target: { kind: 'building', id: BUILDING },
      slots: [1, 2, 3].map((slot) => ({ slot, title: `Import ${slot}`, data: `Daten ${slot}` })),
    });
    await expect
      .poll(() => panel.summary.textContent(), { timeout: 20_000 })
      .toBe('Finished: 3 written, 0 skipped, 0 failed.');
    // Someone edits slot 2 after the import (another device, the site's owner).
    await fetch(`${sandbox.url}/building/options`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO.premium.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        apiSecret: DEMO.premium.secret,
        buildingId: BUILDING,
        option: 2,
        title: 'Später geändert',
        data: 'nach dem Import',
      }),
    });
    await panel.undo.click();
    const conflict = panel.page.getByRole('alertdialog', { name: 'Slot 2 was changed elsewhere' });
    await conflict.waitFor({ timeout: 20_000 });
    expect(await conflict.textContent()).toContain('nach dem Import');
    expect(await conflict.textContent()).toContain(before[1]?.title ?? '');
    expect(await panel.results.nth(1).textContent()).toBe('Slot 2 not written: changed since, see below');
    await conflict.getByRole('button', { name: "Take the server's" }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await panel.results.nth(1).textContent()).toBe('Slot 2 not written: the later value was kept');
    const after = await Promise.all([1, 2, 3].map(readSlot));
    expect(after[1]).toMatchObject({ title: 'Später geändert', data: 'nach dem Import' });
    expect([after[0], after[2]].map((slot) => ({ title: slot?.title, data: slot?.data }))).toEqual(
      [before[0], before[2]].map((slot) => ({ title: slot?.title, data: slot?.data })),
    );
    await panel.page.close();
  });
});

describe('a slot changed between preview and Confirm (issue 21, item 1)', () => {
  it('is shown as a conflict with both values; the other change stays and no history holds the preview', async () => {
    const panel = await ImportPanelPage.openAfterSlots(session);
    await panel.chooseFile('slots.json', {
      target: { kind: 'building', id: BUILDING },
      slots: [{ slot: 5, title: 'Aus der Datei', data: 'neu aus der Datei' }],
    });
    await panel.confirm.waitFor();
    // Someone else writes slot 5 while the preview is on screen.
    sandbox.changeSlot({
      target: { kind: 'building', id: BUILDING },
      option: 5,
      title: 'Dazwischen geändert',
      data: 'von woanders',
    });
    sandbox.clearLog();
    await panel.confirm.click();
    const conflict = panel.page.getByRole('alertdialog', { name: 'Slot 5 was changed elsewhere' });
    await conflict.waitFor({ timeout: 20_000 });
    expect(await conflict.textContent()).toContain('von woanders');
    expect(await conflict.textContent()).toContain('neu aus der Datei');
    expect(await panel.results.nth(0).textContent()).toBe('Slot 5 not written: changed since, see below');
    expect(posts()).toHaveLength(0);
    expect(await readSlot(5)).toMatchObject({ title: 'Dazwischen geändert', data: 'von woanders' });
    await panel.page.close();
  });
});

describe('the request floor of an import over a warm editor (issue 26)', () => {
  const optionGets = () => sandbox.log.filter((r) => r.method === 'GET' && r.path.includes('/options/'));

  it('sends exactly 2 reads and 2 writes for 3 slots (1 unchanged), and no view reads the written slots again', async () => {
    // The editor shows the building's 20 slots: the cache is warm.
    const panel = await ImportPanelPage.openAfterSlots(session);
    const slot = (n: number) => panel.page.getByRole('group', { name: `Slot ${n}`, exact: true });
    await panel.showSection('Slots');
    const title1 = await slot(1).getByLabel('Title', { exact: true }).inputValue();
    const data1 = await slot(1).getByLabel('Data', { exact: true }).inputValue();
    await panel.showSection('Import & export');
    sandbox.clearLog();
    await panel.chooseFile('three.json', {
      target: { kind: 'building', id: BUILDING },
      slots: [
        { slot: 1, title: title1, data: data1 },
        { slot: 2, title: 'Boden 2', data: 'zwei' },
        { slot: 3, title: 'Boden 3', data: 'drei' },
      ],
    });
    await panel.confirm.waitFor();
    // Shown as of the editor's read: the preview sends nothing.
    expect(await panel.preview.textContent()).toMatch(/as of /);
    expect(await panel.preview.textContent()).toContain(
      'Reads 2 slots, writes at most 2 (those that differ)',
    );
    expect(sandbox.log).toHaveLength(0);
    await panel.confirm.click();
    await expect.poll(() => panel.summary.textContent()).toBe('Finished: 2 written, 0 skipped, 0 failed.');
    // The editor shows what the job wrote, from what the job knows.
    await panel.showSection('Slots');
    await expect.poll(() => slot(2).getByLabel('Title', { exact: true }).inputValue()).toBe('Boden 2');
    await expect.poll(() => slot(3).getByLabel('Data', { exact: true }).inputValue()).toBe('drei');
    await settled(session);
    expect(sandbox.log.map((r) => r.method).toSorted()).toEqual(['GET', 'GET', 'POST', 'POST']);
    // A view opened after the job shows the job's values without reading a slot.
    const second = await ImportPanelPage.open(session);
    await second.showSection('Slots');
    const slot2 = second.page.getByRole('group', { name: 'Slot 2', exact: true });
    await expect.poll(() => slot2.getByLabel('Title', { exact: true }).inputValue()).toBe('Boden 2');
    await settled(session);
    expect(optionGets()).toHaveLength(2);
    expect(posts()).toHaveLength(2);
    await Promise.all([panel.page.close(), second.page.close()]);
  });

  it('a slot changed between a warm preview and Confirm is still a conflict with both values', async () => {
    const panel = await ImportPanelPage.openAfterSlots(session);
    sandbox.clearLog();
    await panel.chooseFile('one.json', {
      target: { kind: 'building', id: BUILDING },
      slots: [{ slot: 6, title: 'Aus der Datei', data: 'neu' }],
    });
    await panel.confirm.waitFor();
    // The preview reads no slot (the editor may still ask for its picker's factory list).
    expect(sandbox.log.filter((r) => r.path.includes('/options/'))).toEqual([]);
    sandbox.changeSlot({
      target: { kind: 'building', id: BUILDING },
      option: 6,
      title: 'Dazwischen',
      data: 'von woanders',
    });
    await panel.confirm.click();
    const conflict = panel.page.getByRole('alertdialog', { name: 'Slot 6 was changed elsewhere' });
    await conflict.waitFor({ timeout: 20_000 });
    expect(await conflict.textContent()).toContain('von woanders');
    expect(await conflict.textContent()).toContain('neu');
    expect(posts()).toHaveLength(0);
    // Settled as part of the job: written, counted, undoable.
    await conflict.getByRole('button', { name: 'Keep mine (overwrite)' }).click();
    await expect.poll(() => panel.summary.textContent()).toBe('Finished: 1 written, 0 skipped, 0 failed.');
    expect(await readSlot(6)).toMatchObject({ title: 'Aus der Datei', data: 'neu' });
    await panel.undo.click();
    await panel.page.getByRole('region', { name: 'Undo progress' }).waitFor();
    await expect
      .poll(() => panel.summary.textContent(), { timeout: 20_000 })
      .toBe('Finished: 1 written, 0 skipped, 0 failed.');
    expect(await readSlot(6)).toMatchObject({ title: 'Dazwischen', data: 'von woanders' });
    await panel.page.close();
  });
});

describe('push from a page', () => {
  let site: http.Server;
  let siteUrl: string;
  const siteRequests: string[] = [];
  const PAYLOAD = {
    target: { kind: 'building', id: BUILDING },
    slots: [
      { slot: 2, title: 'Vom Shop', data: { preise: [3, 5] } },
      { slot: 3, title: 'Öffnungszeiten', data: 'Mo–Fr 8–18' },
    ],
  };
  // The site's own script records all it can observe: messages, changes to its DOM, cookies, storage.
  const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title>
<script type="application/json" data-page-options>${JSON.stringify(PAYLOAD)}</script>
<script>
  window.observed = { messages: [], mutations: [], cookies: [], storage: [] };
  addEventListener('message', (e) => observed.messages.push(JSON.stringify(e.data)));
  addEventListener('DOMContentLoaded', () => new MutationObserver((records) => {
    for (const r of records) observed.mutations.push(r.type + ':' + (r.target.outerHTML || r.target.textContent || ''));
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true }));
  setInterval(() => {
    observed.cookies.push(document.cookie);
    observed.storage.push(JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  }, 100);
</script></head><body><h1>Mein Shop</h1></body></html>`;

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      siteRequests.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(req.url === '/' ? PAGE : '');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  });

  it('offers a page’s declared payload, writes it only after Confirm, and the page sees nothing back', async () => {
    const before = await Promise.all([readSlot(2), readSlot(3)]);
    const shop = await session.context.newPage();
    await shop.goto(siteUrl);
    const popup = await session.context.newPage();
    await popup.goto(session.url('popup.html'));
    const tabId = await popup.evaluate(
      async (url) => (await chrome.tabs.query({ url: `${url}*` }))[0]?.id,
      siteUrl,
    );
    await popup.goto(session.url(`popup.html?sourceTab=${tabId}`));
    const offer = popup.getByRole('region', { name: 'From this page' });
    await expect.poll(() => offer.textContent()).toContain('This page offers data for 2 slots.');
    await expect.poll(() => offer.textContent()).toContain('For Haus Müllerstraße');
    sandbox.clearLog();
    const [editorPage] = await Promise.all([
      session.context.waitForEvent('page'),
      offer.getByRole('button', { name: 'Review and import' }).click(),
    ]);
    const panel = new ImportPanelPage(editorPage);
    await panel.preview.waitFor();
    // The preview may come before the building list that names its target: "Building b-1001" until then.
    await expect.poll(() => panel.preview.textContent()).toContain('Haus Müllerstraße: 2 of 2 slots change');
    expect(await panel.preview.getByRole('alert').count()).toBe(0);
    expect(await panel.page.getByText(`From: ${siteUrl}`).count()).toBe(1);
    await settled(session);
    expect(posts()).toHaveLength(0);

    await panel.confirm.click();
    // The panel showed the previous test's finished job until this one starts, so the slots decide.
    await expect
      .poll(() => readSlot(2), { timeout: 20_000 })
      .toMatchObject({ title: 'Vom Shop', data: '{"preise":[3,5]}' });
    await expect.poll(() => panel.summary.textContent()).toBe('Finished: 2 written, 0 skipped, 0 failed.');
    expect((await readSlot(3)).title).toBe('Öffnungszeiten');

    const observed = JSON.stringify(
      await shop.evaluate(() => (window as unknown as { observed: unknown }).observed),
    );
    for (const secret of [
      DEMO.premium.token,
      DEMO.premium.secret,
      'option was updated',
      before[0].title,
      before[1].title,
    ]) {
      expect(observed).not.toContain(secret);
    }
    const seen = JSON.parse(observed) as { messages: string[]; mutations: string[] };
    expect(seen.messages).toEqual([]);
    expect(seen.mutations).toEqual([]);
    expect(siteRequests.every((r) => r === 'GET /' || r === 'GET /favicon.ico')).toBe(true);
    await Promise.all([shop.close(), popup.close(), panel.page.close()]);
  });

  it('sends selected text (as the context menu hands it over) to a chosen slot after a preview', async () => {
    const setter = await session.context.newPage();
    await setter.goto(session.url('popup.html'));
    await setter.evaluate(() =>
      chrome.storage.session.set({
        pendingSelection: { v: 1, value: { text: 'Markierter Text', at: Date.now() } },
      }),
    );
    await setter.close();
    const panel = await ImportPanelPage.open(session, '#selection');
    const form = panel.page.getByRole('form', { name: 'Send the selected text to a slot' });
    await expect.poll(() => form.textContent()).toContain('Into: ');
    await form.getByLabel('Slot number').selectOption('5');
    await form.getByLabel('New title (empty keeps the current one)').fill('Auswahl');
    await form.getByRole('button', { name: 'Preview' }).click();
    await panel.confirm.click();
    await expect.poll(() => panel.summary.textContent()).toBe('Finished: 1 written, 0 skipped, 0 failed.');
    expect(await readSlot(5)).toMatchObject({ title: 'Auswahl', data: 'Markierter Text' });
    await panel.page.close();
  });
});
