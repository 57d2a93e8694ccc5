/**
 * Selected text handed to the editor, with a fake worker: an empty title keeps the slot's current
 * one (read first), a typed title and slot are taken as they are, and a read that fails is said
 * without a preview.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { SelectionForm } from '../../components/import/SelectionForm';
import type { Send } from '../../lib/messaging/page-client';
import type { MessageType } from '../../lib/messaging/protocol';

const target = { kind: 'building' as const, id: 'b-1001' };

function fakeWorker(readOption: () => unknown) {
  const calls: { type: MessageType; payload: unknown }[] = [];
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    calls.push({ type, payload });
    return type === 'readOption' ? readOption() : { ok: false, error: { kind: 'internal', message: type } };
  }) as unknown as Send;
  return { send, calls };
}

function renderForm(send: Send) {
  const onPreview = vi.fn();
  render(
    <SelectionForm
      text="Mo–Fr 9–18"
      target={target}
      premium
      send={send}
      onPreview={onPreview}
      onCancel={() => undefined}
    />,
  );
  return onPreview;
}

describe('the selection form', () => {
  it('keeps the slot’s current title when none is typed, reading it first', async () => {
    const worker = fakeWorker(() => ({
      ok: true,
      value: { title: 'Hours', data: 'old', lastUpdated: null },
    }));
    const onPreview = renderForm(worker.send);
    fireEvent.change(screen.getByLabelText('Slot number'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(onPreview).toHaveBeenCalledWith({
        target,
        slots: [{ slot: 4, title: 'Hours', data: 'Mo–Fr 9–18' }],
      }),
    );
    expect(worker.calls).toEqual([{ type: 'readOption', payload: { target, option: 4 } }]);
  });

  it('takes a typed title as it is, without a read', async () => {
    const worker = fakeWorker(() => ({
      ok: true,
      value: { title: 'Hours', data: 'old', lastUpdated: null },
    }));
    const onPreview = renderForm(worker.send);
    fireEvent.input(screen.getByLabelText('New title (empty keeps the current one)'), {
      target: { value: 'Opening hours' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(onPreview).toHaveBeenCalledWith({
        target,
        slots: [{ slot: 1, title: 'Opening hours', data: 'Mo–Fr 9–18' }],
      }),
    );
    expect(worker.calls).toEqual([]);
  });

  it('says why the current title could not be read, and previews nothing', async () => {
    const worker = fakeWorker(() => ({ ok: false, error: { kind: 'network', message: 'offline' } }));
    const onPreview = renderForm(worker.send);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(onPreview).not.toHaveBeenCalled();
  });
});
