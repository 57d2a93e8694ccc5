/**
 * "Copy this slot to…" in the full editor, with a fake worker: the checklist of buildings and
 * factories with its filter and "Select all shown", the slot number, the preview with what each
 * target holds and the cost, and one Confirm that sends one job across the chosen targets.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PageContext } from '../../components/page/context';
import { SlotWorkspace } from '../../components/slots/SlotWorkspace';
import { parseImportDocument } from '../../lib/import/import-parser';
import { planCost, planStorage, planTargets } from '../../lib/jobs/multi-plan';
import type { RequestOf } from '../../lib/messaging/protocol';
import { recordingWorker, signedInAnswers } from './fixtures';

const P = 'p-1';
const T0 = '2025-01-01T00:00:00.000Z';
const BUILDINGS = [
  { id: 'b-1001', label: 'Rathaus' },
  { id: 'b-1002', label: 'Lager Nord' },
  { id: 'b-1003', label: 'Lager Süd' },
];

function fakeWorker() {
  return recordingWorker((type, payload) => {
    switch (type) {
      case 'listFactories':
        return { ok: true, value: { factories: [{ id: 'f-501', name: 'Mühle' }], unavailable: null } };
      case 'readOption': {
        const { option } = payload as RequestOf<'readOption'>;
        return { ok: true, value: { title: `Titel ${option}`, data: `Daten ${option}`, lastUpdated: T0 } };
      }
      case 'previewTargets': {
        // As the worker plans it: what each target holds now (here: Lager Süd already holds it).
        const parsed = parseImportDocument(
          { value: (payload as RequestOf<'previewTargets'>).document },
          { premium: false },
        );
        if (!parsed.ok) throw new Error('bad document');
        const plans = planTargets(parsed.targets, {
          premium: false,
          placeholder: '',
          owned: () => true,
          current: (target) =>
            target.id === 'b-1003'
              ? { title: 'Titel 2', data: 'Daten 2', lastUpdated: T0 }
              : { title: 'anders', data: 'alt', lastUpdated: T0 },
          // Read now for the preview: a target holding the value already is skipped.
          readNow: () => true,
        });
        return {
          ok: true,
          value: {
            status: 'ready',
            targets: plans,
            cost: planCost(plans, null),
            storage: planStorage(plans),
          },
        };
      }
      case 'startTargets':
        return { ok: true, value: { id: 'job-1' } };
      default:
        return signedInAnswers(BUILDINGS)(type, payload);
    }
  });
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('copy this slot to…', () => {
  it('filters, selects all shown, previews what each target holds with the cost, and confirms once', async () => {
    const worker = fakeWorker();
    render(<SlotWorkspace layout="full" page={new PageContext({ send: worker.send, profileId: P })} />);
    const slot2 = await screen.findByRole('group', { name: 'Slot 2' });
    await waitFor(() => expect(within(slot2).getByLabelText('Title')).toBeTruthy());
    fireEvent.click(within(slot2).getByRole('button', { name: 'Copy this slot to…' }));
    const panel = await within(slot2).findByRole('region', {
      name: 'Copy slot 2 to buildings and factories',
    });
    // What it copies: the value shown, read when the editor read it (not read again for the copy).
    expect(
      within(panel).getByText(/^Copies the value shown, as read .+ \(not read again before copying/),
    ).toBeTruthy();
    const targets = within(panel).getByRole('group', { name: 'Targets' });
    await waitFor(() => expect(within(targets).getByLabelText('Mühle')).toBeTruthy());
    // Nothing chosen: said, nothing asked.
    fireEvent.click(within(panel).getByRole('button', { name: 'Preview the copy' }));
    expect(within(panel).getByRole('alert').textContent).toBe('Choose at least one building or factory.');
    fireEvent.input(within(panel).getByLabelText('Filter buildings and factories'), {
      target: { value: 'lager' },
    });
    expect(within(targets).queryByLabelText('Rathaus')).toBeNull();
    fireEvent.click(within(panel).getByLabelText('Select all shown'));
    expect((within(targets).getByLabelText('Lager Nord') as HTMLInputElement).checked).toBe(true);
    expect((within(targets).getByLabelText('Lager Süd') as HTMLInputElement).checked).toBe(true);
    fireEvent.input(within(panel).getByLabelText('Filter buildings and factories'), {
      target: { value: '' },
    });
    fireEvent.click(within(targets).getByLabelText('Mühle'));
    expect((within(targets).getByLabelText('Rathaus') as HTMLInputElement).checked).toBe(false);
    fireEvent.change(within(panel).getByLabelText('Into slot'), { target: { value: '5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Preview the copy' }));
    const preview = await within(panel).findByRole('region', { name: 'Preview' });
    // Nothing read for the preview unless the user asks: what is fresh in the cache is shown as of then.
    expect(worker.sent('previewTargets')[0]?.payload).toEqual({
      document: {
        targets: [
          {
            target: { kind: 'building', id: 'b-1002' },
            slots: [{ slot: 5, title: 'Titel 2', data: 'Daten 2' }],
          },
          {
            target: { kind: 'building', id: 'b-1003' },
            slots: [{ slot: 5, title: 'Titel 2', data: 'Daten 2' }],
          },
          {
            target: { kind: 'factory', id: 'f-501' },
            slots: [{ slot: 5, title: 'Titel 2', data: 'Daten 2' }],
          },
        ],
      },
    });
    expect(within(preview).getByRole('group', { name: 'Lager Nord' }).textContent).toContain('1 change');
    expect(within(preview).getByRole('group', { name: 'Lager Süd' }).textContent).toContain(
      '1 already hold this value (skipped, no request)',
    );
    expect(
      within(preview).getByText(
        /Reads 2 slots, writes at most 2 \(those that differ\): about 1 min at 10 requests per minute\./,
      ),
    ).toBeTruthy();
    fireEvent.click(
      within(preview).getByRole('button', { name: 'Confirm: write up to 2 slots in 2 targets' }),
    );
    await waitFor(() => expect(worker.sent('startTargets')).toHaveLength(1));
    expect(worker.sent('startTargets')[0]?.payload).toEqual({
      slots: [
        {
          target: { kind: 'building', id: 'b-1002' },
          slot: 5,
          title: 'Titel 2',
          data: 'Daten 2',
          expected: { title: 'anders', data: 'alt' },
        },
        {
          target: { kind: 'factory', id: 'f-501' },
          slot: 5,
          title: 'Titel 2',
          data: 'Daten 2',
          expected: { title: 'anders', data: 'alt' },
        },
      ],
      kind: 'copy',
    });
  });
});
