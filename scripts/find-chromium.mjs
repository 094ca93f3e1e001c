// Where Chromium or Chrome usually lives; CHROMIUM_PATH wins. Playwright's own browser download is not
// used: the system browser is enough, and the download does not work everywhere.
import fs from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return fs.existsSync(configured) ? configured : null;
  return CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
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
  'install Chromium (Debian/Ubuntu: sudo apt-get install -y chromium; macOS: brew install --cask chromium) or set CHROMIUM_PATH';
