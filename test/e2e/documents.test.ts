/**
 * Factories found and documents across slots, end to end: the built extension in Chromium against
 * the sandbox over HTTP. The factory picker filled from GET /factory/list/, the fallback to hand
 * entry when it answers 404 (said once), and a 10,000-character document written across slots
 * through one import job, then read back by a reader written here from the README's scheme. A
 * rewrite of 2 of 6 pieces costs its floor (no read for the preview; a check of every piece, a write per
 * changed piece and the manifest), and a piece another writer changed after the editor showed it
 * is a conflict with both texts: nothing of the document is written until the user decides. What
 * another tab of the extension wrote, and an Undo, move the open editor's baseline (issue 33, finding 7).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../sandbox/seed';
import { clearCachedAnswers, clearStoredFamilies } from './browser';
import { useExtension } from './fixture';
import { EditorPage } from './pages/editor-page';
import { readDocument, readSlotDirect } from '../sandbox/direct';
import type { LoggedRequest } from '../sandbox/server';
import { documentSlots } from '../../lib/slots/document';
import { DEFAULT_LAYOUT } from '../../lib/slots/document-layout';

const { sandbox, session } = useExtension({ as: 'premium' });
const BUILDING = DEMO.buildings.juergen[0];

beforeEach(async () => {
  await clearCachedAnswers(session);
});

/** 10,000 characters of minified JSON with umlauts and emoji throughout. */
function tenThousand(): { value: unknown; text: string } {
  const items: { n: number; name: string }[] = [];
  const size = () => JSON.stringify({ items, pad: '' }).length;
  while (size() < 9_900) items.push({ n: items.length, name: `Straße Nr. ${items.length} 🏠 Grüße` });
  const value = { items, pad: 'ä'.repeat(10_000 - size()) };
  return { value, text: JSON.stringify(value) };
}

describe('factories', () => {
  it('lists the account’s factories from GET /factory/list/ by name, and opens their slots', async () => {
    const editor = await EditorPage.open(session);
    const bakery = editor.factories.getByRole('button', { name: 'Bäckerei Groß', exact: true });
    await bakery.click();
    await expect.poll(() => editor.title(1).inputValue()).toBe('Öffnungszeiten');
    expect(sandbox.log.some((r) => r.path === '/factory/list/')).toBe(true);
    await expect.poll(() => editor.page.getByText(/factory list/).count()).toBe(0);
    await editor.page.close();
  });

  it('falls back to hand entry when /factory/list/ answers 404, saying why once', async () => {
    sandbox.setFactoryList(false);
    const editor = await EditorPage.open(session);
    const notice = editor.page.getByText(
      /The service has no factory list \(GET \/factory\/list\/ answered 404\)/,
    );
    await notice.waitFor();
    await editor.addFactory(DEMO.factories.juergen[0], 'Meine Bäckerei');
    await editor.factories.getByRole('button', { name: 'Meine Bäckerei', exact: true }).waitFor();
    await expect.poll(() => editor.title(1).inputValue()).toBe('Öffnungszeiten');
    await editor.page.close();
    await clearCachedAnswers(session);
    const again = await EditorPage.open(session);
    await again.factories.getByRole('button', { name: 'Meine Bäckerei', exact: true }).waitFor();
    await expect.poll(() => sandbox.log.filter((r) => r.path === '/factory/list/').length).toBe(2);
    expect(await again.page.getByText(/The service has no factory list/).count()).toBe(0);
    await again.page.close();
  });
});

describe('a document across slots', () => {
  it('writes 10,000 characters across slots in one job, manifest last, read back by the README’s reader', async () => {
    const editor = await EditorPage.open(session);
    await editor.target('Haus Müllerstraße').click();
    await expect.poll(() => editor.page.getByText('Loading slot…').count()).toBe(0);
    const { value, text } = tenThousand();
    expect(text.length).toBe(10_000);
    await editor.planDocument(text);
    await editor.document.getByText('Needs 6 of 20 slots (slots 1–6).', { exact: false }).waitFor();
    await editor.previewDocument();
    await editor.confirm.waitFor();
    sandbox.clearLog();
    await editor.confirm.click();
    await editor.page.getByText(/^Finished: 6 written, 0 skipped, 0 failed\.$/).waitFor({ timeout: 30_000 });
    const posts = sandbox.log
      .filter((r) => r.method === 'POST')
      .map((r) => (JSON.parse(r.body) as { option: number }).option);
    expect(posts.at(-1)).toBe(1);
    expect(posts.toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await readDocument(sandbox.url, DEMO.premium.token, 'building', BUILDING)).toEqual(value);
    // Read back in the editor as one document.
    await editor.document
      .getByText(`Document “site” in slots 1–6: 10000 characters in 5 pieces`, { exact: false })
      .waitFor();
    await editor.document.getByText('valid JSON', { exact: true }).waitFor();
    await editor.page.close();
  });
});

