import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import { PASSWORD } from './api';

const require = createRequire(import.meta.url);
const axeSource = (require('axe-core') as { source: string }).source;

let counter = 0;
/** A username no other test uses (4-21 characters of [A-Za-z0-9_]). */
export function uniqueName(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${(counter++).toString(36)}${process.pid % 100}`.slice(
    0,
    21,
  );
}

export { ApiVisitor, createAccount, PASSWORD } from './api';

export async function loginThroughPage(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(accountButton(page, username)).toBeVisible();
  // The login page then leaves for where it was asked to go: a click before that would be undone.
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

export function accountButton(page: Page, username: string) {
  return page.getByRole('button', { name: new RegExp(`^Account menu: ${username}\\b`) });
}

/**
 * No serious or critical accessibility violation (axe-core, WCAG 2.1 A and AA rules) on the page as it
 * is now. axe runs through the DevTools protocol, so the page's strict CSP stays as it is.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Judge the page as it settles, not half-way through a fade (colour contrast would be wrong). A
  // colour scheme just emulated reaches the app's listener at the next rendering update, and the theme's
  // transitions start after it: two frames first, then no animation running.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: any[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')),
      }));
  });
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** Saves a screenshot to e2e/.artifacts/screens for people to look at. */
export async function screenshot(page: Page, name: string, project: string): Promise<void> {
  // CI keeps no files: there, a screenshot would cost every journey time for no reader.
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== 'on') return;
  await page.screenshot({
    path: `${import.meta.dirname}/.artifacts/screens/${project}-${name}.png`,
    fullPage: false,
  });
}

/**
 * Opens a menu and chooses an item. Menus are dropdowns on wide screens and modal sheets on phones
 * (core §4), so the item is a menu item or a button (a switch, for toggles) in a dialog.
 */
export async function chooseFromMenu(page: Page, trigger: Locator, item: string): Promise<void> {
  await trigger.click();
  const options = { name: item, exact: true };
  const sheet = page.getByRole('dialog');
  await page
    .getByRole('menuitem', options)
    .or(page.getByRole('menuitemcheckbox', options))
    .or(sheet.getByRole('button', options))
    .or(sheet.getByRole('switch', options))
    .click();
  // Toggles leave their menu open; close it as a person would.
  if (await page.getByRole('menu').or(sheet).isVisible()) await page.keyboard.press('Escape');
}
