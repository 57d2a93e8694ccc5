import { fireEvent, render, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { BuildingList, type BuildingsState } from '../../components/BuildingList';

function show(state: BuildingsState) {
  const onRetry = vi.fn();
  const onOpenSettings = vi.fn();
  const view = render(<BuildingList state={state} onRetry={onRetry} onOpenSettings={onOpenSettings} />);
  return { ...view, onRetry, onOpenSettings };
}

describe('BuildingList', () => {
  it('loading: announces loading and shows a skeleton hidden from assistive tech', () => {
    show({ status: 'loading' });
    expect(screen.getByRole('status').textContent).toBe('Loading buildings…');
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('empty: explains that only directly owned buildings are listed', () => {
    show({ status: 'ready', buildings: [] });
    expect(screen.getByText(/No buildings found\. Only buildings your character owns directly/)).toBeTruthy();
  });

  it('list: label, address and area; fallbacks to name and id', () => {
    show({
      status: 'ready',
      buildings: [
        { id: 'b1', label: 'Villa Sonnenschein', address: 'Hauptstraße 1', area: 'Altstadt' },
        { id: 'b2', name: 'Lagerhalle' },
        { id: 'b3' },
      ],
    });
    const items = within(screen.getByRole('list', { name: 'Your buildings' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Villa SonnenscheinHauptstraße 1 · Altstadt',
      'Lagerhalle',
      'Building b3',
    ]);
  });

  it('renders untrusted text literally, never as HTML', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { container } = show({
      status: 'ready',
      buildings: [{ id: 'x', label: hostile, address: '<b>bold</b>', area: '<script>alert(2)</script>' }],
    });
    expect(screen.getByText(hostile)).toBeTruthy();
    expect(screen.getByText('<b>bold</b> · <script>alert(2)</script>')).toBeTruthy();
    expect(container.querySelector('img, b, script')).toBeNull();
  });

  it('unauthorized: describes the refused token, offers Retry and Open settings', () => {
    const { onRetry, onOpenSettings } = show({
      status: 'error',
      error: { kind: 'unauthorized', message: '' },
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Access token refused')).toBeTruthy();
    expect(within(alert).getByText(/The access token was refused by the server/)).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Open settings' }));
    expect(onOpenSettings).toHaveBeenCalledOnce();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('permissionMissing: offers Open settings', () => {
    show({ status: 'error', error: { kind: 'permissionMissing', origin: 'https://api.example.com/*' } });
    expect(screen.getByText(/may not contact https:\/\/api\.example\.com yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open settings' })).toBeTruthy();
  });

  it('network error: Retry only, no Open settings', () => {
    const { onRetry } = show({ status: 'error', error: { kind: 'network', message: 'offline' } });
    expect(screen.getByText('No connection to the API')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open settings' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('notConfigured: a setup message with Open settings', () => {
    const { onOpenSettings } = show({
      status: 'error',
      error: { kind: 'notConfigured', missing: ['token'] },
    });
    expect(screen.getByText('Set up your access token in the settings.')).toBeTruthy();
    expect(screen.getByText('Missing in the settings: access token.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(onOpenSettings).toHaveBeenCalledOnce();
  });

  it('always offers the settings from the header', () => {
    const { onOpenSettings } = show({ status: 'ready', buildings: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(onOpenSettings).toHaveBeenCalledOnce();
  });
});