/** A 6-piece document (13,800 characters) and the same with pieces 1 and 4 (slots 2 and 5) changed. */
function sixPieces() {
  const text = JSON.stringify({ v: 'a'.repeat(6 * 2300 - 8) });
  const next = `${text.slice(0, 6)}${'b'.repeat(2294)}${text.slice(2300, 3 * 2300)}${'c'.repeat(2300)}${text.slice(4 * 2300)}`;
  return { text, next, value: JSON.parse(next) as unknown };
}

const target = { kind: 'building' as const, id: BUILDING };

/**
 * The job's requests: everything up to its last write, or its first three reads when it wrote
 * nothing (the editor reads the slots again after it).
 */
const slotRequests = (log: LoggedRequest[]) => log.filter((r) => r.path.startsWith('/building/options'));

function jobRequests(all: LoggedRequest[]) {
  const log = slotRequests(all);
  const last = log.findLastIndex((r) => r.method === 'POST');
  const sent = last < 0 ? log.slice(0, 3) : log.slice(0, last + 1);
  const slot = (r: LoggedRequest) =>
    r.method === 'POST'
      ? (JSON.parse(r.body) as { option: number }).option
      : Number(r.path.split('/').at(-1));
  return {
    reads: sent.filter((r) => r.method === 'GET').map(slot),
    writes: sent.filter((r) => r.method === 'POST').map(slot),
  };
}

async function openWithDocument(text: string) {
  // A draft or job left by an earlier test is no edit of this document.
  await clearStoredFamilies(session, ['docDraft', 'job']);
  for (const piece of documentSlots(text, DEFAULT_LAYOUT))
    sandbox.changeSlot({ target, option: piece.slot, ...piece });
  const editor = await EditorPage.open(session);
  await editor.target('Haus Müllerstraße').click();
  await expect.poll(() => editor.page.getByText('Loading slot…').count()).toBe(0);
  await editor.showSection('Document');
  await editor.document
    .getByText('Document “site” in slots 1–7: 13800 characters in 6 pieces', { exact: false })
    .waitFor();
  return editor;
}

/** Waits, or on a timeout prints the import section and the request log before failing. */
async function explain(editor: EditorPage, wait: Promise<void>) {
  await wait.catch(async (e: unknown) => {
    console.log(
      'DEBUG',
      await editor.page
        .locator('#import')
        .innerText()
        .catch(() => 'nojob'),
      JSON.stringify(sandbox.log.map((r) => [r.method, r.path, r.status])),
    );
    throw e;
  });
}

