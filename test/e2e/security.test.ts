/**
 * The security audit as tests, in the built extension: the token and the secret travel only to the
 * configured API origin (the sandbox's request log and Chromium's own view of every request), a web
 * page on another origin in the same browser never sees them and has no way to message the
 * extension, the options page never shows them again, and slot text with HTML stays text.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildingOption } from '../../lib/api/client';
import { DEMO } from '../sandbox/seed';
import { useExtension } from './fixture';
import { msg } from './messages';
import { DashboardPage } from './pages/dashboard-page';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';
import { settled } from './waits';

const { token, secret } = DEMO.premium;

interface ForeignRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A web site on another loopback origin: it logs every request it gets and serves one page. */
async function startForeignSite(): Promise<{ url: string; log: ForeignRequest[]; close(): Promise<void> }> {
  const log: ForeignRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      log.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><html lang="en"><title>Another site</title><h1>Another site</h1>' +
          '<script>fetch("/beacon?from=page").catch(() => {});</script></html>',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The log of the whole file is checked: the sandbox is not reset between tests.
const { sandbox, session } = useExtension({ resetEachTest: false });
let foreign: Awaited<ReturnType<typeof startForeignSite>>;
/** Every request Chromium made in this browser, from pages and from the worker, as it was sent. */
const requests: { url: string; text: string; fromWorker: boolean }[] = [];
let dialogs = 0;

const watch = (page: Page) =>
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });

beforeAll(async () => {
  foreign = await startForeignSite();
  session.context.on('request', (request) =>
    requests.push({
      url: request.url(),
      text: `${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`,
      fromWorker: request.serviceWorker() !== null,
    }),
  );
  session.context.on('page', watch);
  const options = await OptionsPage.openConfigured(session, { baseUrl: sandbox.url, token, secret }, 'yes');
  await options.page.close();
});
afterAll(async () => {
  await foreign?.close();
});

