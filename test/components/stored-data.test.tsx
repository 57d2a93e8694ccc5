import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { StoredData } from '../../components/options/StoredData';
import type { StorageUsage } from '../../lib/messaging/protocol';

const usage: StorageUsage = {
  families: {
    cache: { count: 4, bytes: 12_000 },
    firstView: { count: 1, bytes: 900 },
    draft: { count: 2, bytes: 800 },
    history: { count: 0, bytes: 0 },
    job: { count: 1, bytes: 500 },
    backupSlots: { count: 12, bytes: 240_000 },
  },
  budgets: { cache: 1_000_000, draft: 500_000, history: 2_000_000, backupSlots: 2_560_000 },
};

describe('StoredData', () => {
  it('shows count and size per family against its budget, and clears only after confirmation', async () => {
    const onClear = vi.fn(async () => ({ ok: true as const, value: usage }));
    render(<StoredData profileName="Main" usage={usage} onClear={onClear} />);
    const table = screen.getByRole('table', { name: 'Stored data of Main' });
    const cache = within(table).getByRole('row', { name: /Cached answers/ });
    expect(cache.textContent).toContain('4');
    expect(cache.textContent).toContain('12.0 KB');
    expect(cache.textContent).toContain('1000.0 KB');
    expect(within(table).getByRole('row', { name: /Import jobs/ }).textContent).toContain('no limit');
    // The last backup's values against the bound a backup may store; not cleared here.
    const backup = within(table).getByRole('row', { name: /Last backup/ });
    expect(backup.textContent).toContain('240.0 KB');
    expect(backup.textContent).toContain('2560.0 KB');
    expect(within(backup).queryByRole('button')).toBeNull();
    // The popup's first view is made of cached answers: counted, cleared with them.
    const firstView = within(table).getByRole('row', { name: /Popup’s first view/ });
    expect(firstView.textContent).toContain('0.9 KB');
    expect(within(firstView).queryByRole('button')).toBeNull();

    // Nothing to clear: the button says so and does nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Clear History' }));
    expect(screen.queryByRole('group')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear Drafts' }));
    const confirm = screen.getByRole('group', { name: 'Clear Drafts' });
    expect(confirm.textContent).toContain('Delete all Drafts of this account?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(onClear).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Clear Cached answers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(onClear).toHaveBeenCalledWith('cache'));
    expect(await screen.findByText('Deleted.')).toBeTruthy();
  });
});
