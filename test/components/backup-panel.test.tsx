/**
 * The backup panel with a fake worker that stores the job as the worker does (the panel follows the
 * stored job): the progress bar with its label, "N of M slots" and the time left at the budget,
 * Cancel, the targets left out, and the finished file handed to the browser's download.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BackupPanel } from '../../components/backup/BackupPanel';
import { multiTargetDocument } from '../../lib/import/format-export';
import { parseImportDocument } from '../../lib/import/import-parser';
import type { Send } from '../../lib/messaging/page-client';
import type { MessageType } from '../../lib/messaging/protocol';
import { type BackupJob, readBackup, saveBackup } from '../../lib/storage/backup-jobs';
import { runningBackup } from './fixtures';

const P = 'p-1';

const running = runningBackup;

const DOCUMENT = multiTargetDocument(
  [
    {
      target: { kind: 'building', id: 'b-3001' },
      slots: [{ slot: 1, title: 'A', data: '1', lastUpdated: null }],
    },
  ],
  new Date('2026-11-24T10:00:00Z'),
);

function fakeWorker(start: { ok: true; value: BackupJob } | { ok: false; error: unknown }) {
  const calls: { type: MessageType; payload: unknown }[] = [];
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    calls.push({ type, payload });
    switch (type) {
      case 'getBackup':
        // As the worker does: the profile's backup as stored.
        return { ok: true, value: await readBackup(P) };
      case 'startBackup':
        if (start.ok) await saveBackup(start.value);
        return start;
      case 'cancelBackup':
      case 'resumeBackup':
        return { ok: true, value: payload };
      case 'getBackupFile':
        return { ok: true, value: { name: 'page-options-backup-Lotte-2026-11-24.json', document: DOCUMENT } };
      default:
        return { ok: false, error: { kind: 'internal', message: type } };
    }
  }) as unknown as Send;
  return { send, sent: (type: MessageType) => calls.filter((c) => c.type === type) };
}

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

describe('BackupPanel', () => {
  it('starts a backup and shows its progress as a labelled progress bar with the time left at the budget', async () => {
    const worker = fakeWorker({ ok: true, value: running() });
    render(<BackupPanel send={worker.send} profileId={P} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Back up everything' }));
    const bar = await screen.findByRole('progressbar', { name: 'Backup progress' });
    expect(bar.getAttribute('value')).toBe('84');
    expect(bar.getAttribute('max')).toBe('240');
    expect(screen.getByRole('status').textContent).toBe(
      '84 of 240 slots · about 16 min at 10 requests per minute',
    );
    // The worker stores its next step: the page follows it.
    await saveBackup(running({ settled: 200, toRead: 40, perMinute: 20 }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '200 of 240 slots · about 2 min at 20 requests per minute',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Back up everything' })).toBeNull();
  });

  it('Cancel asks the worker to cancel the running job, by its id', async () => {
    const worker = fakeWorker({ ok: true, value: running() });
    await saveBackup(running());
    render(<BackupPanel send={worker.send} profileId={P} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel backup' }));
    await waitFor(() =>
      expect(worker.sent('cancelBackup')).toEqual([{ type: 'cancelBackup', payload: { id: 'job-1' } }]),
    );
    await saveBackup(running({ state: 'cancelled' }));
    expect(await screen.findByText('Backup cancelled; nothing to download.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download backup file' })).toBeNull();
  });

  it("a backup paused by the server's wait says the wait and what is done, and Resume asks the worker to go on", async () => {
    const worker = fakeWorker({ ok: true, value: running() });
    const resumeAt = new Date(2026, 11, 3, 14, 30).getTime();
    await saveBackup(running({ state: 'paused', pause: { waitMs: 12 * 60_000, resumeAt } }));
    render(<BackupPanel send={worker.send} profileId={P} />);
    const status = await screen.findByRole('status');
    expect(status.textContent).toMatch(
      /^Paused: the server asks to wait 12 min, longer than the 5 min this extension waits\. 84 of 240 slots done; the others are read when it goes on\. Resume after .+, or now: Resume asks the server again\.$/,
    );
    // Still under way: no new backup offered, its progress and Cancel stay.
    expect(screen.queryByRole('button', { name: 'Back up everything' })).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Backup progress' }).getAttribute('value')).toBe('84');
    expect(screen.getByRole('button', { name: 'Cancel backup' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume backup' }));
    await waitFor(() =>
      expect(worker.sent('resumeBackup')).toEqual([{ type: 'resumeBackup', payload: { id: 'job-1' } }]),
    );
    await saveBackup(running({ settled: 90 }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^90 of 240 slots · about/));
    expect(screen.queryByRole('button', { name: 'Resume backup' })).toBeNull();
  });

  it('a finished backup names the targets left out and hands its file to the download, again on each click', async () => {
    const worker = fakeWorker({ ok: true, value: running() });
    const targets: BackupJob['targets'] = running().targets.map((t) => ({ ...t, outcome: 'done' }));
    targets[3] = { ...targets[3]!, outcome: 'notOwned', message: 'notFound: Building not found' };
    targets[4] = { ...targets[4]!, slots: 10, limited: true };
    await saveBackup(
      running({ state: 'finished', settled: 210, total: 210, requests: 211, toRead: 0, targets }),
    );
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:backup';
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render(<BackupPanel send={worker.send} profileId={P} />);
    expect(await screen.findByText('Backup finished: 11 targets, 211 requests.')).toBeTruthy();
    const left = screen.getByRole('list', { name: 'Not in the file' });
    expect(
      within(left)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Haus 4: not this account’s (404), not backed up',
      'Haus 5: 10 slots (slots 11–20 need premium)',
    ]);
    const button = screen.getByRole('button', { name: 'Download backup file' });
    fireEvent.click(button);
    await waitFor(() => expect(clicked).toEqual(['page-options-backup-Lotte-2026-11-24.json']));
    fireEvent.click(button);
    await waitFor(() => expect(clicked).toHaveLength(2));
    const parsed = parseImportDocument({ value: JSON.parse(await blobs[0]!.text()) }, { premium: true });
    expect(parsed.ok && parsed.targets.map((t) => t.target.id)).toEqual(['b-3001']);
  });

  it('names a target left out for its id, with why, among those not in the file', async () => {
    const worker = fakeWorker({ ok: true, value: running() });
    const targets: BackupJob['targets'] = running().targets.map((t) => ({ ...t, outcome: 'done' }));
    const leftOut = [
      { kind: 'building' as const, id: 'a/b', name: 'Haus Schräg', reason: 'id must not contain “/”' },
    ];
    await saveBackup(running({ state: 'finished', settled: 240, toRead: 0, targets, leftOut }));
    render(<BackupPanel send={worker.send} profileId={P} />);
    const left = await screen.findByRole('list', { name: 'Not in the file' });
    expect(within(left).getByRole('listitem').textContent).toBe(
      'Haus Schräg (id “a/b”): left out, not backed up (id must not contain “/”)',
    );
    expect(screen.getByRole('button', { name: 'Download backup file' })).toBeTruthy();
  });

  it('a backup refused before it starts says why', async () => {
    const worker = fakeWorker({
      ok: false,
      error: {
        kind: 'invalidInput',
        field: 'backup',
        message: '60 targets with 1200 slots need up to 3072 KB; a backup may store 2560 KB (1000 slots)',
      },
    });
    render(<BackupPanel send={worker.send} profileId={P} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Back up everything' }));
    expect(await screen.findByText(/1200 slots need up to 3072 KB; a backup may store 2560 KB/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