describe('security', () => {
  it('sends the token and the secret only to the configured API origin; another site never sees them', async () => {
    sandbox.clearLog();
    // A web page of another origin stays open while the extension works.
    const site = await session.context.newPage();
    await site.goto(`${foreign.url}/`);
    await expect.poll(() => foreign.log.some((r) => r.url.startsWith('/beacon'))).toBe(true);

    // The popup: details, then its Slots tab.
    const popup = await DashboardPage.open(session);
    await popup.section('Details').getByText(msg('details_of', 'Haus Müllerstraße')).waitFor();
    await popup.tab('Slots').click();
    await popup.page.getByRole('button', { name: 'Edit slot 1', exact: true }).waitFor();
    // The editor: read every slot, save one.
    const editor = await EditorPage.open(session);
    await editor.edit(9);
    await editor.title(9).fill('Geheimnisfrei');
    await editor.save(9);
    await expect.poll(() => editor.slot(9).getByRole('status').textContent()).toBe(msg('slot_saved'));
    await site.reload();

    // The sandbox: every request carried exactly the configured token; every write the secret.
    const log = sandbox.log;
    expect(log.filter((r) => r.method === 'GET').length).toBeGreaterThan(20);
    expect(log.filter((r) => r.method === 'POST')).toHaveLength(1);
    for (const entry of log) expect(entry.authorization).toBe(`Bearer ${token}`);
    for (const entry of log.filter((r) => r.method === 'POST')) {
      expect((JSON.parse(entry.body) as { apiSecret: string }).apiSecret).toBe(secret);
    }

    // Chromium's view: every request that carries the token or the secret went to the API origin.
    const apiOrigin = new URL(sandbox.url).origin;
    const carrying = requests.filter((r) => r.text.includes(token) || r.text.includes(secret));
    expect(carrying.length).toBeGreaterThanOrEqual(log.length);
    for (const request of carrying) {
      expect(new URL(request.url).origin).toBe(apiOrigin);
      expect(request.fromWorker, `${request.url} sent by the worker`).toBe(true);
    }

    // The other site: its own requests arrived, none of them with the token or the secret.
    expect(foreign.log.length).toBeGreaterThanOrEqual(4);
    for (const entry of foreign.log) {
      const text = JSON.stringify(entry);
      expect(text).not.toContain(token);
      expect(text).not.toContain(secret);
    }
    // And it has no channel to the extension: no runtime messaging, no extension storage.
    expect(
      await site.evaluate(
        () =>
          typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime
            ?.sendMessage,
      ),
    ).toBe('undefined');
    expect(
      await site.evaluate(() => typeof (globalThis as { chrome?: { storage?: unknown } }).chrome?.storage),
    ).toBe('undefined');
    expect(await site.content()).not.toContain(token);
    await Promise.all([site.close(), popup.page.close(), editor.page.close()]);
  });

  it('the options page never shows the saved token or secret, only that they are saved', async () => {
    const options = await OptionsPage.open(session);
    for (let round = 0; round < 2; round++) {
      await expect.poll(() => options.token.getAttribute('placeholder')).toBe(msg('field_token_saved'));
      expect(await options.secret.getAttribute('placeholder')).toBe(msg('field_secret_saved'));
      expect(await options.token.inputValue()).toBe('');
      expect(await options.secret.inputValue()).toBe('');
      // Not even with "Show", and nowhere in the page.
      await options.button('Show').click();
      expect(await options.secret.inputValue()).toBe('');
      const html = await options.page.content();
      expect(html).not.toContain(token);
      expect(html).not.toContain(secret);
      await options.page.reload();
      await options.baseUrl.waitFor();
    }
    expect(await options.baseUrl.inputValue()).toBe(sandbox.url);
    await options.page.close();
  });

  it('renders a slot title with HTML literally in the popup’s Slots tab and the editor; no script runs', async () => {
    const { title, option } = DEMO.htmlTitle;
    const popup = await DashboardPage.open(session);
    await popup.tab('Slots').click();
    const summary = popup.page.getByText(title, { exact: true });
    await summary.waitFor();
    expect(await summary.count()).toBe(1);
    expect(await popup.page.locator('img[src="x"]').count()).toBe(0);

    const editor = await EditorPage.open(session);
    await expect.poll(() => editor.title(option).inputValue()).toBe(title);
    expect(await editor.data(option).inputValue()).toContain('<script>');
    expect(await editor.page.locator('img[src="x"], script:not([src])').count()).toBe(0);
    // The popup's slot opened for editing shows it as a field value too.
    await popup.page.getByRole('button', { name: `Edit slot ${option}`, exact: true }).click();
    const field = popup.page
      .getByRole('group', { name: `Slot ${option}` })
      .getByLabel('Title', { exact: true });
    await expect.poll(() => field.inputValue()).toBe(title);
    expect(await popup.page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toBe(0);
    await Promise.all([popup.page.close(), editor.page.close()]);
  });

  it('a 307 on the save to another origin never delivers the secret there; the save is reported as failed', async () => {
    const option = 8;
    const editor = await EditorPage.open(session);
    await editor.edit(option);
    const before = await editor.title(option).inputValue();
    sandbox.clearLog();
    const foreignBefore = foreign.log.length;
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 307,
      body: '',
      headers: { Location: `${foreign.url}/building/options` },
    });
    await editor.title(option).fill('Umgeleitet');
    await editor.save(option);
    const alert = editor.slot(option).getByRole('alert');
    await alert.waitFor();
    // Chromium hides a redirect's Location from the worker (opaqueredirect): "another address".
    expect(await alert.textContent()).toContain(msg('error_redirected_title'));
    expect(await alert.textContent()).toContain(msg('error_redirected_unknown'));
    expect(await editor.slot(option).getByText(msg('slot_saved'), { exact: true }).count()).toBe(0);

    // The API got the write once and answered 307; the other origin got nothing at all. (Chromium's
    // devtools view lists the redirect hop as a request, but with redirect 'manual' it is never sent:
    // the other server, which logs every connection, is the witness.)
    expect(sandbox.log.filter((r) => r.method === 'POST').map((r) => r.status)).toEqual([307]);
    await settled(session);
    expect(foreign.log.slice(foreignBefore)).toEqual([]);
    // Nothing was saved: the API still holds the old title.
    const { buildingId } = JSON.parse(sandbox.log.find((r) => r.method === 'POST')?.body ?? '{}') as {
      buildingId: string;
    };
    sandbox.clearFaults();
    const stored = await readBuildingOption({ baseUrl: sandbox.url, token }, buildingId, option);
    expect(stored.ok && stored.value.title).toBe(before);
    await editor.page.close();
  });
});
