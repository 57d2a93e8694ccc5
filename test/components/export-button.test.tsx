/** An export button: disabled while its file is built, then the file offered and its note shown. */
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ExportButton } from '../../components/dashboard/ExportButton';

describe('ExportButton', () => {
  it('is disabled while the file is built, then shows the note the export left', async () => {
    let finish = (_: { name: string; text: string; note?: string }) => {};
    const built = new Promise<{ name: string; text: string; note?: string }>((resolve) => (finish = resolve));
    render(<ExportButton label="Export rooms" build={() => built} />);
    const button = screen.getByRole('button', { name: 'Export rooms' });
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    finish({ name: 'rooms.csv', text: 'a,b\n', note: '225 of 230' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('225 of 230'));
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });
});
