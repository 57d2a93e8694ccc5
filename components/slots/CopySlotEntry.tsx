/**
 * The "Copy this slot to…" button of a slot in the full editor, and the copy panel once opened.
 * The panel (with the plan and zod) loads on the first click: the popup shares the slot editor and
 * keeps its first bytes small.
 */
import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { valueOf } from '../../lib/loadable';
import { buildingName, factoryName } from '../../lib/names';
import type { CopyOption } from './CopyChecklist';
import type { Workspace } from './workspace';

interface CopySlotEntryProps {
  workspace: Workspace;
  option: number;
  content: { title: string; data: string };
  /** When the value shown was read; null when it is the user's unsaved edit. */
  readAt: number | null;
}

/** The account's buildings, then its factories, named as everywhere else. */
function copyOptions(workspace: Workspace): CopyOption[] {
  const buildings = valueOf(workspace.buildings.value) ?? [];
  return [
    ...buildings.map((b) => ({ target: { kind: 'building' as const, id: b.id }, label: buildingName(b) })),
    ...workspace.page.factories.all.value.map((f) => ({
      target: { kind: 'factory' as const, id: f.id },
      label: factoryName(f),
    })),
  ];
}

type Panel = (typeof import('./CopySlot'))['CopySlot'];

export function CopySlotEntry({ workspace, option, content, readAt }: CopySlotEntryProps) {
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<Panel | null>(null);
  const toggle = () => {
    if (!Panel) void import('./CopySlot').then((module) => setPanel(() => module.CopySlot));
    setOpen(!open);
  };
  return (
    <>
      <button type="button" class="button" aria-expanded={open ? 'true' : 'false'} onClick={toggle}>
        {t('copy_open')}
      </button>
      {open && Panel && (
        <Panel
          workspace={workspace}
          option={option}
          content={content}
          readAt={readAt}
          options={copyOptions(workspace)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
