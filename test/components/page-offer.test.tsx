/** The popup's offer of a page's payload: named target, a warning for a foreign one, the size cap. */
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PageOffer, describePayload } from '../../components/import/PageOffer';
import { takePendingImport } from '../../lib/storage/pending';
import type { Send } from '../../lib/messaging/page-client';

const listing = vi.fn(async () => ({ ok: true, value: [{ id: 'b-1001', label: 'Haus Müllerstraße' }] }));
const send = listing as unknown as Send;
const payload = (id: string) =>
  JSON.stringify({ target: { kind: 'building', id }, slots: [{ slot: 1, title: 'a', data: 'b' }] });

beforeEach(() => {
  fakeBrowser.reset();
});

describe('PageOffer', () => {
  it('names the target by the account’s building', async () => {
    const found = describePayload(payload('b-1001'), 'https://shop.example/');
    render(<PageOffer find={async () => found} send={send} />);
    expect(await screen.findByText('For Haus Müllerstraße')).toBeTruthy();
    expect(screen.getByText('This page offers data for 1 slots.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the target is not one of the account’s buildings', async () => {
    const found = describePayload(payload('b-9999'), 'https://shop.example/');
    render(<PageOffer find={async () => found} send={send} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Building b-9999 is not one of your account's buildings. Check the page before you import.",
    );
    expect(screen.getByRole('button', { name: 'Review and import' })).toBeTruthy();
  });

  it('refuses a payload over the size cap with a message and offers no import', async () => {
    const found = describePayload(`{"slots":"${'x'.repeat(400 * 1024)}"}`, 'https://shop.example/');
    expect(found).toEqual({ status: 'tooLarge', bytes: 400 * 1024 + 12 });
    render(<PageOffer find={async () => found} send={send} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This page's data has 401 KB, more than the 256 KB an import may have. It cannot be imported.",
    );
    expect(screen.queryByRole('button', { name: 'Review and import' })).toBeNull();
  });

  it('hands a payload within the cap to the editor', async () => {
    const text = payload('b-1001');
    render(<PageOffer find={async () => describePayload(text, 'https://shop.example/')} send={send} />);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Review and import' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(await takePendingImport()).toMatchObject({ text, source: 'https://shop.example/' });
    close.mockRestore();
  });
});
