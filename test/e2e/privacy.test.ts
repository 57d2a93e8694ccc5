/** The privacy policy a user (and a store reviewer) reaches from the options page, inside the extension. */
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixture';
import { OptionsPage } from './pages/options-page';

const session = useBrowser();

describe('privacy policy', () => {
  it('is linked from the options page and opens as a page of the extension', async () => {
    const options = await OptionsPage.open(session);
    const link = options.page.getByRole('link', { name: 'Privacy: what is stored and what is sent where' });
    expect(await link.isVisible()).toBe(true);

    const [policy] = await Promise.all([session.context.waitForEvent('page'), link.click()]);
    await policy.waitForLoadState();
    expect(policy.url()).toBe(session.url('privacy.html'));
    expect(await policy.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy of Page Options');
    expect(await policy.getByRole('heading', { name: 'What is sent, and where' }).count()).toBe(1);
    expect(await policy.getByText('It sends nothing to us, the makers of the extension.').count()).toBe(1);
  });
});
