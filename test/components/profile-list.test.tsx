import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileActions } from '../../components/options/actions';
import { ProfileList } from '../../components/options/ProfileList';
import type { ProfilesView, StorageUsage } from '../../lib/messaging/protocol';

const profiles: ProfilesView = {
  active: 'p1',
  list: [
    {
      id: 'p1',
      name: 'Main',
      color: '#2f6fdf',
      baseUrl: 'https://api.example.com',
      hasToken: true,
      epoch: 0,
    },
    { id: 'p2', name: 'Test account', color: '#b91c1c', baseUrl: '', hasToken: false, epoch: 0 },
  ],
};

const usage: StorageUsage = {
  families: {
    draft: { count: 3, bytes: 300 },
    history: { count: 7, bytes: 900 },
    cache: { count: 2, bytes: 50 },
  },
  budgets: { cache: 1000, draft: 500, history: 2000 },
};

function setup() {
  const answer = async () => ({ ok: true as const, value: profiles });
  const actions = {
    activate: vi.fn(answer),
    updateMeta: vi.fn(answer),
    duplicate: vi.fn(answer),
    remove: vi.fn(answer),
    forget: vi.fn(answer),
    storage: vi.fn(async () => ({ ok: true as const, value: usage })),
  } satisfies ProfileActions;
  const onSelect = vi.fn();
  const onAdd = vi.fn();
  const onProfiles = vi.fn();
  render(
    <ProfileList
      profiles={profiles}
      selected="p2"
      actions={actions}
      onSelect={onSelect}
      onAdd={onAdd}
      onProfiles={onProfiles}
    />,
  );
  return { actions, onSelect, onAdd, onProfiles };
}

const row = (name: string) =>
  screen
    .getAllByRole('listitem')
    .find((item) => item.querySelector('strong')?.textContent === name) as HTMLElement;

describe('ProfileList', () => {
  it('lists every profile with its name and colour, marks the active one and the one being edited', () => {
    setup();
    const list = screen.getByRole('list', { name: 'Your accounts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(row('Main').getAttribute('aria-current')).toBe('true');
    expect(within(row('Main')).getByText('active')).toBeTruthy();
    expect(row('Test account').getAttribute('aria-current')).toBeNull();
    expect(within(row('Test account')).getByText('no token saved')).toBeTruthy();
    expect(
      within(row('Test account'))
        .getByRole('button', { name: 'Edit Test account' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // The active profile offers no switch to itself; the other does.
    expect(within(row('Main')).queryByRole('button', { name: 'Switch to Main' })).toBeNull();
    expect((within(row('Test account')).getByLabelText('Colour') as HTMLSelectElement).value).toBe('#b91c1c');
  });

  it('Switch to, Edit, Add account and Duplicate call what they say', async () => {
    const { actions, onSelect, onAdd, onProfiles } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Test account' }));
    await waitFor(() => expect(onProfiles).toHaveBeenCalledWith(profiles));
    expect(actions.activate).toHaveBeenCalledWith('p2');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Main' }));
    expect(onSelect).toHaveBeenCalledWith('p1');
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(onAdd).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Main' }));
    expect(await within(row('Main')).findByText(/Copied without the API secret/)).toBeTruthy();
    expect(actions.duplicate).toHaveBeenCalledWith('p1');
  });

  it('colour: picking another one saves it with the unchanged name', async () => {
    const { actions } = setup();
    fireEvent.change(within(row('Main')).getByLabelText('Colour'), { target: { value: '#1f8a4c' } });
    await waitFor(() => expect(actions.updateMeta).toHaveBeenCalledWith('p1', 'Main', '#1f8a4c'));
  });

  it('rename: an empty or too long name is refused with a clear message; a valid one is trimmed and sent', async () => {
    const { actions } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Main' }));
    const name = within(row('Main')).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Main');

    fireEvent.input(name, { target: { value: '   ' } });
    fireEvent.click(within(row('Main')).getByRole('button', { name: 'Apply' }));
    expect(within(row('Main')).getByText('Enter a name.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.input(name, { target: { value: 'x'.repeat(41) } });
    fireEvent.click(within(row('Main')).getByRole('button', { name: 'Apply' }));
    expect(within(row('Main')).getByText('At most 40 characters (now 41).')).toBeTruthy();
    expect(actions.updateMeta).not.toHaveBeenCalled();

    fireEvent.input(name, { target: { value: '  Alt char  ' } });
    fireEvent.click(within(row('Main')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(actions.updateMeta).toHaveBeenCalledWith('p1', 'Alt char', '#2f6fdf'));
  });

  it('remove asks first and removes only on confirmation', async () => {
    const { actions } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Test account' }));
    const confirm = screen.getByRole('group', { name: 'Remove Test account' });
    expect(confirm.textContent).toContain('Remove Test account with everything stored for it');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(actions.remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Test account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(actions.remove).toHaveBeenCalledWith('p2'));
  });

  it('forget: says what goes, asks with the counts of drafts and history, and keeps them by default', async () => {
    const { actions } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of Main (forget its key)' }));
    const dialog = screen.getByRole('group', { name: /Forget Main\?/ });
    expect(dialog.textContent).toContain(
      'access token, API secret, cached answers and queued and running work',
    );
    expect(
      await within(dialog).findByText('Also stored for it: 3 drafts and 7 history entries.'),
    ).toBeTruthy();
    expect(actions.storage).toHaveBeenCalledWith('p1');
    const box = within(dialog).getByLabelText('Also delete its drafts and history') as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, forget' }));
    await waitFor(() => expect(actions.forget).toHaveBeenCalledWith('p1', false));
    expect(await within(row('Main')).findByText('Main was signed out.')).toBeTruthy();
  });

  it('forget with the box ticked deletes drafts and history too', async () => {
    const { actions } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of Test account (forget its key)' }));
    const dialog = screen.getByRole('group', { name: /Forget Test account\?/ });
    fireEvent.click(within(dialog).getByLabelText('Also delete its drafts and history'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, forget' }));
    await waitFor(() => expect(actions.forget).toHaveBeenCalledWith('p2', true));
  });
  it('keyboard: Escape closes the rename step and the focus goes back to its button', () => {
    setup();
    const rename = screen.getByRole('button', { name: 'Rename Main' });
    fireEvent.click(rename);
    const name = within(row('Main')).getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(within(row('Main')).queryByLabelText('Name')).toBeNull();
    expect(document.activeElement).toBe(rename);
  });
});
