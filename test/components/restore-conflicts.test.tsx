/**
 * A restore's conflicts (a slot another writer changed after the preview read it), with a fake
 * worker: each shown with both values, the backup's and the current one, settled one by one or all
 * at once; the preview's cost says reads and writes apart and its Confirm what the job checks.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { JobProgress } from '../../components/import/JobProgress';
import type { PageOption, Target } from '../../lib/api/schemas';
import { newJob } from '../../lib/jobs/job';
import { jobSlotsOf, planCost, planStorage, planTargets } from '../../lib/jobs/multi-plan';
import type { Send } from '../../lib/messaging/page-client';
import type { MessageType, TargetsPreview } from '../../lib/messaging/protocol';
import { type Job, saveJob } from '../../lib/storage/jobs';
import { renderImportPanel } from './import-fixtures';

const P = 'p-1';
const b1: Target = { kind: 'building', id: 'b-1001' };
const b2: Target = { kind: 'building', id: 'b-1002' };
const HTML = '<img src=x onerror=alert(1)>';
const buildings = [
  { id: b1.id, label: 'Königshof' },
  { id: b2.id, label: 'Lager' },
];
const current = (title: string, data: string): PageOption => ({
  title,
  data,
  lastUpdated: '2026-03-02T11:58:00.000Z',
});

/** A finished restore in which another writer's values met the job at write time. */
function restoreWith(conflicts: { target: Target; slot: number; now: PageOption }[]): Job {
  const job = newJob(
    P,
    'restore',
    b1,
    conflicts.map(({ target, slot }) => ({
      target,
      slot,
      title: `Backup ${slot}`,
      data: `backed up ${slot}`,
      expected: { title: `Backup ${slot}`, data: `backed up ${slot}` },
    })),
  );
  return {
    ...job,
    state: 'finished',
    items: job.items.map((item, at) => ({ ...item, status: 'conflict', conflict: conflicts[at]!.now })),
  };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the conflicts of a restore', () => {
  const job = restoreWith([
    { target: b1, slot: 1, now: current('Other writer', 'damage') },
    { target: b1, slot: 4, now: current(HTML, 'damage 4') },
    { target: b2, slot: 2, now: current('Other writer', 'damage 2') },
  ]);

  it('shows each slot with the backup’s value and the current one, and one choice for all first', () => {
    const onResolve = vi.fn();
    const onResolveAll = vi.fn();
    render(
      <JobProgress
        job={job}
        voice="restore"
        onResolve={onResolve}
        onResolveAll={onResolveAll}
        buildings={buildings}
      />,
    );
    const group = screen.getByRole('region', { name: '3 slots were changed elsewhere' });
    expect(within(group).getByText(/^Nothing was written there\./)).toBeTruthy();
    const dialog = within(group).getByRole('alertdialog', {
      name: 'Königshof, slot 4 was changed elsewhere',
    });
    expect(within(dialog).getByRole('heading', { name: 'In the backup' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: /^Now on the server/ })).toBeTruthy();
    expect(dialog.textContent).toContain('backed up 4');
    expect(dialog.textContent).toContain('damage 4');
    // Another writer's text stays text.
    expect(within(dialog).getByText(HTML)).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getAllByRole('alertdialog')).toHaveLength(3);
    // The choice for all takes the focus, not the last dialog drawn.
    const all = within(group).getByRole('button', { name: 'Restore the backup’s value in all 3' });
    expect(document.activeElement).toBe(all);
    fireEvent.click(all);
    expect(onResolveAll).toHaveBeenCalledWith('mine');
    fireEvent.click(within(group).getByRole('button', { name: 'Keep the current value in all 3' }));
    expect(onResolveAll).toHaveBeenLastCalledWith('server');
    // Or one by one.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the current value' }));
    expect(onResolve).toHaveBeenCalledWith(job.items[1], 'server');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore the backup’s value' }));
    expect(onResolve).toHaveBeenLastCalledWith(job.items[1], 'mine');
  });

  it('asks nothing twice while a choice for all is being written', () => {
    const onResolveAll = vi.fn();
    render(
      <JobProgress job={job} voice="restore" onResolve={vi.fn()} onResolveAll={onResolveAll} settling />,
    );
    const all = screen.getByRole('button', { name: 'Restore the backup’s value in all 3' });
    expect(all.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(all);
    expect(onResolveAll).not.toHaveBeenCalled();
  });

  it('a single conflict is its dialog alone, taking the focus; an edit’s keeps its own words', () => {
    const one = restoreWith([{ target: b1, slot: 1, now: current('Other writer', 'damage') }]);
    render(<JobProgress job={one} onResolve={vi.fn()} onResolveAll={vi.fn()} />);
    expect(screen.queryByRole('region', { name: /slots were changed elsewhere/ })).toBeNull();
    const dialog = screen.getByRole('alertdialog', { name: 'Building b-1001, slot 1 was changed elsewhere' });
    expect(within(dialog).getByRole('heading', { name: 'Yours' })).toBeTruthy();
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Keep mine (overwrite)' }),
    );
  });
});

