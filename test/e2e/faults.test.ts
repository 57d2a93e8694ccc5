/**
 * The fault matrix: every failure the API can produce (kinds) on every view that talks to it
 * (views), generated as kinds × views. For each cell the page shows the specific message from the
 * catalogue, stays usable (the rest of the page works, and the same action succeeds once the fault
 * is gone), loses no typed text, and sends only the requests that are safe to repeat: a GET may be
 * retried on 429, 5xx, timeouts and dropped connections; a POST only on 429, when the server said it
 * did nothing. The e2e build times out after 3 s (entrypoints/background.ts), here 1 s through its
 * test door, the store build 15 s.
 * A 429 is not a failure (the worker's scheduler waits and sends again): rate-limit.test.ts checks
 * that every view shows the wait and then goes through.
 */
import { E2E_TIME_SCALE } from '../../lib/api/clock';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Fault } from '../sandbox/server';
import { useExtension } from './fixture';
import { setRequestTimeout } from './test-door';
import { msg } from './messages';
import { DashboardPage } from './pages/dashboard-page';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';
import { demoCredentials, readSlotDirect } from '../sandbox/direct';

const VIEWS = ['building details', 'slot list', 'save'] as const;
type View = (typeof VIEWS)[number];

/** The building every view opens first, and the slots the cells use. */
const BUILDING = { id: 'b-1001', label: 'Haus Müllerstraße', rooms: 10 };
const READ_SLOT = 6; // an empty slot whose path prefix matches no other slot
const WRITE_SLOT = 7;

/** What each view asks the API for: the fault's target and the endpoint's scopes. */
const TARGETS: Record<View, { path: string; method: 'GET' | 'POST'; scopes: string; missing: string }> = {
  'building details': {
    path: '/building/details/',
    method: 'GET',
    scopes: 'building, building.details',
    missing: 'building.details',
  },
  'slot list': {
    path: `/building/options/${BUILDING.id}/${READ_SLOT}`,
    method: 'GET',
    scopes: 'building, building.options',
    missing: 'building.options',
  },
  save: {
    path: '/building/options',
    method: 'POST',
    scopes: 'building, building.options.edit',
    missing: 'building.options.edit',
  },
};

interface Shown {
  title: string;
  /** Substrings of the detail line. */
  detail: string[];
}

interface Kind {
  name: string;
  fault: (view: View) => Omit<Fault, 'path' | 'method'>;
  shows: (view: View) => Shown;
  /** Requests one failing GET makes (1 = not retried), and one failing POST. */
  attempts: { GET: number; POST: number };
}

const json = (value: object) => JSON.stringify(value);
const HTML_500 =
  '<!DOCTYPE html><html><head><title>500 Internal Server Error</title><style>h1{color:red}</style></head>' +
  '<body><h1>Internal Server Error</h1><p>The server met an unexpected condition &amp; could not finish.</p>' +
  '<script>alert("from the error page")</script></body></html>';
const HTML_500_TEXT =
  '500 Internal Server Error Internal Server Error The server met an unexpected condition & could not finish.';
const serverSaid = (text: string) => msg('error_serverSaid', text);
const once = { GET: 1, POST: 1 };
const retried = { GET: 3, POST: 1 };

