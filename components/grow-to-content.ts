/**
 * Text boxes grow with their content. CSS `field-sizing: content` (theme.css) does it where the
 * browser has it (Chromium); where it does not (Firefox), the box's height is set from its
 * scrollHeight whenever its value changes, by typing or otherwise. min- and max-height still apply.
 */
import { type RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

const cssGrows = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/** Sets `box`'s height to fit its text, unless CSS does or the box is not shown (no height to read). */
export function growToContent(box: HTMLTextAreaElement): void {
  if (cssGrows || box.getClientRects().length === 0) return;
  // At no height its scrollHeight is what the text needs (at `auto` it would be at least its rows).
  box.style.height = '0';
  const style = getComputedStyle(box);
  const borders = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
  box.style.height = `${box.scrollHeight + borders}px`;
}

/**
 * A ref for a <textarea> whose height follows `value` (the text it shows), and its width: a box
 * shown after being hidden, or made wider or narrower, wraps its lines anew.
 */
export function useGrowToContent(value: string): RefObject<HTMLTextAreaElement> {
  const box = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    if (box.current) growToContent(box.current);
  }, [value]);
  useLayoutEffect(() => {
    const element = box.current;
    if (cssGrows || !element || typeof ResizeObserver === 'undefined') return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      growToContent(element);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return box;
}
