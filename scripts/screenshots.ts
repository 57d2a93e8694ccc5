/**
 * `npm run screenshots`: the store screenshots, 1280×800 PNG, light and dark, English and German, of
 * the popup (and its menu open), the side panel, the dashboard tab, the editor with a conflict, the
 * import preview and the options page (at 1280 and 400 px),
 * into .output/store/. Builds the e2e flavour (`--no-build` reuses it), starts the sandbox with its
 * demo data and drives Debian's Chromium with the extension. The popup (400×600), the side panel
 * and the narrow options page (400×740) are placed on a 1280×800 canvas beside the store's short description.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { type ExtensionSession, launchExtension } from '../test/e2e/browser';
import { OptionsPage } from '../test/e2e/pages/options-page';
import type enMessages from '../public/_locales/en/messages.json';
import { DEMO } from '../test/sandbox/seed';
import { type Sandbox, startSandbox } from '../test/sandbox/server';

const OUT_DIR = '.output/store';
const SIZE = { width: 1280, height: 800 };
const BUILDING = 'b-1001';
const BUILDING_NAME = 'Haus Müllerstraße';
/** The account's name in every header, as a player would call it. */
const ACCOUNT_NAME = DEMO.premium.character;

type Lang = 'en' | 'de';
type Scheme = 'light' | 'dark';
type MessageKey = keyof typeof enMessages;

