/** Payloads handed to the editor: nothing over the import size limit is stored. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { putPendingImport, putPendingSelection } from '../../lib/import/hand-off';
import { takePendingImport } from '../../lib/storage/pending';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('pending imports', () => {
  it('hands a payload over once', async () => {
    await putPendingImport({ text: '{"slots":[]}', source: 'https://example.org/', at: 1 });
    expect(await takePendingImport()).toEqual({
      text: '{"slots":[]}',
      source: 'https://example.org/',
      at: 1,
    });
    expect(await takePendingImport()).toBeNull();
  });

  it('refuses a payload or selection over 256 KB with a message and stores nothing', async () => {
    const text = 'x'.repeat(256 * 1024 + 1);
    await expect(putPendingImport({ text, at: 1 })).rejects.toThrow(
      '257 KB, at most 256 KB; nothing of it was read',
    );
    await expect(putPendingSelection({ text, at: 1 })).rejects.toThrow('at most 256 KB');
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect(await takePendingImport()).toBeNull();
  });
});
