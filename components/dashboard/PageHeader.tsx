/** The one header of the dashboard pages and the editor: the extension's name, then the account and the menu. */
import type { ComponentChildren } from 'preact';
import { t } from '../../lib/i18n';

export function PageHeader({
  layout,
  children,
}: {
  layout: 'compact' | 'full';
  children?: ComponentChildren;
}) {
  return (
    <header class={`dashboard__header dashboard__header--${layout}`}>
      <h1>{t('extName')}</h1>
      <div class="dashboard__actions">{children}</div>
    </header>
  );
}