const KINDS: Kind[] = [
  {
    name: '401 unauthorized',
    fault: () => ({
      kind: 'status',
      status: 401,
      body: json({ error: 'unauthorized', message: 'Missing or invalid access token' }),
    }),
    shows: () => ({
      title: msg('error_unauthorized_title'),
      detail: [msg('error_unauthorized_detail'), serverSaid('Missing or invalid access token')],
    }),
    attempts: once,
  },
  {
    name: '403 missing scope',
    fault: (view) => ({
      kind: 'status',
      status: 403,
      body: json({
        error: 'missing_scope',
        message: `Missing scope(s): ${TARGETS[view].missing}`,
        missingScopes: [TARGETS[view].missing],
      }),
    }),
    shows: (view) =>
      view === 'save'
        ? {
            title: msg('saveError_scope_title'),
            detail: [msg('saveError_scope_detail', 'building.options.edit')],
          }
        : {
            title: msg('error_forbidden_title'),
            detail: [
              msg('error_forbidden_scopes', TARGETS[view].scopes),
              serverSaid(`Missing scope(s): ${TARGETS[view].missing}`),
            ],
          },
    attempts: once,
  },
  {
    name: '403 not premium',
    fault: () => ({
      kind: 'status',
      status: 403,
      body: json({ error: 'premium_required', message: 'Premium access required' }),
    }),
    shows: (view) =>
      view === 'save'
        ? { title: msg('saveError_premium_title'), detail: [msg('saveError_premium_detail')] }
        : {
            title: msg('error_forbidden_title'),
            detail: [
              view === 'slot list' ? msg('error_forbidden_premiumSlots') : msg('error_forbidden_premiumNo'),
              serverSaid('Premium access required'),
            ],
          },
    attempts: once,
  },
  {
    name: '404 not owned',
    fault: () => ({
      kind: 'status',
      status: 404,
      body: json({
        error: 'not_found',
        message: 'Building not found or not owned directly by the character',
      }),
    }),
    shows: (view) =>
      view === 'save'
        ? { title: msg('saveError_notOwned_title'), detail: [msg('saveError_notOwned_detail')] }
        : { title: msg('error_notFound_title'), detail: [msg('error_notFound_detail')] },
    attempts: once,
  },
  {
    name: '400 validation (JSON)',
    fault: () => ({
      kind: 'status',
      status: 400,
      body: json({ error: 'validation_error', message: 'title: at most 64 characters' }),
    }),
    shows: () => ({
      title: msg('error_validation_title'),
      detail: [msg('error_validation_detail', '400', 'title: at most 64 characters')],
    }),
    attempts: once,
  },
  {
    name: '422 validation (JSON)',
    fault: () => ({
      kind: 'status',
      status: 422,
      body: json({ errors: [{ field: 'data', message: 'must be valid JSON' }] }),
    }),
    shows: () => ({
      title: msg('error_validation_title'),
      detail: [msg('error_validation_detail', '422', 'data: must be valid JSON')],
    }),
    attempts: once,
  },
  {
    name: '500 HTML page',
    fault: () => ({ kind: 'status', status: 500, body: HTML_500 }),
    shows: () => ({
      title: msg('error_server_title', '500'),
      detail: [msg('error_server_detail', '500', HTML_500_TEXT)],
    }),
    attempts: retried,
  },
  {
    name: 'hung request (timeout)',
    fault: () => ({ kind: 'hang' }),
    shows: () => ({
      title: msg('error_timeout_title'),
      // Said in the worker's clock's seconds: it runs ×E2E_TIME_SCALE.
      detail: [msg('error_timeout_detail', String((REQUEST_TIMEOUT_MS * E2E_TIME_SCALE) / 1000))],
    }),
    attempts: retried,
  },
  {
    name: 'dropped connection',
    fault: () => ({ kind: 'drop' }),
    shows: () => ({
      title: msg('error_network_title'),
      detail: [msg('error_network_detail', 'REASON').split('REASON')[0] as string],
    }),
    attempts: retried,
  },
  {
    name: 'malformed JSON',
    fault: () => ({ kind: 'malformed' }),
    shows: (view) =>
      view === 'save'
        ? {
            title: msg('error_malformed_title'),
            detail: [
              msg('error_malformed_detail', '(body)', 'expected "option was updated", got: {"title": "trunc'),
            ],
          }
        : { title: msg('error_malformed_title'), detail: [] },
    attempts: once,
  },
];

/** Long enough for three 3-second attempts with backoff. */
const SLOW = { timeout: 20_000 };
/** The worker's wait for an answer in this file (the E2E build's 3 s, shortened through the test door). */
const REQUEST_TIMEOUT_MS = 1_000;

