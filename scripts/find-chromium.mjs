// Where Chromium or Chrome usually lives; CHROMIUM_PATH wins. Playwright's own browser download is not
// used: the system browser is enough, and the download does not work everywhere.
import fs from 'node:fs';

/**
 * Chromium's headless shell (Debian: chromium-headless-shell), the lighter headless build that
 * Playwright itself runs when headless. The browser journeys took a third less CPU in it than in the
 * full browser's headless mode (docs/performance.md, the test suite). The binary, not /usr/bin's
 * wrapper script, which would outlive a browser that Playwright stops.
 */
const HEADLESS_SHELLS = ['/usr/lib/chromium/chromium-headless-shell'];

const BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/**
 * The tests take the headless shell when there is one (`headlessShell`); the benchmarks time what
 * people run, the full browser.
 */
export function findChromium({ headlessShell = false } = {}) {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return fs.existsSync(configured) ? configured : null;
  const candidates = headlessShell ? [...HEADLESS_SHELLS, ...BROWSERS] : BROWSERS;
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

/** How the tests and benchmarks start it: headless on a machine without a GPU, sandbox or network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const INSTALL_HINT =
  'install Chromium (Debian: sudo apt-get install -y chromium-headless-shell, or chromium; Ubuntu: chromium; macOS: brew install --cask chromium) or set CHROMIUM_PATH';
