/**
 * Keyboard only: the options page is set up with Tab, typing, arrow keys, Space and Enter, then a
 * slot is reached with Tab alone, edited, saved with Ctrl+S and another edit discarded with Escape.
 * No click and no programmatic focus: every step goes through the keyboard.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../sandbox/seed';
import { useExtension } from './fixture';
import { msg } from './messages';
import { demoCredentials, readSlotDirect } from '../sandbox/direct';
import { configureThroughDoor } from './test-door';

// Each test from a new install: the first sets the options page up by keyboard, the second is set
// up through the test door.
const { sandbox, session } = useExtension();

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Presses Tab until `target` has the focus; fails after `max` presses. Returns how many it took. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return presses;
  }
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses`);
}

const readSlot = (option: number) => readSlotDirect(sandbox, { kind: 'building', id: 'b-1001' }, option);

describe('keyboard only', () => {
  it('sets up the options page: Tab to each field, arrows and Space on a radio, Enter on Save', async () => {
    const page = await session.context.newPage();
    await page.goto(session.url('options.html'));
    const baseUrl = page.getByLabel('API base URL');
    await baseUrl.waitFor();

    await tabTo(page, baseUrl);
    await page.keyboard.type(sandbox.url);
    await tabTo(page, page.getByLabel('Access token', { exact: true }));
    await page.keyboard.type(DEMO.premium.token);
    const secret = page.getByLabel('API secret', { exact: true });
    await tabTo(page, secret);
    await page.keyboard.type(DEMO.premium.secret);
    // The show/hide toggle works with Space.
    const show = page.getByRole('button', { name: 'Show' });
    await tabTo(page, show);
    await page.keyboard.press('Space');
    expect(await secret.getAttribute('type')).toBe('text');
    await page.keyboard.press('Space');
    expect(await secret.getAttribute('type')).toBe('password');

    // A radio group is one Tab stop; arrows move within it, Space selects the focused radio.
    const session_ = page.getByLabel('Until the browser closes (session)');
    const local = page.getByLabel('On this device (local)');
    await tabTo(page, session_);
    await page.keyboard.press('ArrowDown');
    expect(await isFocused(local)).toBe(true);
    await page.keyboard.press('Space');
    expect(await local.isChecked()).toBe(true);
    expect(await session_.isChecked()).toBe(false);

    await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.getByText('Detected: yes').waitFor();

    await page.reload();
    await baseUrl.waitFor();
    expect(await baseUrl.inputValue()).toBe(sandbox.url);
    expect(await page.getByLabel('On this device (local)').isChecked()).toBe(true);
    await page.close();
  });

  it('reaches a slot’s Title with Tab alone, saves with Ctrl+S, discards another edit with Escape', async () => {
    await configureThroughDoor(session, demoCredentials(sandbox, 'premium'));
    const page = await session.context.newPage();
    await page.goto(session.url('editor.html'));
    const slot = page.getByRole('group', { name: 'Slot 1', exact: true });
    const title = slot.getByLabel('Title', { exact: true });
    const data = slot.getByLabel('Data', { exact: true });
    await expect.poll(() => title.isEditable(), { timeout: 30_000 }).toBe(true);
    const original = await readSlot(1);
    sandbox.clearLog();

    const presses = await tabTo(page, title);
    console.log(`keyboard: slot 1's Title reached with ${presses} Tab presses`);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Per Tastatur gespeichert ⌨');
    await page.keyboard.press('Control+s');
    await expect.poll(() => slot.getByRole('status').textContent()).toBe(msg('slot_saved'));
    expect(await readSlot(1)).toEqual(expect.objectContaining({ title: 'Per Tastatur gespeichert ⌨' }));
    expect(sandbox.log.filter((r) => r.method === 'POST')).toHaveLength(1);

    // Another edit, in the next field, undone with Escape: nothing sent, the saved value back.
    await tabTo(page, data, 5);
    await page.keyboard.press('End');
    await page.keyboard.type(' – verworfen');
    await expect.poll(() => slot.getByText(msg('slot_unsaved')).count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await data.inputValue()).toBe(original.data);
    expect(await slot.getByText(msg('slot_unsaved')).count()).toBe(0);
    expect(await isFocused(data)).toBe(true);
    expect(sandbox.log.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect((await readSlot(1)).data).toBe(original.data);
    await page.close();
  });
});
