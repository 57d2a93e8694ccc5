/**
 * The foundation end to end: the built extension in real Chromium, configured through its options
 * page like a user would, talking to the sandbox API over HTTP through its host permission.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../sandbox/seed';
import { useExtension } from './fixture';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';

const { sandbox, session } = useExtension({ browser: { perTest: true } });

async function labelsOf(token: string): Promise<string[]> {
  const answer = await fetch(`${sandbox.url}/building/list`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as { label: string }[]).map((b) => b.label);
}

describe('setting up the extension', () => {
  it('tells a new user what to set up, with a way to the settings', async () => {
    const popup = await PopupPage.open(session);
    await expect
      .poll(() => popup.page.getByText('Set up your access token in the settings.').count())
      .toBe(1);
    const [options] = await Promise.all([
      session.context.waitForEvent('page'),
      popup.button('Open settings').click(),
    ]);
    await options.waitForLoadState();
    expect(options.url()).toContain('options.html');
    expect(sandbox.log).toHaveLength(0);
  });

  it('saves the settings and shows the character’s buildings in the popup', async () => {
    const options = await OptionsPage.open(session);
    await options.save({ baseUrl: sandbox.url, token: DEMO.premium.token, secret: DEMO.premium.secret });
    await expect.poll(() => options.status.textContent()).toContain('Saved');
    await expect.poll(() => options.page.getByText('Detected: yes').count()).toBe(1);

    const popup = await PopupPage.open(session);
    await expect.poll(() => popup.buildings.count()).toBe(DEMO.buildings.juergen.length);
    for (const label of await labelsOf(DEMO.premium.token)) {
      expect(await popup.page.getByText(label, { exact: true }).count()).toBe(1);
    }
    // Every API request carried the token and went to the configured origin only.
    expect(sandbox.log.length).toBeGreaterThan(0);
    for (const request of sandbox.log) expect(request.authorization).toBe(`Bearer ${DEMO.premium.token}`);
  });

  it('shows the unauthorized message for a wrong token and saves nothing', async () => {
    const options = await OptionsPage.open(session);
    await options.save({ baseUrl: sandbox.url, token: DEMO.unknownToken });
    await expect.poll(() => options.alert.textContent()).toContain('Access token refused');
    expect(await options.token.inputValue()).toBe(DEMO.unknownToken);

    const popup = await PopupPage.open(session);
    await expect
      .poll(() => popup.page.getByText('Set up your access token in the settings.').count())
      .toBe(1);
  });

  it('shows the unauthorized message in the popup when a saved token stops working', async () => {
    const options = await OptionsPage.open(session);
    await options.save({ baseUrl: sandbox.url, token: DEMO.premium.token });
    await expect.poll(() => options.status.textContent()).toContain('Saved');
    sandbox.addFault({
      path: '/building/list',
      kind: 'status',
      status: 401,
      body: '{"error":"unauthorized"}',
    });

    const popup = await PopupPage.open(session);
    await expect.poll(() => popup.alert.textContent()).toContain('Access token refused');
    expect(await popup.button('Open settings').isVisible()).toBe(true);
  });

  it('points out a precise problem in the base URL without contacting anything', async () => {
    const options = await OptionsPage.open(session);
    await options.save({ baseUrl: 'http://api.example.com', token: DEMO.premium.token });
    await expect
      .poll(() => options.page.getByText('Plain http:// is allowed only for localhost').count())
      .toBe(1);
    expect(await options.baseUrl.getAttribute('aria-invalid')).toBe('true');
    expect(sandbox.log).toHaveLength(0);
  });

  it('tests a connection: lists the buildings and names the scopes that appear missing', async () => {
    const options = await OptionsPage.open(session);
    await options.fill({ baseUrl: sandbox.url, token: DEMO.readonly.token });
    await options.button('Test connection').click();
    await expect.poll(() => options.page.getByText('Connection works').count()).toBe(1);
    expect(await options.page.getByText('building.tenants.activity').count()).toBeGreaterThan(0);
    for (const label of await labelsOf(DEMO.readonly.token)) {
      expect(await options.page.getByText(label, { exact: true }).count()).toBe(1);
    }
  });

  it('forgets the credentials after a confirmation', async () => {
    const options = await OptionsPage.open(session);
    await options.save({ baseUrl: sandbox.url, token: DEMO.premium.token, secret: DEMO.premium.secret });
    await expect.poll(() => options.status.textContent()).toContain('Saved');
    await options.button('Sign out of Account 1 (forget its key)').click();
    await options.button('Yes, forget').click();
    await options.account('Account 1').getByText('Account 1 was signed out.').waitFor();
    expect(await options.token.getAttribute('placeholder')).toBeFalsy();

    const popup = await PopupPage.open(session);
    await expect
      .poll(() => popup.page.getByText('Set up your access token in the settings.').count())
      .toBe(1);
  });
});

describe('the German interface', () => {
  it('follows the browser language', async () => {
    await session.relaunch({ locale: 'de-DE' });
    const page = await session.context.newPage();
    await page.goto(session.url('options.html'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Einstellungen');
  });
});
