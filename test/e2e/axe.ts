/** axe-core in an extension page. Evaluated through the DevTools protocol, which the page's CSP does not govern. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Serious and critical violations of WCAG 2.x A/AA and best practices on the page as it is now, with
 * "label in name" (WCAG 2.5.3: a control's accessible name contains its visible label), which axe
 * leaves off by default, turned on.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeRun> } })
      .axe;
    interface AxeRun {
      violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
    }
    const run = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return run.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
  });
}
