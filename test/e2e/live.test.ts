/**
 * The extension against the sandbox answering as the live service does (`--profile live`):
 * premium-locked endpoints as 401, empty lists as 404, transactions with their total, a building
 * list of ids and hashes only, and an empty title or data refused (cleared with the placeholder).
 */
import { describe, expect, it } from 'vitest';
import { DEMO, LIVE_DEMO } from '../sandbox/server';
import { useExtension } from './fixture';
import { DashboardPage } from './pages/dashboard-page';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';

const { sandbox, session } = useExtension({ sandbox: { profile: 'live' }, browser: { perTest: true } });

/** Saves the settings through the options page; `premium` picks the override, else detection. */
async function configure(who: 'premium' | 'basic', premium?: 'I have premium'): Promise<OptionsPage> {
  const options = await OptionsPage.open(session);
  await options.fill({ baseUrl: sandbox.url, token: DEMO[who].token, secret: DEMO[who].secret });
  if (premium) await options.page.getByLabel(premium).check();
  await options.button('Save').click();
  await expect.poll(() => options.status.textContent()).toContain('Saved');
  return options;
}

const TOKEN_REFUSED = /Access token refused/;

describe('against the live service', () => {
  it('without premium: "needs premium" on tenants, bank accounts and slots 11-20, never "token refused"', async () => {
    const options = await configure('basic');
    await expect.poll(() => options.page.getByText('Detected: no').count()).toBe(1);
    await options.page.close();

    const popup = await DashboardPage.open(session);
    await expect.poll(() => popup.building('Rockford Tower 8').count()).toBe(1);
    await expect.poll(() => popup.section('Details').textContent()).toContain('Haus Weißenfels');
    for (const name of ['Tenants', 'Bank accounts'] as const) {
      await expect.poll(() => popup.section(name).textContent()).toContain('Needs premium access');
    }
    expect(await popup.page.getByText(TOKEN_REFUSED).count()).toBe(0);

    // The user says they have premium: the slots 11-20 are read and the server refuses them.
    const override = await configure('basic', 'I have premium');
    await override.page.close();
    const editor = await EditorPage.open(session);
    for (let n = 11; n <= 20; n++) {
      await expect.poll(() => editor.slot(n).textContent()).toContain('Needs premium access');
    }
    await editor.edit(10);
    await expect.poll(() => editor.title(10).inputValue()).toBe('');
    expect(await editor.page.getByText(TOKEN_REFUSED).count()).toBe(0);
    const reread = await DashboardPage.open(session);
    await expect.poll(() => reread.section('Tenants').textContent()).toContain('Needs premium access');
    expect(await reread.page.getByText(TOKEN_REFUSED).count()).toBe(0);
  });

  it('buildings named from their hash, an empty account reads as empty, the pager shows the total', async () => {
    await (await configure('premium')).page.close();
    const popup = await DashboardPage.open(session);

    // The first building is opened and then known by its label; the others by their hash.
    await expect.poll(() => popup.section('Details').textContent()).toContain(LIVE_DEMO.pillboxHill.label);
    await expect.poll(() => popup.building(LIVE_DEMO.pillboxHill.label).count()).toBe(1);
    expect(await popup.building('Sandy Shores House 4').count()).toBe(1);
    const picker = await popup.page.getByRole('list', { name: 'Your buildings' }).textContent();
    for (const id of LIVE_DEMO.buildings.juergen) expect(picker).not.toContain(id);

    // Main account marked; 230 transactions, 25 a page, the total in the pager.
    const accounts = popup.table('Bank accounts: 2');
    // (At popup width a row is a card whose cells also name their column: count the mark itself.)
    await expect
      .poll(() => accounts.locator('tbody').getByText('Main account', { exact: true }).count())
      .toBe(1);
    await accounts.getByRole('button', { name: 'Show transactions of Mietkonto Haus Müllerstraße' }).click();
    const pager = popup.page.getByRole('navigation', { name: 'Transaction pages' });
    await expect.poll(() => pager.textContent()).toContain('1–25 of 230');
    await popup.button('Older').click();
    await expect.poll(() => pager.textContent()).toContain('26–50 of 230');

    // Königshof: its only account has no transactions (404 "empty"): empty, not an error.
    await popup.building('Vinewood Villa 3').click();
    await expect.poll(() => popup.section('Details').textContent()).toContain('Königshof');
    await popup
      .table('Bank accounts: 1')
      .getByRole('button', { name: /^Show transactions of/ })
      .click();
    await expect.poll(() => popup.page.getByText('No transactions on this account.').count()).toBe(1);
    expect(await popup.page.getByRole('alert').count()).toBe(0);

    // Gärtnerhaus: no bank account at all (404 "empty").
    await popup.building('Sandy Shores House 4').click();
    await expect
      .poll(() => popup.section('Bank accounts').textContent())
      .toContain('This building has no bank accounts.');
    expect(await popup.page.getByRole('alert').count()).toBe(0);
  });

  it('clearing a slot: the refused "" is explained, "." is offered, remembered, and shown as empty', async () => {
    await (await configure('premium')).page.close();
    const editor = await EditorPage.open(session);
    await editor.target('Pillbox Hill Flat 15').click();
    await expect.poll(() => editor.title(1).inputValue()).not.toBe('');
    // Every slot read first: a count taken while slots still load grows meanwhile (under load it did).
    await expect.poll(() => editor.page.getByText('Loading slot…').count()).toBe(0);
    await expect.poll(() => editor.page.getByText(/^\d+ of 20 slots used$/).count()).toBe(1);
    const usedBefore = await editor.page.getByText(/^\d+ of 20 slots used$/).textContent();
    await editor.title(1).fill('');
    await editor.data(1).fill('');
    await editor.save(1);
    await editor
      .slot(1)
      .getByText(/The server refuses an empty title or data/)
      .waitFor();
    await editor.button(1, 'Clear with “.”').click();
    await editor.slot(1).getByText('Empty (holds this account’s placeholder “.”)').waitFor();
    expect(await editor.title(1).inputValue()).toBe('');
    const stored = await fetch(`${sandbox.url}/building/options/${LIVE_DEMO.pillboxHill.id}/1`, {
      headers: { Authorization: `Bearer ${DEMO.premium.token}` },
    });
    expect(await stored.json()).toMatchObject({ title: '.', data: '.' });
    const used = (text: string | null) => Number(/^(\d+)/.exec(text ?? '')?.[1]);
    await expect
      .poll(async () => used(await editor.page.getByText(/^\d+ of 20 slots used$/).textContent()))
      .toBe(used(usedBefore) - 1);
  });
});
