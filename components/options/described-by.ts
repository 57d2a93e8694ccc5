/** An `aria-describedby` value from the ids that apply now, or none when none does. */
export const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;