describe('a restore in the backup section', () => {
  // Slot 1 of both targets held the backup's value in a cached answer; b1's slot 2 held another.
  const plans = planTargets(
    [
      {
        target: b1,
        slots: [
          { slot: 1, title: 'Backup 1', data: 'backed up 1' },
          { slot: 2, title: 'Backup 2', data: 'backed up 2' },
        ],
      },
      { target: b2, slots: [{ slot: 1, title: 'Backup 1', data: 'backed up 1' }] },
    ],
    {
      premium: true,
      placeholder: '',
      owned: () => true,
      current: (target, slot) =>
        target.id === b1.id && slot === 2 ? current('Older', 'o') : current('Backup 1', 'backed up 1'),
      seenAt: () => Date.now() - 2 * 60_000,
    },
  );
  const preview: TargetsPreview = {
    status: 'ready',
    targets: plans,
    cost: planCost(plans, { limit: 10, windowMs: 60_000, source: 'learned' as const }),
    storage: planStorage(plans),
  };
  const changed = { slot: 1, now: current('Other writer', 'damage') };

  /** The worker: the job it starts meets another writer's value in slot 1 of both targets. */
  function fakeWorker() {
    const calls: { type: MessageType; payload: unknown }[] = [];
    let job: Job | null = null;
    const send = vi.fn(async (type: MessageType, payload: unknown) => {
      calls.push({ type, payload });
      if (type === 'previewTargets') return { ok: true, value: preview };
      if (type === 'startTargets') {
        const { slots, kind } = payload as { slots: Job['items']; kind?: 'restore' | 'copy' };
        const started = newJob(P, kind ?? 'import', b1, slots);
        job = {
          ...started,
          state: 'finished',
          items: started.items.map((item) =>
            item.slot === changed.slot
              ? { ...item, status: 'conflict', conflict: changed.now }
              : { ...item, status: 'done', previous: current('Older', 'o') },
          ),
        };
        await saveJob(job);
        return { ok: true, value: { id: job.id } };
      }
      if (type === 'settleConflict' && job) {
        // As the worker does: the item settled in the stored job, one after another.
        const { target, slot, choice } = payload as {
          target: Target;
          slot: number;
          choice: 'mine' | 'server';
        };
        job = {
          ...job,
          items: job.items.map((item) =>
            item.target?.id === target.id && item.slot === slot
              ? { ...item, status: choice === 'mine' ? 'done' : 'skipped', settled: choice }
              : item,
          ),
        };
        await saveJob(job);
        return { ok: true, value: { status: 'settled' } };
      }
      return { ok: false, error: { kind: 'internal', message: type } };
    }) as unknown as Send;
    return { send, sent: (type: MessageType) => calls.filter((c) => c.type === type).map((c) => c.payload) };
  }

  it('says reads and writes apart, checks what cached answers showed, and settles the conflicts with one click', async () => {
    const worker = fakeWorker();
    renderImportPanel({
      target: b1,
      premium: true,
      send: worker.send,
      profileId: P,
      buildings,
      section: 'backup',
    });
    const file = new File([JSON.stringify({ targets: [] })], 'backup.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('Restore'), { target: { files: [file] } });
    const previewRegion = await screen.findByRole('region', { name: 'Preview' });
    expect(
      within(previewRegion).getByText(
        /^Reads 3 slots, writes at most 1 \(those that differ\): about 1 min at 10 requests per minute\./,
      ),
    ).toBeTruthy();
    fireEvent.click(
      within(previewRegion).getByRole('button', {
        name: 'Confirm: check 3 slots in 2 targets, write up to 1',
      }),
    );
    await waitFor(() => expect(worker.sent('startTargets')).toHaveLength(1));
    // Each slot a cached answer showed holding the backup's value expects it still.
    // Started from Backup & restore: stored as a restore.
    expect(worker.sent('startTargets')[0]).toEqual({ slots: jobSlotsOf(plans), kind: 'restore' });
    expect(jobSlotsOf(plans).every((slot) => slot.expected)).toBe(true);

    const group = await screen.findByRole('region', { name: '2 slots were changed elsewhere' });
    expect(within(group).getAllByRole('alertdialog')).toHaveLength(2);
    expect(
      within(group).getByRole('alertdialog', { name: 'Lager, slot 1 was changed elsewhere' }).textContent,
    ).toContain('damage');
    fireEvent.click(within(group).getByRole('button', { name: 'Restore the backup’s value in all 2' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(worker.sent('settleConflict')).toEqual([
      { id: expect.any(String), target: b1, slot: 1, choice: 'mine' },
      { id: expect.any(String), target: b2, slot: 1, choice: 'mine' },
    ]);
    expect(screen.getByText('Finished: 3 written, 0 skipped, 0 failed.')).toBeTruthy();
  });

  it('a finished restore opened again shows in Backup & restore with the backup’s words', async () => {
    await saveJob(
      restoreWith([
        { target: b1, slot: 1, now: current('Other writer', 'damage') },
        { target: b2, slot: 2, now: current('Other writer', 'damage 2') },
      ]),
    );
    renderImportPanel({
      target: b1,
      premium: true,
      send: vi.fn() as unknown as Send,
      profileId: P,
      buildings,
      section: 'backup',
    });
    const group = await screen.findByRole('region', { name: '2 slots were changed elsewhere' });
    expect(within(group).getByRole('button', { name: 'Restore the backup’s value in all 2' })).toBeTruthy();
    expect(within(group).getAllByText('In the backup')).toHaveLength(2);
  });
});
