/**
 * Puppeteer selectors as a user finds things: by role and accessible name, fields by their label.
 * Firefox's `::-p-aria(Label)` also matches the <label> itself and password inputs have no textbox
 * role there, so a field is the form control (input, textarea, select) named by its label.
 */
import type { Page } from 'puppeteer-core';

const quoted = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** An element by ARIA role, optionally with its exact accessible name. */
export function role(kind: string, name?: string): string {
  return name === undefined
    ? `::-p-aria([role=${quoted(kind)}])`
    : `::-p-aria([name=${quoted(name)}][role=${quoted(kind)}])`;
}

/** The form control labelled `label`. */
export function field(label: string, tag: 'input' | 'textarea' | 'select' = 'input'): string {
  return `${tag}::-p-aria([name=${quoted(label)}])`;
}

/** The innermost element whose text contains `text`. */
export function text(value: string): string {
  return `::-p-text(${value.replace(/[()\\]/g, '\\$&')})`;
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

export async function valueOf(page: Page, selector: string): Promise<string | null> {
  const element = await page.$(selector);
  return element ? element.evaluate((node) => (node as HTMLInputElement).value) : null;
}

export async function attributeOf(page: Page, selector: string, name: string): Promise<string | null> {
  const element = await page.$(selector);
  return element ? element.evaluate((node, attribute) => node.getAttribute(attribute), name) : null;
}
