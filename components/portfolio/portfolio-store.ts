/**
 * The portfolio of one page: the worker's table for the page's profile (followed in storage, so the
 * background refresh shows up without asking), the filter and sort, rows being refreshed by the
 * user, and the refresh's settings.
 */
import { computed, createModel, effect, signal } from '@preact/signals';
import type { AppError } from '../../lib/app-error';
import {
  type Column,
  type Sort,
  filterRows,
  keepUnchangedRows,
  sortRows,
  totalsOf,
} from '../../lib/portfolio/table';
import { t } from '../../lib/i18n';
import { PortfolioSettings, type PortfolioTable, portfolioFamily } from '../../lib/storage/portfolio';
import { uiLanguage } from '../display-format';
import type { PageContext } from '../page/context';

export const PortfolioStore = createModel((page: PageContext) => {
  const table = signal<PortfolioTable | null>(null);
  /** The empty table before its building list was read: it says why the refresh waits. */
  const pending = signal<PortfolioTable | null>(null);
  const loaded = signal(false);
  const error = signal<AppError | null>(null);
  const settings = signal<PortfolioSettings | null>(null);
  /** What the last change of the settings came to: saved (applies at once), or why not. */
  const settingsMessage = signal<{ kind: 'saved' | 'problem'; text: string } | null>(null);
  const filter = signal('');
  const sort = signal<Sort>({ column: 'name', direction: 'ascending' });
  const refreshing = signal<ReadonlySet<string>>(new Set());
  /**
   * What the table shows, each a signal of its own: a keystroke in the filter renders the rows,
   * their count and totals, not the view around them.
   */
  const filtered = computed(() => filterRows(table.value?.rows ?? [], filter.value));
  const shown = computed(() => sortRows(filtered.value, sort.value, uiLanguage()));
  const totals = computed(() => totalsOf(filtered.value));
  const premium = computed(() => table.value?.premium ?? false);
  const present = computed(() => table.value !== null);
  let stopWatching: (() => void) | null = null;
  // Disposed with the model: the stored table is no longer followed.
  effect(() => () => stopWatching?.());

  /** A new table keeps the row objects whose data is unchanged: only a changed row renders again. */
  function show(value: PortfolioTable | null): void {
    const current = table.peek();
    table.value = value && current ? { ...value, rows: keepUnchangedRows(current.rows, value.rows) } : value;
  }

  /**
   * An empty table whose list was never read is not shown as a table, only its state. A table gone
   * (the account signed out or changed) takes its rows with it.
   */
  function follow(value: PortfolioTable | null): void {
    if (!value || value.listedAt > 0) show(value);
    pending.value = value && value.listedAt === 0 ? value : null;
  }

  async function start(): Promise<void> {
    stopWatching = portfolioFamily.watch(page.profileId, (_parts, value) => follow(value));
    const [answer, stored] = await Promise.all([
      page.send('getPortfolio', {}),
      page.send('getPortfolioSettings', {}),
    ]);
    if (answer.ok) {
      follow(answer.value);
      error.value = null;
    } else error.value = answer.error;
    if (stored.ok) settings.value = stored.value;
    loaded.value = true;
  }

  async function refreshRow(buildingId: string): Promise<void> {
    refreshing.value = new Set([...refreshing.value, buildingId]);
    const answer = await page.send('refreshPortfolioRow', { buildingId });
    if (answer.ok && answer.value) show(answer.value);
    if (!answer.ok) error.value = answer.error;
    const next = new Set(refreshing.value);
    next.delete(buildingId);
    refreshing.value = next;
  }

  /** The same column again turns the direction; a new column sorts ascending. */
  function sortBy(column: Column): void {
    const current = sort.value;
    sort.value =
      current.column === column
        ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { column, direction: 'ascending' };
  }

  /** A change of the settings shown, checked and saved; said either way. */
  async function applySettings(change: Partial<PortfolioSettings>): Promise<void> {
    const parsed = PortfolioSettings.safeParse({ ...settings.peek(), ...change });
    if (!parsed.success)
      return void (settingsMessage.value = { kind: 'problem', text: t('portfolio_setting_invalid') });
    const answer = await page.send('savePortfolioSettings', parsed.data);
    if (answer.ok) settings.value = answer.value;
    else error.value = answer.error;
    settingsMessage.value = answer.ok ? { kind: 'saved', text: t('portfolio_setting_saved') } : null;
  }

  /** Alerts on only once `ask` (the notifications permission, asked in the click) is granted. */
  async function toggleAlerts(on: boolean, ask: () => Promise<boolean>): Promise<void> {
    if (!on) return applySettings({ alerts: false });
    if (await ask().catch(() => false)) return applySettings({ alerts: true });
    settingsMessage.value = { kind: 'problem', text: t('portfolio_alerts_denied') };
  }

  return {
    table,
    pending,
    loaded,
    error,
    settings,
    settingsMessage,
    filter,
    sort,
    refreshing,
    shown,
    totals,
    premium,
    present,
    start,
    refreshRow,
    sortBy,
    applySettings,
    toggleAlerts,
  };
});

export type PortfolioStore = InstanceType<typeof PortfolioStore>;
