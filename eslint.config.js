import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.output/', '.wxt/', 'node_modules/', 'test-results/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Slot text is untrusted: it is rendered as text, never parsed as HTML or code.
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Render untrusted text as text.' },
        { property: 'outerHTML', message: 'Render untrusted text as text.' },
        { property: 'insertAdjacentHTML', message: 'Render untrusted text as text.' },
      ],
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
    // lib/ is framework-free logic: arrows point from views to lib, never back.
    files: ['lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: String.raw`(^|/)components/`, message: 'lib/ never imports components/.' }] },
      ],
    },
  },
  {
    // Views reach the API only through the worker (lib/messaging/client), never around it.
    files: ['components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(^|/)lib/(api/(client|http)|handlers/.*|storage/credentials)$`,
              message:
                'components/ talk to the worker through lib/messaging/client; API, handlers and credentials stay in the worker.',
            },
          ],
        },
      ],
    },
  },
);
