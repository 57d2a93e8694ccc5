/**
 * WCAG 2.5.3 "label in name" over a rendered view: every control named by `aria-label` contains the
 * text it shows (case and spacing aside), so a user of speech input reaches it by what it says.
 * Symbols alone (×, ↻) are no label to say; hidden text (aria-hidden, visually hidden) is not shown.
 */
const CONTROLS = 'button[aria-label], a[aria-label], [role="tab"][aria-label], summary[aria-label], label';

const normal = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

function shownText(control: Element): string {
  const copy = control.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll(
    '[aria-hidden="true"], .visually-hidden, input, select, textarea',
  ))
    hidden.remove();
  const text = normal(copy.textContent ?? '');
  return /[\p{L}\p{N}]/u.test(text) ? text : '';
}

/** "name ≠ shown" for each control whose accessible name leaves out its visible label. */
export function labelMismatches(root: ParentNode): string[] {
  return [...root.querySelectorAll(CONTROLS)].flatMap((control) => {
    // A label element names its field: the field's aria-label must contain the label's text.
    const named = control.tagName === 'LABEL' ? control.querySelector('input[aria-label]') : control;
    const name = named?.getAttribute('aria-label');
    const shown = shownText(control);
    return name && shown && !normal(name).includes(shown) ? [`${name} ≠ ${shown}`] : [];
  });
}
