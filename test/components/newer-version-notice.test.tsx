import { render, screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { NewerVersionNotice } from '../../components/options/NewerVersionNotice';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('NewerVersionNotice', () => {
  it('says the accounts were saved by a newer version, and that nothing was changed or deleted', async () => {
    await fakeBrowser.storage.local.set({ profiles: { v: 2, value: { accounts: [] } } });
    render(<NewerVersionNotice />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your accounts were saved by a newer version of Page Options');
    expect(alert.textContent).toContain('(version 2)');
    expect(alert.textContent).toContain('Nothing of them was changed or deleted.');
  });

  it('shows nothing for profiles this version reads', async () => {
    await fakeBrowser.storage.local.set({ profiles: { v: 1, value: { active: null, list: [] } } });
    render(<NewerVersionNotice />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