describe('a rewrite of a document across slots', () => {
  it('costs its floor: nothing read for the preview, a check of every piece, one write per changed piece and the manifest', async () => {
    const { text, next, value } = sixPieces();
    const editor = await openWithDocument(text);
    sandbox.clearLog();
    await editor.planDocument(next);
    await editor.previewDocument();
    await editor.confirm.waitFor();
    expect(slotRequests(sandbox.log)).toEqual([]);
    await editor.confirm.click();
    await explain(
      editor,
      editor.page.getByText(/^Finished: 3 written, 4 skipped, 0 failed\.$/).waitFor({ timeout: 30_000 }),
    );
    const { reads, writes } = jobRequests(sandbox.log);
    // Every piece is checked at write time, written or not (issue 33, finding 6).
    expect(reads.toSorted()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(writes.slice(0, 2).toSorted()).toEqual([2, 5]);
    expect(writes.at(-1)).toBe(1);
    expect(await readDocument(sandbox.url, DEMO.premium.token, 'building', BUILDING)).toEqual(value);
    await editor.page.close();
  });

  it('stops at a piece another writer changed after the editor showed it: both texts, nothing written until Keep mine', async () => {
    const { text, next, value } = sixPieces();
    const editor = await openWithDocument(text);
    await editor.planDocument(next);
    await editor.previewDocument();
    await editor.confirm.waitFor();
    // Between the preview and Confirm, someone else writes piece 1 (slot 2).
    sandbox.changeSlot({ target, option: 2, title: 'site:1', data: 'von woanders' });
    sandbox.clearLog();
    await editor.confirm.click();
    const dialog = editor.page.getByRole('alertdialog', { name: 'Slot 2 was changed elsewhere' });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByText('von woanders', { exact: true }).waitFor();
    await dialog.getByText(next.slice(0, 2300), { exact: true }).waitFor();
    const first = jobRequests(sandbox.log);
    expect(slotRequests(sandbox.log).filter((r) => r.method === 'POST')).toEqual([]);
    expect(first.reads).toContain(2);
    await explain(
      editor,
      editor.page
        .getByText('not written: the document waits for your decision on the slot in conflict')
        .first()
        .waitFor(),
    );
    // The rest of the document is as it was: the old manifest and pieces.
    const pieces = documentSlots(text, DEFAULT_LAYOUT);
    for (const option of [1, 5])
      expect((await readSlotDirect(sandbox, target, option)).data).toBe(
        pieces.find((p) => p.slot === option)?.data,
      );
    sandbox.clearLog();
    await dialog.getByRole('button', { name: /^Keep mine/ }).click();
    await explain(
      editor,
      editor.page.getByText(/^Finished: 3 written, 0 skipped, 0 failed\.$/).waitFor({ timeout: 30_000 }),
    );
    expect(await readDocument(sandbox.url, DEMO.premium.token, 'building', BUILDING)).toEqual(value);
    await editor.page.close();
  });
});

/** A pretty-printed JSON file, no import document, larger than a slot: its numbers and escapes as written. */
function plainFile() {
  const pad = 'ö'.repeat(5000);
  const source = `{\n  "preis": 1.50,\n  "name": "Caf\\u00e9",\n  "pad": "${pad}"\n}\n`;
  return { source, minified: `{"preis":1.50,"name":"Caf\\u00e9","pad":"${pad}"}` };
}

/** Takes `source` as a file in Import & export, stores it as the document, previews and writes it. */
async function writeFileAsDocument(editor: EditorPage, source: string) {
  await editor.showSection('Import & export');
  await editor.page.getByLabel('Choose a JSON file').setInputFiles({
    name: 'plain.json',
    mimeType: 'application/json',
    buffer: Buffer.from(source),
  });
  await editor.page.getByRole('button', { name: 'Store as a document across slots' }).click();
  await editor.document.getByRole('button', { name: 'Plan the write' }).click();
  await editor.previewDocument();
  await editor.confirm.waitFor();
  expect(await editor.document.getByText('Changed since you began editing', { exact: false }).count()).toBe(
    0,
  );
  await editor.confirm.click();
  await explain(
    editor,
    editor.page
      .getByRole('region', { name: 'Import progress' })
      .getByText(/^Finished: \d+ written, \d+ skipped, 0 failed\.$/)
      .waitFor({ timeout: 30_000 }),
  );
  expect(await editor.page.getByRole('alertdialog').count()).toBe(0);
}

describe('the extension’s own writes move the baseline of every open view (issue 33, finding 7)', () => {
  it('a plain JSON file taken as the document after another tab’s document write, and again after its own write’s Undo: no "Changed since", the file’s minified JSON written', async () => {
    const { text, next } = sixPieces();
    const { source, minified } = plainFile();
    // This tab begins an edit of the stored document first.
    const mine = await openWithDocument(text);
    await mine.documentText.fill(text);
    // Another tab of the extension writes the document.
    const other = await EditorPage.open(session);
    await other.target('Haus Müllerstraße').click();
    await expect.poll(() => other.page.getByText('Loading slot…').count()).toBe(0);
    await other.planDocument(next);
    await other.previewDocument();
    await other.confirm.click();
    await explain(
      other,
      other.page.getByText(/^Finished: 3 written, \d+ skipped, 0 failed\.$/).waitFor({ timeout: 30_000 }),
    );
    await other.page.close();
    // Back in the first tab: a plain JSON file accepted as the document is written as it is.
    await writeFileAsDocument(mine, source);
    const pieces = documentSlots(minified, DEFAULT_LAYOUT);
    for (const piece of pieces)
      expect((await readSlotDirect(sandbox, target, piece.slot)).data).toBe(piece.data);
    // Its Undo puts the other tab's document back; the file taken again is no conflict either.
    await mine.page.getByRole('button', { name: 'Undo this import', exact: true }).click();
    await explain(
      mine,
      mine.page
        .getByRole('region', { name: 'Undo progress' })
        .getByText(/^Finished: \d+ written, \d+ skipped, 0 failed\.$/)
        .waitFor({ timeout: 30_000 }),
    );
    expect(await readDocument(sandbox.url, DEMO.premium.token, 'building', BUILDING)).toEqual(
      JSON.parse(next),
    );
    await writeFileAsDocument(mine, source);
    for (const piece of pieces)
      expect((await readSlotDirect(sandbox, target, piece.slot)).data).toBe(piece.data);
    await mine.page.close();
  });
});

describe('a document mixed from two writers (issue 33, finding 6)', () => {
  it('another writer changes piece 1 between the preview and Confirm of an edit of piece 3: nothing written, the conflict shows the piece', async () => {
    const { text } = sixPieces();
    const next = `${text.slice(0, 2 * 2300)}${'d'.repeat(2300)}${text.slice(3 * 2300)}`;
    const editor = await openWithDocument(text);
    await editor.planDocument(next);
    await editor.previewDocument();
    await editor.confirm.waitFor();
    // Piece 1 (slot 2) is not written by this edit; someone else writes it now.
    sandbox.changeSlot({ target, option: 2, title: 'site:1', data: 'von woanders' });
    sandbox.clearLog();
    await editor.confirm.click();
    const dialog = editor.page.getByRole('alertdialog', { name: 'Slot 2 was changed elsewhere' });
    await explain(editor, dialog.waitFor({ timeout: 30_000 }));
    await dialog.getByText('von woanders', { exact: true }).waitFor();
    await dialog.getByText(text.slice(0, 2300), { exact: true }).waitFor();
    expect(slotRequests(sandbox.log).filter((r) => r.method === 'POST')).toEqual([]);
    // Piece 3 and the manifest are as they were: no document of two writers.
    const pieces = documentSlots(text, DEFAULT_LAYOUT);
    for (const option of [1, 4])
      expect((await readSlotDirect(sandbox, target, option)).data).toBe(
        pieces.find((p) => p.slot === option)?.data,
      );
    await editor.page.close();
  });
});
