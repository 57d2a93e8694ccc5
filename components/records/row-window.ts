/**
 * Rows drawn of a long table: those in its scroll box and a margin around them, spacers for the
 * rest (rows are one line, ROW_PX tall). A table of a slot (at most ~30 records) is drawn whole;
 * the 440 records of a 20-slot document would otherwise cost the page a second of layout.
 */
import { useRef, useState } from 'preact/hooks';

export const ROW_PX = 30;
/** Up to this many rows, all are drawn. */
const ALL_UP_TO = 150;
const MARGIN = 8;

export function useRowWindow(count: number) {
  const box = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const all = count <= ALL_UP_TO;
  const height = box.current?.clientHeight || 800;
  const from = all ? 0 : Math.max(0, Math.floor(top / ROW_PX) - MARGIN);
  const to = all ? count : Math.min(count, Math.ceil((top + height) / ROW_PX) + MARGIN);
  return {
    box,
    from,
    to,
    onScroll: () => !all && setTop(box.current?.scrollTop ?? 0),
    /** Scrolls row `index` into the box (under the sticky header), drawing it at once. */
    reveal: (index: number) => {
      const el = box.current;
      if (all || !el) return;
      const head = el.querySelector('thead')?.offsetHeight ?? 0;
      const y = index * ROW_PX;
      if (y < el.scrollTop) el.scrollTop = y;
      else if (y + ROW_PX > el.scrollTop + el.clientHeight - head)
        el.scrollTop = y + ROW_PX - el.clientHeight + head;
      setTop(el.scrollTop);
    },
  };
}
