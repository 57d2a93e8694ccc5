/**
 * The one conflict rule of every writer (a save, an import or restore, a copy, a document, an undo,
 * "Keep mine"; docs/decisions.md, "One conflict rule: content"): a slot is overwritten only while it
 * holds the content (title and data) the writer was shown. Its time is not compared: the
 * extension's own writes are known without the server's time (no read follows a write), and a slot
 * that holds exactly what the user saw loses nothing when overwritten (it goes to history).
 */
interface Content {
  title: string;
  data: string;
}

export const sameContent = (a: Content, b: Content) => a.title === b.title && a.data === b.data;

/**
 * Whether a slot holding `current` must not be overwritten by a writer shown `expected` (none: the
 * writer saw no value, and whatever the slot holds is replaced, kept in history).
 */
export const isConflict = (current: Content, expected: Content | null | undefined): boolean =>
  expected != null && !sameContent(current, expected);
