/**
 * What a page showed while the active account changed, for the Chromium and Firefox account tests:
 * the page's text at every DOM change and every frame, and the check that no moment mixed two
 * accounts. The two recorder functions run inside the page (`page.evaluate(startRecording)`), so
 * they use nothing from this module.
 */
import { expect } from 'vitest';

/** The buildings of the two sandbox characters, as the building list names them. */
export const JUERGEN = ['Haus Müllerstraße', 'Königshof', 'Gärtnerhaus am Schloßpark'];
export const KAETHE = ['Haus Weißenfels', 'Bürgerhaus Löwental'];

/** In the page: starts recording `document.body.innerText` at every DOM change and every frame. */
export function startRecording(): void {
  const w = window as unknown as { __seen: string[]; __stop: () => void };
  w.__seen = [];
  const take = () => w.__seen.push(document.body.innerText);
  const observer = new MutationObserver(take);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  let frame = requestAnimationFrame(function tick() {
    take();
    frame = requestAnimationFrame(tick);
  });
  w.__stop = () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}

/** In the page: stops recording and returns every text seen, oldest first. */
export function stopRecording(): string[] {
  const w = window as unknown as { __seen: string[]; __stop: () => void };
  w.__stop();
  return w.__seen;
}

const shows = (text: string, names: string[]) => names.some((name) => text.includes(name));

/** No moment shows both accounts; once the new one's buildings appear, the old one's never return. */
export function assertCleanSwitch(seen: string[], from: string[], to: string[]): void {
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((text) => shows(text, from) && shows(text, to))).toEqual([]);
  const firstNew = seen.findIndex((text) => shows(text, to));
  expect(firstNew).toBeGreaterThanOrEqual(0);
  expect(seen.slice(firstNew).filter((text) => shows(text, from))).toEqual([]);
  expect(shows(seen.at(-1) ?? '', to)).toBe(true);
}
