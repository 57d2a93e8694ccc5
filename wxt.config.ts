import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { privacyPage } from './scripts/privacy-page';

/** Loopback origins of the sandbox API; the e2e build holds them as installed host permissions. */
const SANDBOX_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*'];

/**
 * `npm run breakdown` builds with hidden sourcemaps (the same code, no `sourceMappingURL` comment)
 * into .output/analysis, apart from the builds that ship and are tested.
 */
const ANALYSIS = process.env.BUNDLE_ANALYSIS === '1';

/** Rendered from store/icon.svg by `npm run icons`; WXT adds them as `icons`, the toolbar needs them too. */
const ICONS = { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' };

// See https://wxt.dev/api/config.html
export default defineConfig({
  ...(ANALYSIS ? { outDir: '.output/analysis' } : {}),
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({
    plugins: [preact()],
    build: {
      modulePreload: {
        // Every browser we support has modulepreload: Vite's polyfill for it would only add to each
        // page's first chunk.
        polyfill: false,
        // A page's own scripts stay preloaded from its HTML, but a dynamic import does not add a
        // <link rel=modulepreload> per chunk it needs: the files are local, so the browser fetches a
        // chunk's imports as soon as it has parsed it, while each link costs the page ~1 ms of main
        // thread (31 links after the popup's first paint). Stylesheets are still linked first.
        resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
      },
      sourcemap: ANALYSIS ? 'hidden' : false,
    },
  }),
  webExt: { disabled: true },
  // What the tests and the bench write locally is no source: it stays out of the sources zip.
  zip: { excludeSources: ['test-results/**', 'bench-results/**'] },
  hooks: {
    // PRIVACY.md ships as privacy.html, linked from the options page.
    'build:publicAssets': (_wxt, files) => {
      files.push({ relativeDest: 'privacy.html', contents: privacyPage() });
    },
  },
  manifest: ({ browser, mode }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // activeTab + scripting: read a page's declared slot payload when the user clicks the toolbar
    // button (no standing access to any site); contextMenus: "Send selection to slot…".
    // alarms: the portfolio's background refresh wakes a stopped worker.
    permissions: [
      'storage',
      'activeTab',
      'scripting',
      'contextMenus',
      'alarms',
      // The test build holds the optional notifications permission (portfolio alerts) for the same reason.
      ...(mode === 'e2e' ? ['notifications'] : []),
    ],
    // Asked for when the user turns portfolio alerts on, never at install.
    optional_permissions: ['notifications'],
    // Requested at save time for exactly the configured origin; nothing is granted at install.
    optional_host_permissions: ['https://*/*', ...SANDBOX_HOSTS],
    // Playwright cannot click Chromium's permission prompt, so only the test build pre-grants loopback.
    ...(mode === 'e2e' ? { host_permissions: SANDBOX_HOSTS } : {}),
    action: { default_title: '__MSG_extName__', default_icon: ICONS },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'page-options@example.org',
              strict_min_version: '142.0',
              // What leaves the browser, and only to the API origin the user configured: the token
              // and secret (authenticationInfo), and page content pushed into slots: a page's
              // declared payload or a selected text (websiteContent). docs/development.md "Store declarations".
              data_collection_permissions: { required: ['authenticationInfo', 'websiteContent'] },
            },
          },
        }
      : {}),
  }),
});
