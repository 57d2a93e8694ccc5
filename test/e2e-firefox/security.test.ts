/**
 * The sender check in real Firefox: a web page of another origin has no channel to the worker, and a
 * script running in that page with the extension's messaging (a content script, as `scripting`
 * injects for a page's payload) is refused by the worker without any API request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { type FirefoxSession, launchFirefox } from './firefox';
import { OptionsPage } from './pages/options-page';

/** The WebExtension API as the evaluated callbacks use it (they run in Firefox, typed here). */
interface WebExtensionApi {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  tabs: { query(query: object): Promise<{ id?: number; url?: string }[]> };
  scripting: {
    executeScript(injection: {
      target: { tabId: number };
      func: (message: unknown) => Promise<string>;
      args: unknown[];
    }): Promise<{ result?: unknown }[]>;
  };
}
declare const browser: WebExtensionApi;

const LIST_BUILDINGS = { type: 'listBuildings', payload: {} };

const sandbox = useSandbox();
let session: FirefoxSession;
let site: http.Server;
let siteUrl: string;

/** Sends a message from the given extension page, as the extension's own pages do. */
function sendFromExtensionPage(page: Page, message: unknown): Promise<unknown> {
  return page.evaluate((m) => browser.runtime.sendMessage(m), message);
}

beforeAll(async () => {
  // Another origin on the same loopback host: covered by the granted host permission, so the
  // extension may inject into it, which is what makes a content-script sender possible at all.
  site = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>Another site</title><h1>Another site</h1></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  session = await launchFirefox();
  await OptionsPage.configure(session, { baseUrl: sandbox.url, token: DEMO.premium.token });
});
afterAll(async () => {
  await session?.close();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

describe('sender check in Firefox', () => {
  it('a page of another origin has no extension messaging at all', async () => {
    const page = await session.browser.newPage();
    await page.goto(siteUrl);
    expect(
      await page.evaluate(() => {
        const scope = globalThis as { browser?: { runtime?: unknown }; chrome?: { runtime?: unknown } };
        return [typeof scope.browser?.runtime, typeof scope.chrome?.runtime];
      }),
    ).toEqual(['undefined', 'undefined']);
    await page.close();
  });

  it('the worker refuses a message sent from inside that page and calls no API', async () => {
    const page = await session.browser.newPage();
    await page.goto(siteUrl);
    // The options page: an extension page that calls no API by itself while it is open.
    const own = await session.open('options.html');
    // The same message from the extension's own page is answered: the message itself is valid.
    expect(await sendFromExtensionPage(own, LIST_BUILDINGS)).toMatchObject({ ok: true });
    sandbox.clearLog();

    const answers = await own.evaluate(
      async (url, message) => {
        // The tab's URL is visible to the extension through the granted loopback host permission.
        const tab = (await browser.tabs.query({})).find((t) => t.url === url);
        if (tab?.id === undefined) throw new Error(`no tab at ${url}`);
        const results = await browser.scripting.executeScript({
          target: { tabId: tab.id },
          // Runs in the page of the other origin, with the messaging content scripts get.
          func: async (sent) => JSON.stringify(await browser.runtime.sendMessage(sent)),
          args: [message],
        });
        return results.map((r) => r.result);
      },
      siteUrl,
      LIST_BUILDINGS,
    );
    expect(answers).toHaveLength(1);
    expect(JSON.parse(String(answers[0]))).toEqual({
      ok: false,
      error: { kind: 'badMessage', message: 'sender refused' },
    });
    expect(sandbox.log).toHaveLength(0);
    await Promise.all([page.close(), own.close()]);
  });
});
