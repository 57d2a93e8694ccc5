/** The bundle budgets (gzip -9, KB) that the build audit enforces and the bench reports against: one list. */
/**
 * The popup's first bytes hold preact, signals, the dashboard's first view and its one storage read:
 * 23.6 KB measured (1.4 KB of room) with the portfolio summary's first line in the first render
 * (issue 35). webextension-polyfill, zod with the schemas, the protocol, the sections below the
 * details and the Slots tab load after the first paint, each as a chunk of its own, and so does
 * their stylesheet: the popup links only its first view's (9.9 KB, 2.9 KB gzip, of the 16.4 KB it
 * linked before); late.css comes with the first chunk after it.
 */
/**
 * The worker's budget grew from 30 to 34 KB with the request scheduler, profiles and the storage
 * migration, and to 40 KB (39.5 measured) with the work of issues 15 to 21: body caps, credential
 * redaction, capped waits, write locks and per-entry lists (issue 21, ~2 KB), factory discovery and
 * documents (issue 18), the first-view item (issue 19, ~0.8 KB), the stored-name registry (issue 15,
 * ~0.5 KB) and the portfolio's background refresh and alerts (issue 16, ~3.6 KB); to 45 KB (44.5
 * measured) with issue 17: writes across targets (the format with several targets, the restore and
 * copy plan with its message schemas, the per-target refusals of the runner, ~2.2 KB) and the backup
 * job (its stored job, runner, handlers and file, ~2.6 KB); to 45.5 KB with the badge following
 * backups too and drafts that are never evicted (~0.2 KB). Then down to 44.5 KB (43.2 measured,
 * 1.3 KB of room) by the bundle work of `npm run breakdown`: fewer zod classes and helpers (-1.8 KB).
 * Then to 47.5 KB (46.7 measured, 0.8 KB of room) with the request floor and round 4's reliability
 * work: the one write plan and settled conflicts as part of a job, the kept jobs' storage bound with
 * room made before a job or an Undo, the scheduler's over-cap memory, values holding half an emoji
 * stored as JSON text, a backup's odd targets left out, the portfolio as a service with its alerts
 * guarded, and each stored value's sign-out rule and bound on its declaration (~3 KB together).
 * A service worker cannot load code lazily; it is loaded once per worker start, never on a page's
 * first view.
 */
/**
 * The side panel and the editor (issue 32): their first scripts were 22.9 and 63.8 KB before the
 * records table. The table's code (grid, model, meter, paste, the document's piece-keeping plan;
 * 13.7 KB) loads as a chunk of its own on the first click of Table; what stays in the first
 * scripts is the Table toggle, its state in the slot's and the document's models and the hand-over
 * of a too-long list to the Document section: side panel 22.9 KB (the Slots tab is a later chunk
 * there), editor 65.0 KB (+1.2 KB). The worker holds none of it.
 */
/**
 * Round 6 (issues 32 to 35 merged), measured on the merged build: popup 24.1 KB, side panel 23.7,
 * editor 70.1, worker 51.8. The worker grew by ~5 KB with one checked write and a document job that
 * checks every piece at write time (issue 34, finding 6 of issue 33), the kept jobs' one shared room
 * and the restore's write-time judgement (findings 1, 4), and the budget learned both ways (issue
 * 35). The editor's first scripts grew by ~5 KB with the job engine's page half (the document job's
 * baseline, the shared room's words in the preview), the records toggle and the budget's words; the
 * import history loads after the first view. These budgets hold what was measured with ~0.4 KB of
 * room; bringing the editor back towards 65 KB is follow-up work (the kept jobs' storage module and
 * `@wxt-dev/storage` now ride in its first chunks).
 */
/**
 * Round 7 (issue 35, part 5), the popup's first scripts 23.6 -> 22.4 KB (side panel 23.5 -> 22.3):
 * what they held only for after the first paint or for other pages now loads later or lives apart.
 * The wait notice (with the budget's words) shows nothing until the worker answers, so every page
 * loads it after its paint (components/LazyRateLimitNotice.tsx; on every page, else its chunk of
 * its own adds files to the editor's first scripts); a bank account's transactions model loads when
 * the store starts; showCachedThenRefresh rides with the cached answers' chunk
 * (lib/cached-then-fresh.ts); the date formats no first view uses left display-format
 * (components/date-format.ts): a shared chunk holds every export of its modules that any page uses.
 * Popup budget 0.3 KB above; the editor measured 66.2 KB (28 files, 3 more, the same code).
 */
/**
 * Round 7 (issue 35, part 5): the worker and the editor lost 3.0 and 3.1 KB. A parameter named
 * `storage` (lib/jobs/multi-plan.ts) was a free name to WXT's auto-imports, which imported its
 * storage module for it, and @wxt-dev/storage (2.5 KB gzip, unused) rode in the worker and the
 * editor's first chunks. Dynamic imports no longer carry a list of chunks to preload (wxt.config.ts),
 * a little less in every page's chunks; the popup's first view formats without Intl in en and de
 * (components/plain-format.ts, +0.4 KB). Measured: popup 23.6 KB, side panel 23.5, editor 66.5,
 * worker 48.8; budgets 0.3 KB above.
 */
/**
 * Round 8: the worker 48.8 → 49.6 KB with the job write path's fewer storage round trips (values
 * written together in one call, a family read once, the history stored with the item's backup,
 * ~0.5 KB) and the learner's raise past a confirmed limit (~0.1 KB). Budget 0.3 KB above.
 */
/**
 * Round 9: the editor 66.5 → 67.3 KB with the one header and menu it now shares with the dashboard
 * pages (the account, the Menu disclosure, the places it leads to). The menu's items and their SVG
 * icons load after the first paint (components/dashboard/MenuItems.tsx), so the popup stays at
 * 22.6 KB. Editor budget 0.3 KB above.
 */
/**
 * Round 10: the worker 49.6 → 50.2 KB: the request path's one clock (its conversions at the edges,
 * +0.2), the learner's unconfirmed limit climbing back (+0.26), the job engine's kinds (+0.08). The
 * editor 67.3 → 68.0 KB with the restore's conflict view (both values, a choice for all) and the
 * engine's page half. Budgets 0.3 KB above; bringing the worker back under 49.6 is follow-up work.
 */
/**
 * Round 11 (issue 42's lib leftovers): the worker 49.84 → 49.76 KB (51034 → 50955 bytes): the test
 * door's forgetAll only in the E2E build (lib/test-door.ts DoorScheduler), the history's one write
 * path, a key's usage asked once (lib/connection.ts keyUsage). Budget 0.3 KB above, down from 50.5;
 * 49.6 is not reached yet. Then the learner's climb past a share found while another client spent
 * (+0.28, 51243 bytes): 50.04 KB by gzip -9 of background.js, 50.2 as counted here; budget 50.5. The
 * editor 68.3 KB with the document part's signals in the import panel's model (its effects moved
 * there from the view); budget 68.6.
 */
/**
 * Round 12: a backup past the cap pauses and resumes as the write jobs do, one engine for both
 * (lib/jobs/launcher.ts resumeJob; the pause's schema in lib/storage/job-pause.ts, its words in
 * components/jobs/pause-text.ts): the worker 50.2 -> 50.3 KB; the editor 68.3 -> 68.7, two small
 * chunks its first scripts share with the import's progress (the pause's schema and words). Editor
 * budget 0.3 KB above.
 */
export const BUDGET_KB = { popup: 22.7, worker: 50.5, sidepanel: 23.8, editor: 69.0, recordsTable: 14.5 };
