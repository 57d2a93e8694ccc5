/** Every section in every state, with the other sections ready beside it: none blanks another. */
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { SectionKey } from '../../components/dashboard/sections';
import type { Loadable } from '../../lib/loadable';
import type { AppError } from '../../lib/app-error';
import { renderDashboard } from './dashboard-fixtures';

const TITLES: Record<SectionKey, string> = {
  details: 'Details',
  rooms: 'Rooms',
  tenants: 'Tenants',
  accounts: 'Bank accounts',
};
/** Text each section shows when ready, to prove it is still there. */
const READY_TEXT: Record<SectionKey, RegExp> = {
  details: /Building: Haus Müllerstraße/,
  rooms: /Rooms: 3 of 3 shown/,
  tenants: /Tenants: 2/,
  accounts: /Bank accounts: 1/,
};
const EMPTY: Record<SectionKey, { data: unknown; text: RegExp } | null> = {
  details: null,
  rooms: { data: [], text: /This building has no rooms/ },
  tenants: { data: [], text: /No tenants: every room is free/ },
  accounts: { data: [], text: /This building has no bank accounts/ },
};

const region = (key: SectionKey) => screen.getByRole('region', { name: TITLES[key] });
const err = (error: AppError): Loadable<never> => ({ status: 'error', error });

function expectOthersReady(except: SectionKey) {
  for (const key of Object.keys(TITLES) as SectionKey[]) {
    if (key !== except) expect(region(key).textContent).toMatch(READY_TEXT[key]);
  }
}

describe.each(Object.keys(TITLES) as SectionKey[])('section %s', (key) => {
  it('loading: a skeleton, busy, nothing else', () => {
    renderDashboard({ [key]: { status: 'loading' } });
    const section = region(key);
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(section.querySelector('.skeleton')).not.toBeNull();
    expect(within(section).queryByRole('table')).toBeNull();
    expectOthersReady(key);
  });

  it('ready: its data, with the age of the answer', () => {
    renderDashboard();
    expect(region(key).textContent).toMatch(READY_TEXT[key]);
    expect(within(region(key)).getByText('Updated 3 minutes ago')).toBeTruthy();
  });

  const empty = EMPTY[key];
  if (empty) {
    it('empty: says so in words', () => {
      renderDashboard({
        [key]: { status: 'ready', value: empty.data, savedAt: 0, refreshing: false, refreshError: null },
      });
      expect(region(key).textContent).toMatch(empty.text);
      expectOthersReady(key);
    });
  }

  if (key === 'tenants' || key === 'accounts') {
    it('not premium: explains what premium would show', () => {
      renderDashboard({ premium: false, [key]: { status: 'notPremium' } });
      const section = region(key);
      expect(within(section).getByText('Needs premium access')).toBeTruthy();
      expect(section.textContent).toMatch(
        key === 'tenants' ? /who rents each room/ : /bank accounts .* every transaction/,
      );
      expect(within(section).queryByRole('alert')).toBeNull();
      expectOthersReady(key);
    });
  }

  it('missing scope: names the scopes the endpoint needs', () => {
    const scopes =
      key === 'accounts' ? ['building', 'building.bankaccount'] : ['building', `building.${key}`];
    renderDashboard({
      [key]: err({ kind: 'forbidden', scopes: scopes as never, premium: 'no', message: 'Missing scope(s)' }),
    });
    const alert = within(region(key)).getByRole('alert');
    expect(alert.textContent).toContain('Access denied');
    expect(alert.textContent).toContain(scopes.join(', '));
    expectOthersReady(key);
  });

  it('not owned: only buildings owned directly', () => {
    renderDashboard({ [key]: err({ kind: 'notFound', message: '' }) });
    expect(within(region(key)).getByRole('alert').textContent).toMatch(
      /not owned directly by your character/,
    );
    expectOthersReady(key);
  });

  it('unauthorized: a way to the settings', () => {
    const { props } = renderDashboard({ [key]: err({ kind: 'unauthorized', message: '' }) });
    const alert = within(region(key)).getByRole('alert');
    expect(alert.textContent).toContain('Access token refused');
    fireEvent.click(within(alert).getByRole('button', { name: 'Open settings' }));
    expect(props.onOpenSettings).toHaveBeenCalledOnce();
    expectOthersReady(key);
  });

  it.each([
    ['offline', { kind: 'network', message: 'Failed to fetch' }, 'No connection to the API'],
    ['timeout', { kind: 'timeout', timeoutMs: 15_000 }, 'The API did not answer in time'],
    ['server error', { kind: 'server', status: 500, message: '' }, 'Server error (500)'],
  ] as const)('%s: Retry reloads only this section', (_, error, title) => {
    const { props } = renderDashboard({ [key]: err(error) });
    const alert = within(region(key)).getByRole('alert');
    expect(alert.textContent).toContain(title);
    expect(within(alert).queryByRole('button', { name: 'Open settings' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalledWith(key);
    expectOthersReady(key);
  });

  it('stale data whose update failed: keeps the data, says so, offers Retry', () => {
    const first = renderDashboard();
    const state = first.props[key] as Extract<Loadable<unknown>, { status: 'ready' }>;
    first.unmount();
    const { props } = renderDashboard({
      [key]: { ...state, refreshError: { kind: 'network', message: 'offline' } },
    });
    const section = region(key);
    expect(section.textContent).toMatch(READY_TEXT[key]);
    expect(section.textContent).toContain('update failed: No connection to the API');
    fireEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalledWith(key);
  });
});

describe('while a newer answer loads', () => {
  it('shows the cached data with “Updating…”', () => {
    renderDashboard({
      rooms: { status: 'ready', value: [], savedAt: 0, refreshing: true, refreshError: null },
    });
    expect(within(region('rooms')).getByText('Updating…')).toBeTruthy();
    expect(region('rooms').getAttribute('aria-busy')).toBe('true');
  });
});
