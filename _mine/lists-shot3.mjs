import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4690';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h, theme] of [[1280, 900, 'light'], [390, 844, 'dark']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: theme });
  const page = await ctx.newPage();
  await page.goto(`${base}/@ALICE_shots/lists`);
  await page.waitForTimeout(1000);
  console.log(page.url());
  await page.goto(`${base}/@alice_shots/lists/keep`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/list-${w}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
