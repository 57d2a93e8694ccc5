/** The head of docs/benchmark.md: what `npm run bench` measures and how; the tables follow it. */
export const BENCHMARK_INTRO = `# Benchmark

This file is written by \`npm run bench\` (not part of \`npm test\`; about three minutes): do not edit
it by hand. The bench builds all flavours, starts the sandbox, launches Chromium with the E2E build
and measures; the raw numbers also go to \`bench-results/bench.json\`. \`npm run bench -- --no-build\`
skips the build, \`--runs N\` changes the number of runs (default 7, at least 5), \`--session-window
<ms>\` the window of the session's request limit. Every time is the median of the runs, next to a
baseline measured in the same run:

- **popup**: navigation → the cached building details shown, on the second open, against an empty
  HTML page of the same extension (added to a temporary copy of the build, never shipped), at least
  15 opens: **warm** (the worker running) and **cold** (before each open the worker is stopped through
  the DevTools protocol, \`scripts/bench-worker.ts\`, with no extension page open, and the empty page
  is opened the same way); goals ≤ 1.3× and ≤ 1.4×; the floor (its own styles and scripts and one
  storage read) and its first view split the time. \`--popup-only\` measures these rows and the sizes
  alone (into \`bench-results/bench-popup.json\`, docs/benchmark.md untouched);
- **20 slots at 100 ms added latency**: the real API client in Node with the extension's bounded pool
  (\`SLOT_READ_CONCURRENCY\`), against one request after another and against a single round trip; and
  the editor page in Chromium from navigation until all 20 slots show their fields;
- **20-slot import at 100 ms latency**: per slot a backup read and a write, \`IMPORT_CONCURRENCY\` at a
  time, as \`lib/import/runner.ts\` applies a job (the client in Node);
- **bundle sizes**, gzip -9, of the store build: each page's initial scripts and the worker, against
  the budgets;
- **a session under a request limit** (\`scripts/bench-session.ts\`): open the popup (building list,
  then details, rooms, tenants and bank accounts of the first building), open a second building, read
  all 20 slots, edit and save 3, import 10, reopen the popup; once per sandbox profile, **ours** (the
  worker's own code in Node with a real \`RequestScheduler\`, sent the messages the pages send) against
  **naive** (the plain API client, one request per item, each save as read + write + re-read, waiting
  out every 429's \`Retry-After\`). Goals: ours ÷ naive requests ≤ 0.5, no 429 after learning, wall
  time ≤ 1.2 × (requests ÷ budget × window);
- **a document across slots** (\`scripts/bench-document.ts\`): a 6-piece document (manifest and
  pieces in slots 1–7) through the worker's own code at 100 ms latency under the session's limit:
  read cold as a site's reader does (the manifest, then all pieces at once; floor 1 + 6 requests in 2
  round trips), and rewritten with 2 pieces changed through the import preview and one job (floor: a
  conflict-check read of each of its 7 slots + 2 piece writes + the manifest's write);
- **storage after a long session** (\`scripts/bench-storage.ts\`): one profile that read 100
  buildings, saved 1200 times across 200 slots with full values, left 300 drafts and ran an import
  that can still be undone; sizes before and after the budgets are enforced;
- **the portfolio** (\`scripts/bench-portfolio.ts\`, alone: \`npm run bench:portfolio\`): the
  worker's refresh code in Node against the sandbox's landlord: requests of a full round for 12 and 50
  buildings against the floor, the share of the budget it used over 10 windows of 10 requests per 6 s
  (setting 50 %), and a building's four reads clicked during a round against the same click with the
  refresh off (goal ≤ 1.1); and the Portfolio tab in Chromium with 50 and 500 buildings
  (\`scripts/bench-portfolio-browser.ts\`, a stored table, the refresh off): navigation → every row
  shown, and a sort and a filter until the table is re-rendered and laid out, ours (keyed rows that
  render again only when their data changed) against the naive path in the same page (the whole body
  rebuilt from the same cells), as ratios of one run.

What the numbers have taught us (and what was tried) is in [decisions.md](decisions.md#performance).
`;
