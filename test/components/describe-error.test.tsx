import { describe, expect, it } from 'vitest';
import { describeError, oneLine } from '../../components/describe-error';

describe('describeError', () => {
  it('network: no connection, with the reason', () => {
    const d = describeError({ kind: 'network', message: 'Failed to fetch' });
    expect(d.title).toBe('No connection to the API');
    expect(d.detail).toBe(
      'The server could not be reached (Failed to fetch). Check your internet connection and the API base URL.',
    );
  });

  it('timeout: names the wait in seconds', () => {
    expect(describeError({ kind: 'timeout', timeoutMs: 15_000 }).detail).toBe(
      'No answer after 15 seconds. Try again later.',
    );
  });

  it('aborted', () => {
    expect(describeError({ kind: 'aborted' }).title).toBe('Request cancelled');
  });

  it('unauthorized: the access token was refused', () => {
    const d = describeError({ kind: 'unauthorized', message: '' });
    expect(d.title).toBe('Access token refused');
    expect(d.detail).toMatch(/^The access token was refused by the server\./);
    expect(d.detail).not.toContain('Server message');
  });

  it('premiumRequired: needs premium, never "token refused", with the server\'s words', () => {
    const d = describeError({
      kind: 'premiumRequired',
      message: 'Für diesen Endpunkt wird Premium benötigt',
    });
    expect(d.title).toBe('Needs premium access');
    expect(d.detail).toContain('needs premium access');
    expect(d.detail).toContain('Für diesen Endpunkt wird Premium benötigt');
    expect(`${d.title} ${d.detail}`).not.toMatch(/refused|scope/i);
  });

  it('forbidden: names the scopes and that the endpoint needs premium', () => {
    const d = describeError({
      kind: 'forbidden',
      scopes: ['building', 'building.tenants'],
      premium: 'required',
      message: '',
    });
    expect(d.title).toBe('Access denied');
    expect(d.detail).toBe(
      'This request needs a token with the scopes building, building.tenants. It also needs premium access.',
    );
  });

  it('forbidden: slots 11–20 need premium', () => {
    const d = describeError({
      kind: 'forbidden',
      scopes: ['factory', 'factory.options'],
      premium: 'slots',
      message: '',
    });
    expect(d.detail).toContain('factory, factory.options');
    expect(d.detail).toContain('Slots 11 to 20 also need premium access.');
  });

  it('forbidden: premium not needed, server text appended as text', () => {
    const d = describeError({
      kind: 'forbidden',
      scopes: ['building'],
      premium: 'no',
      message: 'missing scope',
    });
    expect(d.detail).toBe(
      'This request needs a token with the scopes building. Premium access is not needed for it. Server message: missing scope',
    );
  });

  it('notFound: explains direct ownership', () => {
    expect(describeError({ kind: 'notFound', message: '' }).detail).toBe(
      'The building was not found, or it is not owned directly by your character (renting or working there does not count).',
    );
  });

  it("validation: the server's message", () => {
    expect(describeError({ kind: 'validation', status: 422, message: 'title too long' }).detail).toBe(
      'Status 422: title too long',
    );
    expect(describeError({ kind: 'validation', status: 400, message: '' }).detail).toBe(
      'The server rejected the request with status 400 and gave no reason.',
    );
  });

  it('rateLimited past the cap: says how long the server asked, that it was not waited for, and to retry', () => {
    const d = describeError({ kind: 'rateLimited', retryAfterMs: 1e15, message: '' });
    expect(d.detail).toBe(
      `The API asks to wait ${(1e12).toLocaleString()} seconds, longer than the 5 minutes this extension waits at most. The request was not sent again: try again later.`,
    );
  });

  it('tooLarge: names the cap in KB', () => {
    const d = describeError({ kind: 'tooLarge', maxBytes: 32 * 1024 });
    expect(d.title).toBe('Answer too large');
    expect(d.detail).toMatch(
      /^The API's answer is larger than 32 KB, more than an answer of this kind can hold\./,
    );
  });

  it('rateLimited: the wait time, or a generic wait', () => {
    expect(describeError({ kind: 'rateLimited', retryAfterMs: 2500, message: '' }).detail).toBe(
      'The API asks you to wait 3 seconds before trying again.',
    );
    expect(describeError({ kind: 'rateLimited', retryAfterMs: null, message: '' }).detail).toBe(
      'Wait a moment, then try again.',
    );
  });

  it('server: status and truncated text', () => {
    const html = `<html><body>${'x'.repeat(1000)}</body></html>`;
    const d = describeError({ kind: 'server', status: 502, message: html });
    expect(d.title).toBe('Server error (502)');
    expect(d.detail.startsWith('The server answered with status 502: <html><body>xxx')).toBe(true);
    expect(d.detail.endsWith('…')).toBe(true);
    expect(d.detail.length).toBeLessThan(400);
  });

  it('malformed: names the field', () => {
    expect(
      describeError({ kind: 'malformed', path: 'buildings.0.id', message: 'expected string' }).detail,
    ).toBe('The field “buildings.0.id” in the answer does not match the documented format: expected string');
  });

  it('invalidInput: field and message, localized when known', () => {
    expect(describeError({ kind: 'invalidInput', field: 'baseUrl', message: 'baseUrl.https' }).detail).toBe(
      'API base URL: Use https://. Plain http:// is allowed only for localhost (the test sandbox).',
    );
    expect(
      describeError({ kind: 'invalidInput', field: 'title', message: 'at most 64 characters' }).detail,
    ).toBe('Slot title: At most 64 characters.');
    expect(describeError({ kind: 'invalidInput', field: 'option', message: 'out of range' }).detail).toBe(
      'Slot number: out of range',
    );
  });

  it('notConfigured: what is missing', () => {
    expect(describeError({ kind: 'notConfigured', missing: ['baseUrl', 'token'] }).detail).toBe(
      'Missing in the settings: API base URL, access token.',
    );
  });

  it('permissionMissing: the origin', () => {
    expect(
      describeError({ kind: 'permissionMissing', origin: 'https://api.example.com/*' }).detail,
    ).toContain('The extension may not contact https://api.example.com yet.');
  });

  it('badMessage', () => {
    expect(describeError({ kind: 'badMessage', message: 'unknown message' }).detail).toBe(
      'A message inside the extension was invalid (unknown message). Reload the page and try again.',
    );
  });

  it('internal', () => {
    expect(describeError({ kind: 'internal', message: 'Error: boom' }).detail).toBe(
      'Unexpected error: Error: boom',
    );
  });
});

describe('oneLine', () => {
  it('collapses whitespace and cuts long text', () => {
    expect(oneLine('  a \n\n b  ')).toBe('a b');
    expect(oneLine('abcdef', 4)).toBe('abc…');
  });
});
