/**
 * Error bodies stay bounded: read up to 64 KB from the stream (an endless body ends the read, not
 * the worker), and HTML is turned into text in one pass, whatever the markup.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listBuildings } from '../../lib/api/client';
import { htmlToText, serverMessage } from '../../lib/api/error-body';
import { ERROR_BODY_MAX_BYTES } from '../../lib/api/http-response';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { config, error } from './api-helpers';

const sandbox = useSandbox();

describe('error bodies over HTTP', () => {
  let endless: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (endless ? endless.close(() => resolve()) : resolve())));

  it('an endless 500 body is read up to the cap, the connection dropped, and the error reported', async () => {
    let sent = 0;
    let closed = false;
    endless = createServer((_request, response) => {
      response.writeHead(500, { 'Content-Type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const pump = () => {
        while (!closed && response.write(chunk)) sent += chunk.length;
        if (!closed) response.once('drain', pump);
      };
      response.on('close', () => {
        closed = true;
      });
      pump();
    });
    await new Promise<void>((resolve) => endless?.listen(0, '127.0.0.1', resolve));
    const { port } = endless.address() as AddressInfo;
    const e = error(
      await listBuildings({ baseUrl: `http://127.0.0.1:${port}`, token: 't', retries: 0, timeoutMs: 5_000 }),
    );
    expect(e).toMatchObject({ kind: 'server', status: 500 });
    if (e.kind === 'server') expect(e.message).toMatch(/^a{50}/);
    await expect.poll(() => closed).toBe(true);
    // Far less than an endless body: the cap plus what the sockets buffered before the cancel.
    expect(sent).toBeLessThan(8 * 1024 * 1024);
  });

  it('a 1 MB HTML error page from the sandbox becomes short plain text', async () => {
    const page = `<html><body><h1>Gateway down</h1>${'<div>x</div>'.repeat(90_000)}</body></html>`;
    sandbox.addFault({
      path: '/building/list',
      kind: 'status',
      status: 502,
      contentType: 'text/html',
      body: page,
    });
    const e = error(await listBuildings(config(sandbox, DEMO.premium.token, { retries: 0 })));
    expect(e).toMatchObject({ kind: 'server', status: 502 });
    if (e.kind === 'server') {
      expect(e.message).toMatch(/^Gateway down x x x/);
      expect(e.message.length).toBeLessThanOrEqual(200);
    }
  });
});

describe('htmlToText', () => {
  it('drops tags, comments, scripts and styles and decodes entities', () => {
    expect(
      htmlToText(
        '<p>A &amp; B</p><!-- hidden --><SCRIPT>alert(1)</script ><style>p{}</style>C&#x41;&#66;&lt;i&gt;',
      ),
    ).toBe('A & B CAB');
  });

  it('keeps a lone "<" that opens no tag', () => {
    expect(htmlToText('1 < 2 and 3 <= 4')).toBe('1 < 2 and 3 <= 4');
  });

  it('treats an unclosed script, style or comment as running to the end', () => {
    expect(htmlToText('before <script>var x = "<p>text</p>"')).toBe('before');
    expect(htmlToText('before <!-- never closed <p>x</p>')).toBe('before');
  });

  it('handles hostile markup of the full cap: thousands of unclosed openers', () => {
    const hostile = [
      '<script'.repeat(ERROR_BODY_MAX_BYTES / 7),
      '<!--'.repeat(ERROR_BODY_MAX_BYTES / 4),
      '<a'.repeat(ERROR_BODY_MAX_BYTES / 2),
      '&amp'.repeat(ERROR_BODY_MAX_BYTES / 4),
    ];
    expect(htmlToText(`ok ${hostile[0]}`)).toBe('ok');
    expect(htmlToText(`ok ${hostile[1]}`)).toBe('ok');
    expect(htmlToText(`ok ${hostile[2]}`)).toBe('ok');
    expect(htmlToText(hostile[3] ?? '').startsWith('&amp&amp')).toBe(true);
    expect(serverMessage('text/html', `<p>busy</p>${hostile[0]}`, 200)).toBe('busy');
  });
});
