/**
 * How tall the slot pages are with the demo building's 6 of 20 slots used (slots 1–5 and 12, as the
 * sandbox seeds them), in Chromium, English and German: the full editor at 1280×800 at most about
 * two screens (each of its sections one click away), the dashboard tab's Slots tab at 1280×800 at
 * most two screens, the side panel's (400 px wide, 600 tall) at most three; an empty slot at most
 * ~48 px tall, each run of empty slots folded into one line ("Slots 13–20 empty") on all three.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCredentials } from '../sandbox/direct';
import { useExtension } from './fixture';
import { type MessageKey, msgIn } from './messages';
import { configureThroughDoor } from './test-door';

const WIDE = { width: 1280, height: 800 };
const PANEL = { width: 400, height: 600 };
const BUILDING = /^Haus Müllerstraße/;
/** The seeded building's empty slots, folded into runs 6–11 and 13–20. */
const EMPTY = [6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20];

// One profile for both languages: set up once (the token kept on this device), relaunched in German.
const profile = mkdtempSync(join(tmpdir(), 'po-heights-'));
// Registered before the fixture's: after-hooks run last-first, so the profile goes once the browser closed.
afterAll(() => rmSync(profile, { recursive: true, force: true }));
const { sandbox, session } = useExtension({ resetEachTest: false, browser: { userDataDir: profile } });
beforeAll(() =>
  configureThroughDoor(session, { ...demoCredentials(sandbox, 'premium'), persistence: 'local' }),
);

interface Heights {
  /** The page's height: what a user scrolls through. */
  page: number;
  /** Each empty slot (a group "Slot N") by its number. */
  empty: Record<number, number>;
}

function heights(page: Page): Promise<Heights> {
  return page.evaluate(() => {
    const empty: Record<number, number> = {};
    for (const group of document.querySelectorAll('[role="group"][aria-label^="Slot "]')) {
      if (group.querySelector('input, textarea')) continue;
      empty[Number(group.getAttribute('aria-label')?.slice(5))] = group.getBoundingClientRect().height;
    }
    return { page: document.documentElement.scrollHeight, empty };
  });
}

/** Every empty slot folded (no field of its own), one line of at most ~48 px. */
function expectFolded({ empty }: Heights) {
  expect(Object.keys(empty).map(Number)).toEqual(EMPTY);
  for (const height of Object.values(empty)) expect(height).toBeLessThanOrEqual(48);
}

for (const lang of ['en', 'de'] as const) {
  const text = (key: MessageKey, ...substitutions: string[]) => msgIn(lang, key, ...substitutions);

  describe(`slot pages with 6 of 20 slots used, ${lang === 'en' ? 'English' : 'German'}`, () => {
    // Each language's tests run in a browser of that language on the one profile, in any order.
    beforeAll(() => session.relaunch({ locale: lang === 'en' ? 'en-US' : 'de-DE', userDataDir: profile }));

    /** Opens `path` at `size` on the demo building's Slots tab, every slot read. */
    async function slotsTab(path: string, size: typeof WIDE): Promise<Page> {
      const page = await session.context.newPage();
      await page.setViewportSize(size);
      await page.goto(session.url(path));
      await page
        .getByRole('list', { name: text('popup_heading') })
        .getByRole('button', { name: BUILDING })
        .click();
      await page.getByRole('tab', { name: text('tab_slots'), exact: true }).click();
      await page.getByText(text('slots_used', '6', '20')).waitFor();
      await page.getByText(text('slots_emptyRun', '13', '20'), { exact: true }).waitFor();
      await page.getByText(text('slots_emptyRun', '6', '11'), { exact: true }).waitFor();
      return page;
    }

    it('the editor at 1280×800: at most about two screens, each section one click away', async () => {
      const page = await session.context.newPage();
      await page.setViewportSize(WIDE);
      await page.goto(session.url('editor.html'));
      await page.getByRole('button', { name: BUILDING }).click();
      await page.getByText(text('slots_used', '6', '20')).waitFor();
      await page.getByText(text('slots_emptyRun', '13', '20'), { exact: true }).waitFor();
      const measured = await heights(page);
      expectFolded(measured);
      expect(measured.page, `the editor is ${measured.page} px tall`).toBeLessThanOrEqual(2 * WIDE.height);
      // Each section is a tab in view, one click from the Slots section.
      for (const tab of ['editor_tab_import', 'editor_tab_document', 'editor_tab_backup'] as const) {
        await page.getByRole('tab', { name: text('editor_tab_slots'), exact: true }).click();
        const section = page.getByRole('tab', { name: text(tab), exact: true });
        const box = await section.boundingBox();
        expect(box && box.y >= 0 && box.y + box.height <= WIDE.height).toBe(true);
        await section.click();
        expect(await section.getAttribute('aria-selected')).toBe('true');
      }
      await page.close();
    });

    it('the dashboard tab’s Slots tab at 1280×800: at most two screens', async () => {
      const page = await slotsTab('dashboard.html', WIDE);
      const measured = await heights(page);
      expectFolded(measured);
      expect(measured.page, `the Slots tab is ${measured.page} px tall`).toBeLessThanOrEqual(2 * WIDE.height);
      await page.close();
    });

    it('the side panel’s Slots tab at 400×600: at most three screens', async () => {
      const page = await slotsTab('sidepanel.html', PANEL);
      const measured = await heights(page);
      expectFolded(measured);
      expect(measured.page, `the Slots tab is ${measured.page} px tall`).toBeLessThanOrEqual(
        3 * PANEL.height,
      );
      await page.close();
    });
  });
}
