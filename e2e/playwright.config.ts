import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';

/**
 * Browser tests of whole journeys: the built app on the real server (started by global-setup with a
 * throwaway data directory), in the system's Chromium, at desktop and phone widths.
 */
const executablePath = findChromium({ headlessShell: true }) ?? undefined;
const launchOptions = {
  executablePath,
  args: CHROMIUM_ARGS,
};

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  // Three at a time finished the lane only 10–35 s sooner than two on two cores, each journey 1.3×
  // slower, and showed races in journeys in two of three runs (docs/performance.md, the test suite).
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions,
    // A trace records every step of every journey to keep the failing ones: a cost on every test, and
    // CI keeps no files to read them from. Developers get them; CI gets the error, its context and a
    // screenshot in its output.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The service worker precaches the whole build (~870 KB) in every new context and may take over a
    // page mid-journey; only the installable app's journeys (pwa*.spec.ts) let it run.
    serviceWorkers: 'block',
  },
  projects: [
    // Journeys that only exist at one width live in *.desktop.spec.ts or *.phone.spec.ts.
    {
      name: 'desktop',
      testIgnore: /\.phone\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 860 }, launchOptions },
    },
    {
      name: 'phone',
      testIgnore: /\.desktop\.spec\.ts$/,
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions,
      },
    },
  ],
});
