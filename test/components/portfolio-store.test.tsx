/** The portfolio store of a page: it follows the worker's table in storage, and its removal too. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PortfolioStore } from '../../components/portfolio/portfolio-store';
import { PageContext } from '../../components/page/context';
import { type PortfolioTable, defaultPortfolioSettings, portfolioFamily } from '../../lib/storage/portfolio';
import { row } from '../unit/portfolio-fixtures';
import { recordingWorker } from './fixtures';

const table: PortfolioTable = {
  rows: [row('b-1', 'Lindenallee 1', 'Nordstadt', [[500, true]])],
  premium: false,
  round: { requests: 2, minutes: 5 },
  paused: null,
  listedAt: 1_000,
};

beforeEach(() => fakeBrowser.reset());

describe('PortfolioStore', () => {
  it('shows no row of the account once the worker dropped its table (account changed, signed out)', async () => {
    await portfolioFamily.set(table, 'p1', 'table');
    const worker = recordingWorker(async (type) => {
      if (type === 'getPortfolio') return { ok: true, value: await portfolioFamily.get('p1', 'table') };
      if (type === 'getPortfolioSettings') return { ok: false, error: { kind: 'internal', message: 'x' } };
      return undefined;
    });
    const store = new PortfolioStore(new PageContext({ send: worker.send, profileId: 'p1' }));
    await store.start();
    expect(store.shown.value.map((r) => r.name)).toEqual(['Lindenallee 1']);
    await portfolioFamily.remove('p1', 'table');
    await expect.poll(() => store.table.value).toBeNull();
    expect(store.shown.value).toEqual([]);
    store[Symbol.dispose]();
  });

  it('keeps the rows a stored table did not change, so only the changed row renders again', async () => {
    const two = { ...table, rows: [...table.rows, row('b-2', 'Ahornweg 2', null, [[700, true]])] };
    await portfolioFamily.set(two, 'p1', 'table');
    const worker = recordingWorker(async (type) =>
      type === 'getPortfolio' ? { ok: true, value: await portfolioFamily.get('p1', 'table') } : undefined,
    );
    const store = new PortfolioStore(new PageContext({ send: worker.send, profileId: 'p1' }));
    await store.start();
    const [linden, ahorn] = store.table.value?.rows ?? [];
    const changed = structuredClone(two);
    changed.rows[1]!.figures.rentLet = 800;
    await portfolioFamily.set(changed, 'p1', 'table');
    await expect.poll(() => store.table.value?.rows[1]?.figures.rentLet).toBe(800);
    expect(store.table.value?.rows[0]).toBe(linden);
    expect(store.table.value?.rows[1]).not.toBe(ahorn);
    expect(store.totals.value.rentLet).toBe(1300);
    store[Symbol.dispose]();
  });

  it('saves a change of its settings and says so; refuses one out of range and alerts not allowed', async () => {
    const worker = recordingWorker(async (type, payload) => {
      if (type === 'getPortfolioSettings') return { ok: true, value: defaultPortfolioSettings() };
      if (type === 'savePortfolioSettings') return { ok: true, value: payload };
      return undefined;
    });
    const store = new PortfolioStore(new PageContext({ send: worker.send, profileId: 'p1' }));
    await store.start();
    await store.applySettings({ share: 0.8 });
    expect(store.settings.value?.share).toBe(0.8);
    expect(store.settingsMessage.value).toEqual({ kind: 'saved', text: 'Saved: applies at once.' });

    await store.applySettings({ lateAfterDays: 0 });
    expect(store.settingsMessage.value?.kind).toBe('problem');
    await store.toggleAlerts(true, async () => false);
    expect(store.settingsMessage.value?.kind).toBe('problem');
    expect(store.settings.value?.alerts).toBe(false);
    expect(worker.sent('savePortfolioSettings')).toHaveLength(1);
    await store.toggleAlerts(true, async () => true);
    expect(store.settings.value?.alerts).toBe(true);
    store[Symbol.dispose]();
  });
});
