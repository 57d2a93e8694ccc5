/** The Slots tab: the slot workspace is loaded on first use, keeping it out of the popup's first bytes. */
import type { ComponentType } from 'preact';
import type { WorkspaceContext } from '../slots/store';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { ErrorNotice } from '../ErrorNotice';

interface SlotsProps {
  layout: 'compact' | 'full';
  /** The dashboard's target, settings and buildings: the tab follows the building chosen above it. */
  shared: WorkspaceContext;
}
type Workspace = ComponentType<SlotsProps>;
let loaded: Workspace | null = null;

export function LazySlots({ layout, shared }: SlotsProps) {
  const [Component, setComponent] = useState<Workspace | null>(() => loaded);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (Component) return;
    import('../slots/SlotWorkspace').then(
      (module) => {
        loaded = module.SlotWorkspace;
        setComponent(() => module.SlotWorkspace);
      },
      (error: unknown) => setFailed(String(error)),
    );
  }, [Component]);
  if (failed) return <ErrorNotice error={{ kind: 'internal', message: failed }} />;
  if (!Component)
    return (
      <p class="hint" role="status">
        {t('slots_loading')}
      </p>
    );
  return <Component layout={layout} shared={shared} />;
}
