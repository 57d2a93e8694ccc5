import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { type Mock, describe, expect, it, vi } from 'vitest';
import { OptionsForm } from '../../components/options/OptionsForm';
import type { OptionsFormProps } from '../../components/options/settings-form';
import type { ResponseOf, SettingsInput, SettingsView } from '../../lib/messaging/protocol';
import { settingsView } from './fixtures';

const savedView = (input: SettingsInput): SettingsView =>
  settingsView({
    baseUrl: input.baseUrl,
    hasToken: true,
    hasSecret: input.secret !== '',
    secretPersistence: input.secretPersistence,
    premiumOverride: input.premiumOverride,
  });

type Handler<K extends keyof OptionsFormProps> = Mock<
  Extract<OptionsFormProps[K], (...args: never[]) => unknown>
>;

function setup(overrides: Partial<OptionsFormProps> = {}) {
  const mocks: {
    requestPermission: Handler<'requestPermission'>;
    onSave: Handler<'onSave'>;
    onTest: Handler<'onTest'>;
  } = {
    requestPermission: vi.fn(async (_pattern: string) => true),
    onSave: vi.fn(async (input: SettingsInput) => ({ ok: true as const, value: savedView(input) })),
    onTest: vi.fn(async (_input: SettingsInput) => ({
      ok: true as const,
      value: {
        buildings: [],
        missingScopes: [],
        uncheckedScopes: [],
        premium: null,
        factories: { count: 0 },
      },
    })),
  };
  const props = { settings: settingsView(), ...mocks, ...overrides };
  render(<OptionsForm {...props} />);
  return props;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

function fillValid() {
  type('API base URL', 'https://api.example.com');
  type('Access token', 'tok-123');
  type('API secret', 'sec-456');
}

describe('OptionsForm', () => {
  it('renders every control with a visible label', () => {
    setup();
    expect(field('API base URL').type).toBe('text');
    expect(field('Access token').type).toBe('password');
    expect(field('API secret').type).toBe('password');
    const persistence = screen.getByRole('group', { name: 'Keep the API secret' });
    expect(
      within(persistence).getByRole('radio', { name: 'Until the browser closes (session)' }),
    ).toBeTruthy();
    expect(within(persistence).getByRole('radio', { name: 'On this device (local)' })).toBeTruthy();
    const premium = screen.getByRole('group', { name: 'Premium access' });
    for (const name of ['Detect automatically', 'I have premium', "I don't have premium"]) {
      expect(within(premium).getByRole('radio', { name })).toBeTruthy();
    }
    for (const name of ['Save', 'Test connection', 'Show']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('shows the saved state: placeholders for saved credentials and the detected premium', () => {
    setup({
      settings: settingsView({
        baseUrl: 'https://api.example.com',
        hasToken: true,
        hasSecret: true,
        detectedPremium: true,
        premium: true,
      }),
    });
    expect(field('API base URL').value).toBe('https://api.example.com');
    expect(field('Access token').placeholder).toBe('A token is saved – leave empty to keep the saved token');
    expect(field('API secret').placeholder).toBe('A secret is saved – leave empty to keep the saved secret');
    expect(screen.getByText(/Detected: yes/)).toBeTruthy();
    expect(screen.getByText(/Slots in use per building or factory: 20/)).toBeTruthy();
  });

  it.each([
    ['ftp://x', 'The address must start with https://.'],
    ['http://example.com', 'Use https://. Plain http:// is allowed only for localhost (the test sandbox).'],
    ['', 'Enter the API base URL.'],
    ['   ', 'Enter the API base URL.'],
    ['api.example.com', 'This is not a valid web address. It should look like https://api.example.com.'],
    ['https://user:pw@api.example.com', 'Remove the user name and password from the address.'],
    ['https://api.example.com/?x=1', 'Remove everything from ? or # onwards from the address.'],
  ])('base URL %j: shows the precise problem and sends nothing', (value, message) => {
    const props = setup();
    type('API base URL', value);
    type('Access token', 'tok');
    click('Save');
    const input = field('API base URL');
    const error = screen.getByText(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(document.activeElement).toBe(input);
    click('Test connection');
    expect(props.requestPermission).not.toHaveBeenCalled();
    expect(props.onSave).not.toHaveBeenCalled();
    expect(props.onTest).not.toHaveBeenCalled();
  });

  it('allows http only on loopback (the sandbox)', async () => {
    const props = setup();
    type('API base URL', 'http://127.0.0.1:8787');
    type('Access token', 'tok');
    click('Save');
    expect(props.requestPermission).toHaveBeenCalledWith('http://127.0.0.1/*');
    await screen.findByText('Saved.');
  });

  it('requires a token when none is saved, and not when one is', async () => {
    const props = setup();
    type('API base URL', 'https://api.example.com');
    click('Save');
    const error = screen.getByText('Enter your access token.');
    expect(field('Access token').getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(props.requestPermission).not.toHaveBeenCalled();

    type('Access token', 'tok');
    expect(screen.queryByText('Enter your access token.')).toBeNull();
  });

  it('a saved token may be kept by leaving the field empty', async () => {
    const props = setup({ settings: settingsView({ baseUrl: 'https://api.example.com', hasToken: true }) });
    click('Save');
    await screen.findByText('Saved.');
    expect(props.onSave).toHaveBeenCalledWith(expect.objectContaining({ token: '', secret: '' }));
  });

  it('permission refused: names the origin and saves nothing', async () => {
    const props = setup({ requestPermission: vi.fn(async () => false) });
    fillValid();
    click('Save');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Access not granted')).toBeTruthy();
    expect(alert.textContent).toContain(
      'The browser did not grant access to https://api.example.com, so nothing was saved.',
    );
    expect(props.onSave).not.toHaveBeenCalled();
    expect(field('Access token').value).toBe('tok-123');
  });

  it('a failing permission request counts as refused', async () => {
    const props = setup({ requestPermission: vi.fn(() => Promise.reject(new Error('no gesture'))) });
    fillValid();
    click('Test connection');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('so the connection was not tested');
    expect(props.onTest).not.toHaveBeenCalled();
  });

  it('save: asks for the permission inside the click, then saves the exact input', async () => {
    const props = setup();
    fillValid();
    click('Save');
    // Called synchronously within the click, before anything was awaited (the user gesture).
    expect(props.requestPermission).toHaveBeenCalledWith('https://api.example.com/*');
    await screen.findByText('Saved.');
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    expect(props.onSave).toHaveBeenCalledExactlyOnceWith({
      profileId: 'p1',
      requestsPerMinute: null,
      freshnessMinutes: 5,
      baseUrl: 'https://api.example.com',
      token: 'tok-123',
      secret: 'sec-456',
      secretPersistence: 'session',
      premiumOverride: 'auto',
    });
    expect(vi.mocked(props.requestPermission).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(props.onSave).mock.invocationCallOrder[0] ?? 0,
    );
    // The credentials are saved: the fields empty and say so.
    expect(field('Access token').value).toBe('');
    expect(field('API secret').value).toBe('');
    expect(field('Access token').placeholder).toMatch(/A token is saved/);
    expect(field('API secret').placeholder).toMatch(/A secret is saved/);
  });

  it('save: normalizes the base URL and trims pasted credentials', async () => {
    const props = setup();
    type('API base URL', '  https://api.example.com/v1/  ');
    type('Access token', ' tok-123\n');
    click('Save');
    expect(props.requestPermission).toHaveBeenCalledWith('https://api.example.com/*');
    await screen.findByText('Saved.');
    expect(props.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ baseUrl: 'https://api.example.com/v1', token: 'tok-123' }),
    );
    expect(field('API base URL').value).toBe('https://api.example.com/v1');
  });

  it('Enter in a field submits the form as Save', async () => {
    const props = setup();
    fillValid();
    fireEvent.submit(field('API base URL').form as HTMLFormElement);
    await screen.findByText('Saved.');
    expect(props.onSave).toHaveBeenCalledOnce();
  });

  it('save error: shows the described error and keeps what was typed', async () => {
    setup({
      onSave: vi.fn(async () => ({
        ok: false as const,
        error: { kind: 'unauthorized' as const, message: '' },
      })),
    });
    fillValid();
    click('Save');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Access token refused')).toBeTruthy();
    expect(within(alert).getByText(/The access token was refused by the server/)).toBeTruthy();
    expect(screen.queryByText('Saved.')).toBeNull();
    expect(field('API base URL').value).toBe('https://api.example.com');
    expect(field('Access token').value).toBe('tok-123');
    expect(field('API secret').value).toBe('sec-456');
  });

  it('a field the worker refused is marked at the field', async () => {
    setup({
      onSave: vi.fn(async () => ({
        ok: false as const,
        error: { kind: 'invalidInput' as const, field: 'token', message: 'token.required' },
      })),
    });
    fillValid();
    click('Save');
    await screen.findByRole('alert');
    expect(field('Access token').getAttribute('aria-invalid')).toBe('true');
  });

  it('reveal toggle switches the secret between masked and shown', () => {
    setup();
    type('API secret', 'sec-456');
    const show = screen.getByRole('button', { name: 'Show' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(show);
    expect(field('API secret').type).toBe('text');
    const hide = screen.getByRole('button', { name: 'Hide' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(hide);
    expect(field('API secret').type).toBe('password');
    expect(field('API secret').value).toBe('sec-456');
  });

  it('sends the chosen secret storage and premium setting', async () => {
    const props = setup();
    fillValid();
    fireEvent.click(screen.getByRole('radio', { name: 'On this device (local)' }));
    fireEvent.click(screen.getByRole('radio', { name: 'I have premium' }));
    expect(screen.getByText(/Slots in use per building or factory: 20/)).toBeTruthy();
    click('Save');
    await screen.findByText('Saved.');
    expect(props.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ secretPersistence: 'local', premiumOverride: 'on' }),
    );
    expect((screen.getByRole('radio', { name: 'On this device (local)' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('Test connection: shows the buildings, missing and unchecked scopes and premium', async () => {
    const props = setup({
      onTest: vi.fn(async () => ({
        ok: true as const,
        value: {
          buildings: [{ id: 'b1', label: 'Villa', address: 'Main St 1', area: 'Downtown' }, { id: 'b2' }],
          missingScopes: ['building.rooms' as const],
          uncheckedScopes: ['factory.options.edit' as const],
          premium: false,
          factories: { count: 3 },
        },
      })),
    });
    fillValid();
    click('Test connection');
    const report = await screen.findByRole('region', { name: 'Connection works' });
    expect(props.requestPermission).toHaveBeenCalledWith('https://api.example.com/*');
    expect(props.onSave).not.toHaveBeenCalled();
    expect(within(report).getByText('Premium: no')).toBeTruthy();
    expect(within(report).getByText('Buildings of your character: 2')).toBeTruthy();
    expect(within(report).getByText('Factories of your character: 3')).toBeTruthy();
    expect(within(report).getByText('Villa')).toBeTruthy();
    expect(within(report).getByText('Main St 1 · Downtown')).toBeTruthy();
    expect(within(report).getByText('Building b2')).toBeTruthy();
    const lists = within(report).getAllByRole('list');
    expect(lists[1]?.textContent).toBe('building.rooms');
    expect(lists[2]?.textContent).toBe('factory.options.edit');
    expect(within(report).getByText('Scopes that appear to be missing from the token')).toBeTruthy();
    expect(within(report).getByText('Scopes that could not be checked')).toBeTruthy();
    // Testing keeps what was typed: nothing was saved.
    expect(field('Access token').value).toBe('tok-123');
  });

  it('Test connection error: names the scopes the endpoint needs', async () => {
    setup({
      onTest: vi.fn(async () => ({
        ok: false as const,
        error: {
          kind: 'forbidden' as const,
          scopes: ['building' as const],
          premium: 'no' as const,
          message: '',
        },
      })),
    });
    fillValid();
    click('Test connection');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This request needs a token with the scopes building.');
  });

  it('ignores a second click while a save is running', async () => {
    let finish: (value: ResponseOf<'saveSettings'>) => void = () => {};
    const onSave = vi.fn(
      (_input: SettingsInput) =>
        new Promise<ResponseOf<'saveSettings'>>((resolve) => {
          finish = resolve;
        }),
    );
    const props = setup({ onSave });
    fillValid();
    click('Save');
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(screen.getByRole('status').textContent).toBe('Saving…');
    click('Save');
    expect(props.requestPermission).toHaveBeenCalledOnce();
    finish({ ok: true, value: settingsView({ hasToken: true }) });
    await screen.findByText('Saved.');
    expect(onSave).toHaveBeenCalledOnce();
  });
  it.each([
    ['0', 'requests'],
    ['601', 'requests'],
    ['2.5', 'requests'],
    ['abc', 'requests'],
    ['-1', 'freshness'],
    ['1441', 'freshness'],
    ['', 'freshness'],
  ])('limits: %s is refused with a clear message at its field and nothing is sent', async (value, which) => {
    const props = setup();
    fillValid();
    const label =
      which === 'requests' ? 'Requests per minute allowed by your key' : 'Freshness window (minutes)';
    type(label, value);
    click('Save');
    const message =
      which === 'requests'
        ? 'Enter a whole number from 1 to 600, or leave the field empty.'
        : 'Enter a number of minutes from 0 to 1440.';
    const error = screen.getByText(message);
    expect(field(label).getAttribute('aria-invalid')).toBe('true');
    expect(field(label).getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(props.requestPermission).not.toHaveBeenCalled();
    expect(props.onSave).not.toHaveBeenCalled();
  });

  it('limits: each field explains itself; empty requests = learn, values are sent as numbers', async () => {
    const props = setup({ settings: settingsView({ requestsPerMinute: 60, freshnessMinutes: 10 }) });
    expect(field('Requests per minute allowed by your key').value).toBe('60');
    expect(field('Freshness window (minutes)').value).toBe('10');
    expect(screen.getByText(/Leave empty to learn the limit/)).toBeTruthy();
    expect(screen.getByText(/Answers younger than this are shown without asking the API again/)).toBeTruthy();
    fillValid();
    type('Requests per minute allowed by your key', '');
    type('Freshness window (minutes)', '0');
    click('Save');
    await screen.findByText('Saved.');
    expect(props.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ profileId: 'p1', requestsPerMinute: null, freshnessMinutes: 0 }),
    );
  });

  it('base URL: offers the live service address as a suggestion and a button', () => {
    setup();
    expect(field('API base URL').list?.querySelector('option')?.getAttribute('value')).toBe(
      'https://api.statev.de/req',
    );
    click('Use the live service address');
    expect(field('API base URL').value).toBe('https://api.statev.de/req');
    expect(screen.queryByRole('button', { name: 'Use the live service address' })).toBeNull();
  });

  it('base URL on another origin: says the token must be entered again and refuses an empty token', async () => {
    const props = setup({
      settings: settingsView({ baseUrl: 'https://api.example.com', hasToken: true, hasSecret: true }),
    });
    type('API base URL', 'https://api.example.com/v2');
    expect(screen.queryByText(/This is another address than the saved one/)).toBeNull();
    type('API base URL', 'https://other.example.net');
    expect(screen.getByText(/This is another address than the saved one/)).toBeTruthy();
    click('Save');
    expect(screen.getByText(/The base URL changed: enter the access token/)).toBeTruthy();
    expect(field('Access token').getAttribute('aria-invalid')).toBe('true');
    expect(props.onSave).not.toHaveBeenCalled();
  });

  it('the worker refusing the token for a changed origin shows the re-enter message at the token field', async () => {
    setup({
      onSave: vi.fn(async () => ({
        ok: false as const,
        error: { kind: 'invalidInput' as const, field: 'token', message: 'token.reenter' },
      })),
    });
    fillValid();
    click('Save');
    await waitFor(() => expect(field('Access token').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(/enter the access token \(and the API secret\) again/).length).toBeGreaterThan(
      0,
    );
  });
});
