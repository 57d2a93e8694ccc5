/**
 * A result that just appeared (a preview, a plan, a job's progress) is brought into view and takes
 * the focus, so neither a mouse nor a screen reader user has to look for it below the fold.
 */
export function showResult(element: HTMLElement | null, focus = true): void {
  if (!element) return;
  element.scrollIntoView({ block: 'nearest' });
  if (focus) element.focus({ preventScroll: true });
}
