/**
 * `npm run icons`: renders store/icon.svg to public/icon/{16,32,48,128}.png with Debian's Chromium.
 * WXT picks these up as the manifest's `icons` and `action.default_icon`. The PNGs are committed;
 * run this again after changing the SVG.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { NO_CHROMIUM_HELP, findChromium } from '../test/e2e/browser';

const SIZES = [16, 32, 48, 128] as const;
const SOURCE = 'store/icon.svg';
const OUT_DIR = 'public/icon';

const executablePath = findChromium();
if (!executablePath) throw new Error(NO_CHROMIUM_HELP);

const svg = readFileSync(SOURCE, 'utf8');
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  mkdirSync(OUT_DIR, { recursive: true });
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
    );
    const png = await page.screenshot({ omitBackground: true });
    writeFileSync(`${OUT_DIR}/${size}.png`, png);
    console.log(`${OUT_DIR}/${size}.png (${png.length} bytes)`);
    await page.close();
  }
} finally {
  await browser.close();
}
