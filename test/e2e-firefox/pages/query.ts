/**
 * Puppeteer selectors as a user finds things: by role and accessible name, fields by their label.
 * Firefox's `::-p-aria(Label)` also matches the <label> itself and password inputs have no textbox
 * role there, so a field is the form control (input, textarea, select) named by its label.
 */
import type { ElementHandle, Page } from 'puppeteer-core';
import { vi } from 'vitest';

const quoted = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** An element by role, optionally with its exact accessible name; Firefox calls ARIA's `img` `image`. */
export function role(kind: string, name?: string): string {
  return name === undefined
    ? `::-p-aria([role=${quoted(kind)}])`
    : `::-p-aria([name=${quoted(name)}][role=${quoted(kind)}])`;
}

/** The form control labelled `label`. */
export function field(label: string, tag: 'input' | 'textarea' | 'select' = 'input'): string {
  return `${tag}::-p-aria([name=${quoted(label)}])`;
}

/** The <label> element with this text. */
export function label(text: string): string {
  return `label::-p-aria([name=${quoted(text)}])`;
}

/** The form control a <label> names (label.control), for controls Firefox exposes without that name. */
export async function controlOf(page: Page, labelSelector: string): Promise<ElementHandle<HTMLInputElement>> {
  await waitFor(page, labelSelector);
  const control = (await page.$(labelSelector))?.asElement();
  const handle = await control?.evaluateHandle((node) => (node as HTMLLabelElement).control);
  const element = handle?.asElement();
  if (!element) throw new Error(`${labelSelector} names no form control`);
  return element as ElementHandle<HTMLInputElement>;
}

/** The innermost element whose text contains `value`. */
export function text(value: string): string {
  return `::-p-text(${quoted(value)})`;
}

/** `inner` inside `outer`. */
export function within(outer: string, inner: string): string {
  return `${outer} ${inner}`;
}

export async function countOf(page: Page, selector: string): Promise<number> {
  return (await page.$$(selector)).length;
}

/** The text of the first match, or null while there is none (for expect.poll). */
export async function textOf(page: Page, selector: string): Promise<string | null> {
  const element = await page.$(selector);
  return element ? element.evaluate((node) => node.textContent) : null;
}

/** The text of every match, in document order (one query and one evaluation). */
export function textsOf(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (nodes) => nodes.map((node) => node.textContent ?? ''));
}

export async function valueOf(page: Page, selector: string): Promise<string | null> {
  const element = await page.$(selector);
  return element ? element.evaluate((node) => (node as HTMLInputElement).value) : null;
}

export async function attributeOf(page: Page, selector: string, name: string): Promise<string | null> {
  const element = await page.$(selector);
  return element ? element.evaluate((node, attribute) => node.getAttribute(attribute), name) : null;
}

/**
 * Waits until `selector` matches. Polls with fresh queries: after a navigation that puppeteer did not
 * see complete (moz-extension:// pages send no load events), a Locator's wait may never end.
 */
export function waitFor(page: Page, selector: string, timeoutMs = 15_000): Promise<void> {
  return waitUntil(
    async () => (await page.$(selector)) !== null,
    timeoutMs,
    `nothing matches ${selector} after ${timeoutMs} ms`,
  );
}

/**
 * Waits until `check` holds, asked again every `intervalMs` once its last answer came (a failing
 * check counts as not yet): vitest's bounded poll, as puppeteer's Firefox has no event to wait for.
 */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs = 15_000,
  failure = `the condition did not hold within ${timeoutMs} ms`,
  intervalMs = 100,
): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check().catch(() => false))) throw new Error(failure);
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}
