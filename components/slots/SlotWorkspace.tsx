/** Placeholder until the slot editor lands: the popup's Slots tab and the editor page mount this. */
export function SlotWorkspace(_props: { layout: 'compact' | 'full' }) {
  return null;
}