const { sandbox, session } = useExtension({ browser: { resetEachTest: false } });
/** An options page kept open to reset the extension's storage between cells. */
let utility: Page;
const matrix = new Map<string, Map<View, string>>();
let dialogs = 0;
let fetches: { method: string; path: string }[] = [];

/**
 * Checks and records the requests of one cell: `sent` counts the worker's fetch() calls (its retry
 * policy), `received` what reached the sandbox. They differ only for a dropped connection: Chromium
 * itself resends a request whose reused keep-alive connection closes before any answer, whatever
 * the method, before fetch() sees an error.
 */
function checkRequests(kind: Kind, view: View, shown: string): void {
  const target = TARGETS[view];
  const matches = (r: { method: string; path: string }) =>
    r.method === target.method && r.path.startsWith(target.path);
  const sent = fetches.filter(matches).length;
  const received = sandbox.log.filter(matches).length;
  const expected = kind.attempts[target.method];
  expect(sent, `${target.method} attempts by the extension`).toBe(expected);
  if (kind.fault(view).kind === 'drop') expect(received).toBeGreaterThanOrEqual(expected);
  else expect(received, `${target.method} requests received`).toBe(expected);
  const row = matrix.get(kind.name) ?? new Map<View, string>();
  row.set(view, `${shown} (${sent} sent${received === sent ? '' : `, ${received} received`})`);
  matrix.set(kind.name, row);
}

/** Forgets caches, drafts, history and remembered targets; keeps the settings and credentials. */
async function forgetExtensionState(): Promise<void> {
  await utility.evaluate(async () => {
    const local = (
      globalThis as unknown as {
        chrome: {
          storage: {
            local: {
              get(keys: null): Promise<Record<string, unknown>>;
              remove(keys: string[]): Promise<void>;
            };
          };
        };
      }
    ).chrome.storage.local;
    // The profiles and each profile's credentials stay; everything an account produced goes.
    const keep = (key: string) => key === 'profiles' || /^p\.[^.]+\.credentials:/.test(key);
    await local.remove(Object.keys(await local.get(null)).filter((key) => !keep(key)));
  });
}

async function track(page: Page): Promise<Page> {
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  return page;
}

async function expectShown(alert: Locator, shown: Shown): Promise<string> {
  await alert.filter({ hasText: shown.title }).waitFor(SLOW);
  const text = (await alert.textContent()) ?? '';
  expect(await alert.locator('.notice__title').textContent()).toBe(shown.title);
  for (const part of shown.detail) expect(text).toContain(part);
  return shown.title;
}

const readSlot = (option: number) => readSlotDirect(sandbox, { kind: 'building', id: BUILDING.id }, option);

