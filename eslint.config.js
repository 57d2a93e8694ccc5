import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Slot text is untrusted: it is rendered as text, never parsed as HTML or code.
const htmlSinks = ['innerHTML', 'outerHTML', 'insertAdjacentHTML'].map((property) => ({
  property,
  message: 'Render untrusted text as text.',
}));

/**
 * The lib modules that run in the worker only (paths under lib/, no extension); test/unit/architecture-doc.test.ts
 * fails when a module that reaches the API client or the connection is missing here.
 */
export const WORKER_ONLY = [
  String.raw`api/(client|http|http-config|http-response|answer-parsing|input-checks|pacing|rate-headers|scheduler|scheduler-dispatch|scheduler-queue|scheduler-saving)`,
  'connection',
  String.raw`handlers(/.*)?`,
  String.raw`storage/(credentials|keep-replaced|scheduler-state)`,
  String.raw`jobs/(backup-run|checked-write|document-check|kinds|launcher|run|run-item|runner|settle)`,
  String.raw`portfolio/(refresh|reads|refresh-timer|notices|alerts)`,
  String.raw`cache/(cached-read|read-through)`,
  'messaging/router',
  String.raw`migrations/.*`,
  'badge',
];

export default tseslint.config(
  { ignores: ['.output/', '.wxt/', 'node_modules/', 'test-results/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', ...htmlSinks],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render untrusted text as text.',
        },
      ],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    // The extension's own code: HTTP only inside lib/api, storage only inside lib/storage.
    files: ['lib/**', 'components/**', 'entrypoints/**'],
    ignores: ['lib/api/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'HTTP goes through lib/api (the worker, through the request scheduler).' },
      ],
    },
  },
  {
    files: ['lib/**', 'components/**', 'entrypoints/**'],
    ignores: ['lib/storage/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...htmlSinks,
        { object: 'browser', property: 'storage', message: 'Stored values are declared in lib/storage.' },
        { object: 'chrome', property: 'storage', message: 'Stored values are declared in lib/storage.' },
      ],
    },
  },
  {
    // One way to declare a stored value: profileFamily or singleItem (lib/storage/registry.ts),
    // with its sign-out rule and bound on the declaration; the mechanism stays behind them.
    files: ['lib/**', 'components/**', 'entrypoints/**'],
    ignores: ['lib/storage/registry.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(^|/)storage/(family|stored-item)$|^\./(family|stored-item)$`,
              importNames: ['storedFamily', 'storedItem'],
              message: 'Declare stored values with profileFamily or singleItem (lib/storage/registry.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // lib/ is framework-free logic: arrows point from views to lib, never back.
    files: ['lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: String.raw`(^|/)components/`, message: 'lib/ never imports components/.' },
            {
              // Handlers import each other as './x': only lib logic outside them matches.
              regex: String.raw`(^|/)handlers/`,
              message:
                "lib logic never imports the worker's handlers: what it needs is in lib/connection.ts.",
            },
            {
              regex: String.raw`^(preact|@preact/)`,
              message: 'lib/ is framework-free: tests import it without a browser.',
            },
          ],
        },
      ],
    },
  },
  {
    // Where a module runs: these run in the worker only (the API and its connection, the handlers,
    // the credentials, the jobs' and the portfolio's engines, the router, migrations, the badge).
    // Pages (components/ and every entrypoint but the background) reach them only through
    // lib/messaging/page-client; every other lib module may run in both.
    files: ['components/**', 'entrypoints/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(^|/)lib/(${WORKER_ONLY.join('|')})$`,
              message:
                'A page talks to the worker through lib/messaging/page-client; this module runs in the worker only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The E2E suites wait for a named event with a bound (settled, a stored state, the sandbox's
    // log), never for a sleep: a sleep that proves nothing happened breaks under load (issue 40).
    files: ['test/e2e/**', 'test/e2e-firefox/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No fixed sleep: wait for a named event with a bound (test/e2e/waits.ts).',
        },
        {
          selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']",
          message: 'No fixed sleep: wait for a named event with a bound (test/e2e/waits.ts).',
        },
      ],
    },
  },
);
