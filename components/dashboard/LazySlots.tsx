/** The Slots tab: the slot workspace is loaded on first use, keeping it out of the popup's first bytes. */
import type { PageContext } from '../page/context';
import { lazyView } from '../lazy-view';
import { withLateStyles } from './late-styles';

export interface LazySlotsProps {
  layout: 'compact' | 'full';
  /** The page's worker, target, settings and buildings: the tab follows the building chosen above it. */
  page: PageContext;
}

export const LazySlots = lazyView<LazySlotsProps>(
  () => withLateStyles(() => import('../slots/SlotWorkspace')).then((module) => module.SlotWorkspace),
  'slots_loading',
);