/** The UI text of `key` in `lang`, from the catalogue the extension ships. */
function ui(lang: Lang, key: MessageKey): string {
  const catalogue = JSON.parse(readFileSync(`public/_locales/${lang}/messages.json`, 'utf8')) as Record<
    string,
    { message: string }
  >;
  const entry = catalogue[key];
  if (!entry) throw new Error(`public/_locales/${lang}/messages.json has no message ${key}`);
  return entry.message;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function shoot(page: Page, name: string): Promise<void> {
  const file = join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

/** A narrow page (popup, side panel) beside the store's name and short description, on 1280×800. */
async function compose(session: ExtensionSession, lang: Lang, scheme: Scheme, image: Buffer, name: string) {
  const dark = scheme === 'dark';
  const canvas = await session.context.newPage();
  await canvas.setViewportSize(SIZE);
  const short = readFileSync(`store/${lang}/short.txt`, 'utf8').trim();
  await canvas.setContent(`<!doctype html><html><body style="margin:0;width:${SIZE.width}px;height:${SIZE.height}px;
    display:flex;align-items:center;justify-content:center;gap:72px;font-family:system-ui,sans-serif;
    background:${dark ? 'linear-gradient(135deg,#0f172a,#1e293b)' : 'linear-gradient(135deg,#eaf1fb,#f8fafc)'};
    color:${dark ? '#e2e8f0' : '#0f172a'}">
    <div style="max-width:420px"><h1 style="font-size:44px;margin:0 0 16px">${escapeHtml(ui(lang, 'extName'))}</h1>
    <p style="font-size:24px;line-height:1.4;margin:0">${escapeHtml(short)}</p></div>
    <img alt="" src="data:image/png;base64,${image.toString('base64')}"
      style="max-height:740px;border-radius:12px;box-shadow:0 12px 40px rgba(0,0,0,${dark ? 0.6 : 0.25})">
    </body></html>`);
  await shoot(canvas, name);
  await canvas.close();
}

async function open(session: ExtensionSession, path: string, size: { width: number; height: number }) {
  const page = await session.context.newPage();
  await page.setViewportSize(size);
  await page.goto(session.url(path));
  return page;
}

async function showBuilding(page: Page, lang: Lang): Promise<void> {
  // Each view remembers its tab: the shot starts on the Building tab.
  await page.getByRole('tab', { name: ui(lang, 'tab_building') }).click();
  await page
    .getByRole('list', { name: ui(lang, 'popup_heading') })
    .getByRole('button', { name: new RegExp(BUILDING_NAME) })
    .click();
  await page.getByRole('region', { name: ui(lang, 'section_details'), exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
}

async function writeBehindTheEditorsBack(
  sandbox: Sandbox,
  option: number,
  title: string,
  data: string,
): Promise<void> {
  const answer = await fetch(`${sandbox.url}/building/options`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO.premium.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiSecret: DEMO.premium.secret, buildingId: BUILDING, option, title, data }),
  });
  if (!answer.ok) throw new Error(`sandbox write failed: ${answer.status}`);
}

async function screenshots(session: ExtensionSession, sandbox: Sandbox, lang: Lang, scheme: Scheme) {
  const suffix = `${lang}-${scheme}`;
  const de = lang === 'de';

  const popup = await open(session, 'popup.html', { width: 400, height: 600 });
  await showBuilding(popup, lang);
  await compose(session, lang, scheme, await popup.screenshot(), `popup-${suffix}`);
  await popup.getByRole('button', { name: ui(lang, 'menu_label') }).click();
  await compose(session, lang, scheme, await popup.screenshot(), `popup-menu-${suffix}`);
  await popup.close();

  // The dashboard in a tab: its header's menu in the row, the editor's sections among its items.
  const dashboard = await open(session, 'dashboard.html', SIZE);
  await showBuilding(dashboard, lang);
  await shoot(dashboard, `dashboard-${suffix}`);
  await dashboard.close();

  const panel = await open(session, 'sidepanel.html', { width: 400, height: 740 });
  await showBuilding(panel, lang);
  await panel.getByRole('tab', { name: ui(lang, 'tab_slots') }).click();
  await panel.getByLabel(ui(lang, 'slot_field_title'), { exact: true }).first().waitFor();
  await panel.waitForLoadState('networkidle');
  await compose(session, lang, scheme, await panel.screenshot(), `sidepanel-${suffix}`);
  await panel.close();

  // The editor from its top: the house rules in slot 1, changed elsewhere while being edited here.
  const editor = await open(session, 'editor.html', SIZE);
  await editor.getByRole('button', { name: BUILDING_NAME, exact: true }).click();
  const slot = editor.getByRole('group', { name: 'Slot 1', exact: true });
  const title = slot.getByLabel(ui(lang, 'slot_field_title'), { exact: true });
  await title.waitFor();
  await editor.waitForLoadState('networkidle');
  await writeBehindTheEditorsBack(
    sandbox,
    1,
    'Hausordnung',
    de ? 'Ruhezeiten 22–7 Uhr. Mülltonnen stehen im Hof.' : 'Quiet hours 10 pm–7 am. Bins are in the yard.',
  );
  await slot
    .getByLabel(ui(lang, 'slot_field_data'), { exact: true })
    .fill(
      de
        ? 'Ruhezeiten 22–6 Uhr. Mülltonnen stehen im Hof; Fahrräder in den Keller.'
        : 'Quiet hours 10 pm–6 am. Bins are in the yard; bicycles go in the cellar.',
    );
  await slot.getByRole('button', { name: ui(lang, 'slot_save') }).click();
  await editor.getByRole('alertdialog').waitFor();
  // The whole dialog in the shot: the page scrolls just far enough to show the slot's end.
  await slot.evaluate((element) => {
    element.style.scrollMarginBottom = '1rem';
    element.scrollIntoView({ block: 'nearest' });
  });
  await shoot(editor, `editor-conflict-${suffix}`);
  await editor.close();

  const importer = await open(session, 'editor.html#import', SIZE);
  const document = {
    target: { kind: 'building', id: BUILDING },
    slots: [
      { slot: 1, title: 'Hausordnung', data: 'Ruhezeiten 22–6 Uhr. Mülltonnen stehen im Hof.' },
      {
        slot: 6,
        title: de ? 'Öffnungszeiten' : 'Opening hours',
        data: { mo_fr: '08:00–18:00', sa: '09:00–13:00' },
      },
      { slot: 7, title: de ? 'Kontakt' : 'Contact', data: 'hausmeister@example.org' },
    ],
  };
  await importer.getByLabel(ui(lang, 'import_paste')).fill(JSON.stringify(document, null, 2));
  await importer.getByRole('button', { name: ui(lang, 'import_check') }).click();
  const preview = importer.getByRole('region', { name: ui(lang, 'import_preview') });
  await preview.waitFor();
  await preview.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await shoot(importer, `import-preview-${suffix}`);
  await importer.close();

  const options = await open(session, 'options.html', SIZE);
  await options.getByLabel(ui(lang, 'field_baseUrl')).waitFor();
  await shoot(options, `options-${suffix}`);
  await options.close();

  const narrow = await open(session, 'options.html', { width: 400, height: 740 });
  await narrow.getByLabel(ui(lang, 'field_baseUrl')).waitFor();
  await compose(session, lang, scheme, await narrow.screenshot(), `options-narrow-${suffix}`);
  await narrow.close();
}

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(resolve('node_modules/.bin/wxt'), ['build', '--mode', 'e2e'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

mkdirSync(OUT_DIR, { recursive: true });
const sandbox = await startSandbox();
// One profile for all four runs: configured once (token kept "on this device"), relaunched per language and scheme.
const profile = mkdtempSync(join(tmpdir(), 'po-screenshots-'));
try {
  let configured = false;
  for (const lang of ['en', 'de'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      sandbox.reset();
      const session = await launchExtension({
        colorScheme: scheme,
        locale: lang === 'de' ? 'de-DE' : 'en-US',
        userDataDir: profile,
      });
      try {
        if (!configured) {
          const options = await OptionsPage.openConfigured(session, {
            baseUrl: sandbox.url,
            token: DEMO.premium.token,
            secret: DEMO.premium.secret,
            persistence: 'local',
          });
          await options.rename('Account 1', ACCOUNT_NAME);
          await options.page.close();
          configured = true;
        }
        await screenshots(session, sandbox, lang, scheme);
      } finally {
        await session.close();
      }
    }
  }
} finally {
  await sandbox.close();
  rmSync(profile, { recursive: true, force: true });
}
