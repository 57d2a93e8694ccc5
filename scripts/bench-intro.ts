/** The head of docs/benchmark.md: what `npm run bench` measures and how; the tables follow it. */
export const BENCHMARK_INTRO = `# Benchmark

This file is written by \`npm run bench\` (not part of \`npm test\`; about 25 minutes: the ledger and the budget learned most of it): do not edit
it by hand. The bench builds all flavours, starts the sandbox, launches Chromium with the E2E build
and measures; the raw numbers also go to \`bench-results/bench.json\`. \`npm run bench -- --no-build\`
skips the build, \`--runs N\` changes the number of runs (default 7, at least 5). Every time is the
median of the runs, next to a baseline measured in the same run:

- **popup**: navigation → the cached building details shown, on the second open, against an empty
  HTML page of the same extension (added to a temporary copy of the build, never shipped), at least
  15 opens: **warm** (the worker running) and **cold** (before each open the worker is stopped through
  the DevTools protocol, \`scripts/bench-worker.ts\`, with no extension page open, and the empty page
  is opened the same way); goals ≤ 1.3× and ≤ 1.4×; the floor (its own styles and scripts and one
  storage read) and its first view split the time. \`--popup-only\` measures these rows and the sizes
  alone (into \`bench-results/bench-popup.json\` and those rows of this page, the rest untouched);
- **the editor page at 100 ms added latency**: from navigation until all 20 slots show their fields,
  against one round trip (a slot read with \`fetch\` in Node);
- **bundle sizes**, gzip -9, of the store build: each page's initial scripts and the worker, against
  the budgets;
- **the budget ledger** (\`scripts/bench-ledger\`): every user flow driven through the real pages in
  Chromium (the E2E build in a fresh profile, the page objects of \`test/e2e/pages\`, selectors of
  the flows in \`flow-pages.ts\`) against the sandbox's live profile under 10 requests per 2 s (announced
  in headers; \`--ledger-learned\`: learned from 429s, as the live service may need, slower), as the landlord (12 buildings, premium), one flow after
  another in one browser: open the popup (cold: empty cache; warm: reopened), open a building, open
  the editor (cold, warm), save a slot, import 3 slots (one unchanged) and 20 slots over a warm and a
  cold cache, copy one slot to 5 targets, write a 6-piece document with 2 pieces changed, back up
  everything, restore 12 targets with 30 slots changed since, the scripted session (popup, a second
  building, the editor, 3 saves, a 10-slot import, the popup again) and one portfolio round. A flow's
  requests are counted from the sandbox's log from the user's action until the log has been quiet
  for longer than a window, against its floor (\`scripts/bench-ledger/floors.ts\`: each floor
  written out from its parts and why); ratio = ours ÷ floor, goal ≤ 1.0×. 429s are counted apart, and
  those that reached the server after the worker's scheduler first knew a budget (read from its
  stored state) should be 0. A flow has a time limit and is reported as "timed out" (with a
  screenshot in \`bench-results/\`) instead of holding the bench; \`--ledger-only\` runs the ledger
  alone (\`--flows popupCold,openBuilding\` picks flows; they build on each other's state) into
  \`bench-results/bench-ledger.json\`, docs/benchmark.md untouched;
- **storage after a long session** (\`scripts/bench-storage.ts\`): one profile that read 100
  buildings, saved 1200 times across 200 slots with full values, left 300 drafts and ran an import
  that can still be undone; sizes before and after the budgets are enforced;
- **the portfolio** (\`scripts/bench-portfolio.ts\`, alone: \`npm run bench:portfolio\`): the
  worker's refresh code in Node against the sandbox's landlord: requests of a full round for 12 and 50
  buildings against the floor, the share of the budget it used over 10 windows of 10 requests per 6 s
  (setting 50 %), and a building's four reads clicked during a round against the same click with the
  refresh off (goal ≤ 1.1); and the Portfolio tab in Chromium with 50 and 500 buildings
  (\`scripts/bench-portfolio-browser.ts\`, a stored table, the refresh off): navigation → every row
  shown, and a sort (a header's click), a filter (the filter's input event) and a row update (one
  building changed in storage, as the refresh writes it), each until the table changed and was laid
  out, ours (keyed rows that render again only when their data changed) against the naive path in
  the same page (\`scripts/bench-portfolio-naive.ts\`: the same DOM, checked, from the same stored
  table, cells and listeners, the whole body built anew on every change), both timed by the same
  code, interleaved, the other table out of the layout, as ratios of one run;
- **the request budget learned** (\`--budget-only\` or \`npm run bench:budget\` runs it alone,
  about 12 minutes, into \`bench-results/bench-budget.json\` and its section here): under 10 requests
  per window announced by no header, "Requests per minute" empty, each flow's wall time against its
  floor (its requests at the rate left to it), through the real pages in Chromium
  (\`scripts/bench-budget-browser.ts\`, a 6 s window of real time, 60 s on the E2E build's ×10
  clock: the editor cold and an import of 20 slots alone, the editor cold and imports of 10 and 20
  slots while another client spends 4 requests of each window or only just before, a limit raised
  from 10 to 30) and the scheduler in Node (\`scripts/bench-budget.ts\`, 10 per 12 s, with 8 fresh
  sessions whose requests arrive 0–30 ms late: a page's requests cannot be delayed one by one).

What the numbers have taught us (and what was tried) is in [decisions.md](decisions.md#performance).
`;
