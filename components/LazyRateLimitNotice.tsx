/**
 * The wait notice as every page shows it: it shows nothing until the worker says requests wait, so
 * its code (and the budget's words) loads after the view's first paint, outside any page's first
 * scripts, as a chunk of its own.
 */
import { lazyView } from './lazy-view';

export const LazyRateLimitNotice = lazyView(
  () => import('./RateLimitNotice').then((module) => module.RateLimitNotice),
  null,
);
