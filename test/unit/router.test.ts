import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../lib/messaging/router';
import { createRouter, isTrustedSender } from '../../lib/messaging/router';

const ID = 'abcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}/`;

describe('isTrustedSender', () => {
  it('accepts this extension’s own pages, in a tab or not', () => {
    expect(isTrustedSender({ id: ID, url: `${ORIGIN}popup.html` }, ID, ORIGIN)).toBe(true);
    expect(isTrustedSender({ id: ID, url: `${ORIGIN}options.html#x` }, ID, ORIGIN)).toBe(true);
  });

  it('refuses content scripts, other extensions and senders without a URL', () => {
    expect(isTrustedSender({ id: ID, url: 'https://evil.example/' }, ID, ORIGIN)).toBe(false);
    expect(isTrustedSender({ id: 'other', url: `chrome-extension://other/popup.html` }, ID, ORIGIN)).toBe(
      false,
    );
    expect(isTrustedSender({ id: 'other', url: `${ORIGIN}popup.html` }, ID, ORIGIN)).toBe(false);
    expect(isTrustedSender({ id: ID }, ID, ORIGIN)).toBe(false);
    expect(isTrustedSender({ id: ID, url: 'not a url' }, ID, ORIGIN)).toBe(false);
  });
});

describe('createRouter', () => {
  const handlers = {
    listBuildings: async () => ({ ok: true, value: [{ id: 'b-1', label: 'Haus' }] }),
    readBuilding: async () => {
      throw new Error('boom');
    },
    listRooms: async () => ({ ok: true, value: [{ unexpected: true }] }),
  } as unknown as Handlers;
  const route = createRouter(handlers, { activeProfile: async () => null });

  it('answers a valid message with the handler’s validated answer', async () => {
    expect(await route({ type: 'listBuildings', payload: {} })).toEqual({
      ok: true,
      value: [{ id: 'b-1', label: 'Haus' }],
    });
  });

  it('refuses unknown types, missing envelopes and inherited property names', async () => {
    for (const message of [
      null,
      'listBuildings',
      { type: 'nope', payload: {} },
      { type: 'toString', payload: {} },
    ]) {
      expect(await route(message)).toMatchObject({ ok: false, error: { kind: 'badMessage' } });
    }
  });

  it('refuses a payload that does not match the request schema, naming the field', async () => {
    const answer = await route({ type: 'readBuilding', payload: { buildingId: 7 } });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'badMessage', message: expect.stringContaining('buildingId') },
    });
  });

  it('turns a throwing handler into an internal error answer', async () => {
    expect(await route({ type: 'readBuilding', payload: { buildingId: 'b-1' } })).toMatchObject({
      ok: false,
      error: { kind: 'internal', message: expect.stringContaining('boom') },
    });
  });

  it('refuses a handler answer that breaks the protocol', async () => {
    expect(await route({ type: 'listRooms', payload: { buildingId: 'b-1' } })).toMatchObject({
      ok: false,
      error: { kind: 'badMessage' },
    });
  });
});

describe('isTrustedSender with Firefox URLs', () => {
  const ROOT = 'moz-extension://4b1f2c9e-0d7a-4c55-9a65-1e2f3a4b5c6d/';
  it('accepts a moz-extension page by the prefix of runtime.getURL("")', () => {
    expect(isTrustedSender({ id: ID, url: `${ROOT}editor.html#import` }, ID, ROOT)).toBe(true);
    expect(isTrustedSender({ id: ID, url: `${ROOT}popup.html` }, ID, ROOT.slice(0, -1))).toBe(true);
  });

  it('refuses another extension whose host only starts like ours, and an empty root', () => {
    const other = 'moz-extension://4b1f2c9e-0d7a-4c55-9a65-1e2f3a4b5c6dff/popup.html';
    expect(isTrustedSender({ id: ID, url: other }, ID, ROOT)).toBe(false);
    expect(isTrustedSender({ id: ID, url: `${ROOT}popup.html` }, ID, '')).toBe(false);
  });
});
