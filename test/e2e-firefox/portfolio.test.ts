/**
 * The portfolio in real Firefox (the store build) against the sandbox's landlord (live profile, 12
 * buildings) under a limit of 10 requests per 3 s announced in headers: the table fills in the
 * background without a 429, and a sign-out stops the refresh and removes every row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDLORD } from '../sandbox/landlord';
import { useSandbox } from '../sandbox/fixture';
import { type FirefoxSession, launchFirefox } from './firefox';
import { OptionsPage } from './pages/options-page';
import { countOf, role, textsOf, waitUntil, within } from './pages/query';

const sandbox = useSandbox({
  profile: 'live',
  rateLimit: { limit: 10, windowSeconds: 3 },
  rateHeaders: true,
});
let session: FirefoxSession;
const TABLE = role('table', 'All buildings');
/** Rooms of the landlord's 12 buildings (6 to 9 each). */
const LANDLORD_ROOMS = '90';

beforeAll(async () => {
  session = await launchFirefox();
  await OptionsPage.configure(session, {
    baseUrl: sandbox.url,
    token: LANDLORD.token,
    secret: LANDLORD.secret,
  });
});
afterAll(async () => {
  await session?.close();
});

describe('portfolio in Firefox', () => {
  it('fills every building in the background within the budget, and a sign-out removes every row', async () => {
    const page = await session.open('dashboard.html#portfolio');
    await waitUntil(async () => (await countOf(page, within(TABLE, 'tbody tr'))) === 12, 90_000);
    await waitUntil(
      async () => (await textsOf(page, within(TABLE, 'tfoot td')))[1] === LANDLORD_ROOMS,
      90_000,
    );
    expect(sandbox.log.filter((entry) => entry.status === 429)).toEqual([]);
    const status = await textsOf(page, role('status'));
    expect(status.some((line) => line.includes('All 12 buildings refreshed about every'))).toBe(true);

    const options = await OptionsPage.open(session);
    await options.signOut('Account 1');
    await waitUntil(async () => (await countOf(page, TABLE)) === 0, 30_000);
    sandbox.clearLog();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(sandbox.log).toEqual([]);
  }, 150_000);
});