/** One cell per view: injects the fault, checks the page, clears the fault and checks recovery. */
const CELLS: Record<View, (kind: Kind, index: number) => Promise<void>> = {
  async 'building details'(kind) {
    const target = TARGETS['building details'];
    sandbox.addFault({ path: target.path, method: 'GET', ...kind.fault('building details') });
    const popup = await DashboardPage.open(session);
    await track(popup.page);
    const details = popup.section('Details');
    const shown = await expectShown(details.getByRole('alert'), kind.shows('building details'));
    // Every other section still renders.
    await popup
      .table(/^Rooms:/)
      .getByRole('row')
      .nth(BUILDING.rooms)
      .waitFor();
    checkRequests(kind, 'building details', shown);

    sandbox.clearFaults();
    await details.getByRole('button', { name: msg('action_retry') }).click();
    await details.getByText(msg('details_of', BUILDING.label)).waitFor();
    expect(await details.getByRole('alert').count()).toBe(0);
    await popup.page.close();
  },

  async 'slot list'(kind) {
    const target = TARGETS['slot list'];
    sandbox.addFault({ path: target.path, method: 'GET', ...kind.fault('slot list') });
    const editor = await EditorPage.open(session);
    await track(editor.page);
    const slot = editor.slot(READ_SLOT);
    const shown = await expectShown(slot.getByRole('alert'), kind.shows('slot list'));
    // The other 19 slots are there: the 6 with content editable, the empty ones folded.
    await editor.allRead(20, SLOW);
    await expect.poll(() => editor.page.getByLabel('Title', { exact: true }).count(), SLOW).toBe(6);
    expect(await editor.title(1).inputValue()).toBe((await readSlot(1)).title);
    checkRequests(kind, 'slot list', shown);

    sandbox.clearFaults();
    await slot.getByRole('button', { name: msg('action_retry') }).click();
    await editor.edit(READ_SLOT);
    expect(await slot.getByRole('alert').count()).toBe(0);
    await editor.page.close();
  },

  async save(kind, index) {
    const target = TARGETS.save;
    const editor = await EditorPage.open(session);
    await track(editor.page);
    await editor.edit(WRITE_SLOT);
    sandbox.addFault({ path: target.path, method: 'POST', ...kind.fault('save') });
    const draft = `Entwurf ${index}: ${kind.name} – Grüße`;
    await editor.title(WRITE_SLOT).fill(draft);
    // Both ways to save: Ctrl+S in the field and the button.
    if (index % 2 === 0) await editor.title(WRITE_SLOT).press('Control+s');
    else await editor.save(WRITE_SLOT);
    const slot = editor.slot(WRITE_SLOT);
    const shown = await expectShown(slot.getByRole('alert'), kind.shows('save'));
    checkRequests(kind, 'save', shown);
    // Nothing typed is lost: not in the field, not after a reload (the draft), and nothing was written.
    expect(await editor.title(WRITE_SLOT).inputValue()).toBe(draft);
    expect((await readSlot(WRITE_SLOT)).title).not.toBe(draft);
    sandbox.clearFaults();
    await editor.page.reload();
    await expect.poll(() => editor.title(WRITE_SLOT).inputValue(), SLOW).toBe(draft);
    expect(await slot.getByText(msg('slot_unsaved')).count()).toBe(1);
    // And the same save goes through once the API is back.
    await editor.save(WRITE_SLOT);
    await expect.poll(() => slot.getByRole('status').textContent(), SLOW).toBe(msg('slot_saved'));
    expect((await readSlot(WRITE_SLOT)).title).toBe(draft);
    await editor.page.close();
  },
};

beforeAll(async () => {
  utility = (await OptionsPage.openConfigured(session, demoCredentials(sandbox), 'yes')).page;
  // The worker's own fetch() calls, as Chromium reports them (one per call, whatever the network did).
  session.context.on('request', (request) => {
    if (request.serviceWorker())
      fetches.push({ method: request.method(), path: new URL(request.url()).pathname });
  });
});

afterAll(async () => {
  const width = Math.max(...KINDS.map((k) => k.name.length));
  const lines = [
    `fault matrix (${KINDS.length} kinds × ${VIEWS.length} views, ${[...matrix.values()].reduce((n, r) => n + r.size, 0)} cells covered):`,
    `${'kind'.padEnd(width)} | ${VIEWS.join(' | ')}`,
    ...KINDS.map(
      (kind) =>
        `${kind.name.padEnd(width)} | ${VIEWS.map((view) => matrix.get(kind.name)?.get(view) ?? 'NOT COVERED').join(' | ')}`,
    ),
  ];
  console.log(lines.join('\n'));
});

beforeEach(async () => {
  fetches = [];
  await forgetExtensionState();
  // A hung request costs this, each of its tries: set per test, as the worker may have been restarted.
  await setRequestTimeout(session, REQUEST_TIMEOUT_MS);
});

for (const view of VIEWS) {
  describe(`fault × ${view}`, () => {
    KINDS.forEach((kind, index) => {
      it(`${kind.name} × ${view}: specific message, still usable, no draft lost, safe retries only`, async () => {
        await CELLS[view](kind, index);
        expect(dialogs, 'no dialog opened').toBe(0);
      });
    });
  });
}
