/**
 * The set-up the backup and restore suites share: "Back up everything" on the options page, waited
 * for until it finishes, and its file downloaded.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { OptionsPage } from './pages/options-page';

/**
 * Backs up every target (4 in the demo account) from `options` and returns the downloaded file's
 * text; the page stays open. `wait` bounds the wait for "Backup finished".
 */
export async function backUpEverything(
  options: OptionsPage,
  wait: { timeout: number; interval: number },
): Promise<string> {
  const region = options.page.getByRole('region', { name: 'Back up everything' });
  await region.getByRole('button', { name: 'Back up everything' }).click();
  await expect
    .poll(() => region.getByRole('status').first().textContent(), wait)
    .toMatch(/^Backup finished: 4 targets/);
  const [download] = await Promise.all([
    options.page.waitForEvent('download'),
    region.getByRole('button', { name: 'Download backup file' }).click(),
  ]);
  return readFileSync((await download.path()) as string, 'utf8');
}
