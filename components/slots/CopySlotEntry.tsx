/**
 * The "Copy this slot to…" button of a slot (popup, side panel, tabs), and the copy panel once opened.
 * The panel (with the plan and zod) loads on the first click: the popup shares the slot editor and
 * keeps its first bytes small.
 */
import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { valueOf } from '../../lib/loadable';
import { buildingName, factoryName } from '../../lib/names';
import type { PageContext } from '../page/context';
import { lazyView } from '../lazy-view';
import type { CopyOption } from './CopyChecklist';

interface CopySlotEntryProps {
  page: PageContext;
  option: number;
  content: { title: string; data: string };
  /** When the value shown was read; null when it is the user's unsaved edit. */
  readAt: number | null;
}

/** The account's buildings, then its factories, named as everywhere else. */
function copyOptions(page: PageContext): CopyOption[] {
  const buildings = valueOf(page.buildings.list.value) ?? [];
  return [
    ...buildings.map((b) => ({ target: { kind: 'building' as const, id: b.id }, label: buildingName(b) })),
    ...page.factories.all.value.map((f) => ({
      target: { kind: 'factory' as const, id: f.id },
      label: factoryName(f),
    })),
  ];
}

const CopyPanel = lazyView(() => import('./CopySlot').then((module) => module.CopySlot), 'copy_loading');

export function CopySlotEntry({ page, option, content, readAt }: CopySlotEntryProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        class="button"
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => setOpen(!open)}
      >
        {t('copy_open')}
      </button>
      {open && (
        <CopyPanel
          page={page}
          option={option}
          content={content}
          readAt={readAt}
          options={copyOptions(page)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
