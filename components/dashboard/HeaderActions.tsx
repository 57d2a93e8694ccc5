/**
 * The header's menu of every page but the options: refresh, where else the same view opens, the
 * other full page's places (the dashboard, the editor's sections), settings; one "Menu" disclosure
 * (Menu.tsx), so the header stays one row.
 */
import { lazyView } from '../lazy-view';
import { Menu } from './Menu';
import type { HeaderActionsProps } from './MenuItems';

export { openSettings } from './open-views';
export { DASHBOARD_PLACES, EDITOR_PLACES } from './places';
export type { HeaderActionsProps } from './MenuItems';

/** The items load after the first paint, outside the page's first bytes; the toggle is there at once. */
const LazyItems = lazyView(() => import('./MenuItems').then((module) => module.MenuItems), null);

export function HeaderActions(props: HeaderActionsProps) {
  return (
    <Menu>
      <LazyItems {...props} />
    </Menu>
  );
}
