/**
 * The dashboard of one page (popup, side panel, full tab): the building shown, its sections, a bank
 * account's transactions and the tab, on top of the page context it shares with the Slots tab.
 */
import { batch, computed, createModel, effect, signal } from '@preact/signals';
import type { DashboardTab } from '../../lib/storage/dashboard-tab';
import { type DashboardView, shownBuilding } from '../../lib/storage/page-keys';
import { valueOf } from '../../lib/loadable';
import type { PageContext } from '../page/context';
import { SECTION_KEYS, type SectionKey, Sections } from './sections';
import { Tab } from './tab';
import type { Transactions } from './transactions';

/** A bank account's transactions are shown only after a click: their code loads after the first paint. */
const transactionsModel = () => import('./transactions');

export interface DashboardOptions {
  page: PageContext;
  /** The view whose tab is remembered; without one the tab starts on Building every time. */
  view?: DashboardView;
  /** The remembered tab as the page's first read found it. */
  firstTab?: DashboardTab | null;
}

export const DashboardStore = createModel(({ page, view, firstTab = null }: DashboardOptions) => {
  const { current, buildings } = page;
  const sections = new Sections(page);
  /** Made on the first account opened; its transactions, null until then. */
  const account = signal<Transactions | null>(null);
  let accountMade: Promise<Transactions> | null = null;
  const accountModel = () =>
    (accountMade ??= transactionsModel().then(
      ({ Transactions }) => (account.value = new Transactions(page)),
    ));
  /** After an open still waiting for the model, so the account stays closed. */
  const closeAccount = () => {
    const made = account.peek();
    if (made) made.close();
    else void accountMade?.then((model) => model.close());
  };
  const tab = new Tab(view, firstTab);
  /**
   * The building shown: the current target when it is a building. While a factory is current
   * (chosen on the Slots tab) the building shown before stays, or the first one is shown.
   */
  const shownId = signal(page.first && shownBuilding(page.first.target, page.first.buildings.value));
  /** The first view's building is shown but not yet loaded through the cache (with zod) or the worker. */
  let unchecked = page.first !== null;

  function show(id: string | null): void {
    const recheck = unchecked && id !== null && id === shownId.value;
    unchecked = false;
    if (id === shownId.value && !recheck) return;
    batch(() => {
      shownId.value = id;
      closeAccount();
    });
    if (id !== null) sections.show(id, recheck);
  }

  // The effects end with the model's disposal.
  effect(() => {
    const target = current.target.value;
    const id = shownBuilding(target, valueOf(buildings.list.value) ?? null, shownId.peek());
    if (target?.kind === 'building' || id !== shownId.peek()) show(id);
  });

  // The factories join the buildings in the one picker (the worker keeps their list like the
  // buildings'), asked for once what the first view shows has arrived, so it never delays it; the
  // Portfolio tab shows no picker, so it costs no request there.
  effect(() => {
    if (tab.tab.value === 'portfolio') return;
    const list = buildings.list.value;
    const shown = shownId.value;
    const waiting =
      list.status === 'loading' ||
      (shown !== null && SECTION_KEYS.some((key) => sections.sections[key].value.status === 'loading'));
    if (!waiting) void page.factories.discover();
  });

  const retry = (key: SectionKey) => {
    const id = shownId.value;
    if (id !== null) sections.retry(key, id);
  };

  const select = (id: string) => current.choose({ kind: 'building', id });

  return {
    /** Premium as the settings say; null until they are known. */
    premium: computed(() => page.settingsValue.value?.premium ?? null),
    buildings: buildings.list,
    shownId,
    /** The account's factories, in the same picker (their slots only), and the one current. */
    factories: page.factories.all,
    factoryId: computed(() => (current.target.value?.kind === 'factory' ? current.target.value.id : null)),
    sections: sections.sections,
    transactions: computed(() => account.value?.transactions.value ?? null),
    tab: tab.tab,
    /** The user's choice: the building becomes the current target of every view. */
    select,
    /** A building chosen on the Portfolio tab, shown on the Building tab. */
    openBuilding: (id: string) => (select(id), tab.choose('building')),
    /** A factory chosen in the picker: the current target, its slots shown. */
    chooseFactory: (id: string) => (current.choose({ kind: 'factory', id }), tab.choose('slots')),
    removeFactory: (id: string) => void page.factories.remove(id),
    retry,
    retryBuildings: () => void buildings.load(true),
    /** Asks the API again for everything shown, keeping what is shown until the answers arrive. */
    refresh(): void {
      void buildings.load(true);
      for (const key of SECTION_KEYS) retry(key);
    },
    openAccount: (bankId: string) => void accountModel().then((model) => model.open(bankId)),
    closeAccount,
    pageTransactions: (skip: number) => void accountModel().then((model) => model.turn(skip)),
    /** Every transaction of the account the API gives, as a CSV file (and a note when capped). */
    exportTransactions: (bankId: string, label: string) =>
      import('./exports').then((module) => module.transactionsFile(page.send, bankId, label)),
    chooseTab: tab.choose,
    /** Loads the page (settings, the remembered target, the list) and the tab this view showed last. */
    async start(): Promise<void> {
      void import('../page/cached-answers'); // fetched while the stored target is read, not after it
      void transactionsModel(); // ready before an account can be opened
      tab.load();
      await page.start();
      // The first view's building, unless the stored target replaced it (a factory is current).
      if (unchecked) show(shownId.value);
    },
  };
});

export type DashboardStore = InstanceType<typeof DashboardStore>;

/** What the dashboard's views read and do: the store, without its page's own parts. */
export type DashboardShown = Omit<
  DashboardStore,
  'start' | 'refresh' | 'openBuilding' | typeof Symbol.dispose
>;
