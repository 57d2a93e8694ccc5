import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is 1 worker; unit and component files wait mostly on loopback HTTP
    // and happy-dom, so two run at once. The E2E projects keep one file at a time (fileParallelism).
    maxWorkers: 2,
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          // expect.poll waits 1 s unless told: too short beside the other tests on 2 cores.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        plugins: [WxtVitest(), preact()],
        test: {
          name: 'components',
          include: ['test/components/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/components/setup.ts'],
          // They run beside the unit tests (real HTTP to sandboxes) on 2 cores: 5 s was met under load.
          testTimeout: 20_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll waits 1 s unless told: a page's first read under load takes longer (CI
          // failed on a11y's tenants table, polled for 1 s).
          expect: { poll: { timeout: 20_000 } },
          fileParallelism: false,
          // After unit and component tests: Chromium and the sandbox share 2 cores with Firefox's.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'firefox',
          include: ['test/e2e-firefox/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e-firefox/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Firefox under puppeteer is slower to settle than Chromium on 2 shared cores.
          expect: { poll: { timeout: 20_000 } },
          fileParallelism: false,
          // In one `vitest run`, after the Chromium E2E. `npm test` (scripts/test-suites.ts) runs
          // the two side by side in two processes, one file of each at a time.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
