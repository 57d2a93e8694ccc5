/**
 * The portfolio: its settings (one set for the extension), and per profile the table the worker
 * keeps up to date (one row per building, rebuilt from the cached answers after each read) and what
 * the alerts last saw of each building. Everything per profile goes with a sign-out.
 */
import { z } from '../zod';
import { profileFamily, singleItem } from './registry';

export const PortfolioSettings = z.object({
  /** Background refresh of the rows (alarms, within `share` of the key's budget). */
  refresh: z.boolean(),
  /** The share of the key's request budget the background refresh may use. */
  share: z.number().check(z.minimum(0.1), z.maximum(1)),
  /** A tenant whose last payment is older than this many days counts as late. */
  lateAfterDays: z.int().check(z.minimum(1), z.maximum(365)),
  /** Notifications for freed and let rooms and late tenants (opt-in). */
  alerts: z.boolean(),
});
export type PortfolioSettings = z.infer<typeof PortfolioSettings>;

export const defaultPortfolioSettings = (): PortfolioSettings => ({
  refresh: true,
  share: 0.5,
  lateAfterDays: 7,
  alerts: false,
});

export const portfolioSettingsItem = singleItem('local', 'portfolioSettings', PortfolioSettings, {
  version: 1,
  signOut: 'kept',
  bound: { boundedBy: 'one settings record per profile' },
  fallback: defaultPortfolioSettings,
});

const count = z.nullable(z.int());
const amount = z.nullable(z.number());

/** A row's figures, as `lib/portfolio/figures.ts` computes them from one building's answers. */
export const PortfolioFigures = z.object({
  roomsTotal: count,
  roomsOccupied: count,
  roomsFree: count,
  /** Rent of the occupied rooms. */
  rentLet: amount,
  /** Rent of the free rooms: what stands empty. */
  rentEmpty: amount,
  tenants: count,
  /** The oldest last payment (ISO time); null when no tenant's payment time is known. */
  oldestPayment: z.nullable(z.string()),
  /** Tenants whose last payment is older than the threshold; null when payment times are not sent. */
  late: count,
  /** Tenants were read but carry no `lastPayDate`: the key lacks the scope building.tenants.activity. */
  paymentsHidden: z.boolean(),
  balance: amount,
});
export type PortfolioFigures = z.infer<typeof PortfolioFigures>;

export const PortfolioResource = z.enum(['details', 'rooms', 'tenants', 'accounts']);
export type PortfolioResource = z.infer<typeof PortfolioResource>;

export const PortfolioRow = z.object({
  id: z.string(),
  name: z.string(),
  area: z.nullable(z.string()),
  figures: PortfolioFigures,
  /** When the oldest of the answers the row is made of was read; null before any. */
  updatedAt: z.nullable(z.number()),
  /** Per resource, when the refresh last tried it (read or failed): what it plans by. */
  checkedAt: z.partialRecord(PortfolioResource, z.number()),
  /** Per resource, the last read's failure (the other columns stay): an error kind. */
  problems: z.partialRecord(PortfolioResource, z.string()),
});
export type PortfolioRow = z.infer<typeof PortfolioRow>;

export const PortfolioTable = z.object({
  rows: z.array(PortfolioRow),
  premium: z.boolean(),
  /** Requests of a full refresh round and how often the round comes at the current budget. */
  round: z.object({ requests: z.int(), minutes: z.number() }),
  /** The background refresh is paused: off, the budget spent (until when), or signed out. */
  paused: z.nullable(z.enum(['off', 'budget', 'signedOut'])),
  /** While paused for the budget: when the refresh goes on (absent or null: not known). */
  resumesAt: z.optional(z.nullable(z.number())),
  /** When the building list was last tried. */
  listedAt: z.number(),
});
export type PortfolioTable = z.infer<typeof PortfolioTable>;

export const portfolioFamily = profileFamily('portfolio', PortfolioTable, {
  version: 1,
  signOut: 'removed',
  bound: { boundedBy: 'one table per profile' },
});

/** What the alerts last saw of a building: its free rooms and its late tenants' rooms (absent: not seen yet). */
export const AlertBaseline = z.object({
  free: z.optional(z.array(z.string())),
  late: z.optional(z.array(z.string())),
});
export type AlertBaseline = z.infer<typeof AlertBaseline>;
export const alertBaselineFamily = profileFamily('alertSeen', AlertBaseline, {
  version: 1,
  signOut: 'removed',
  bound: { boundedBy: 'one baseline per building of the profile' },
});
