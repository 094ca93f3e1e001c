import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib/v1';
import { captchaToken } from '../packages/shared/src/captcha';
import type { CaptchaChallenge } from '../packages/shared/src/schemas/types';

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

export const PASSWORD = 'correct horse';

/**
 * Creates an account through the real API, as a browser would: session, captcha solved here, signup.
 * Used to set up a state before a journey (the journey itself goes through the page).
 */
export async function createAccount(baseURL: string, username: string, password = PASSWORD): Promise<void> {
  const initial = await fetch(`${baseURL}/api/_initial`);
  const cookie = initial.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const csrfToken = initial.headers.get('csrf-token')!;
  const challenge = (await (
    await fetch(`${baseURL}/api/_captcha`, { headers: { cookie } })
  ).json()) as CaptchaChallenge;
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  const res = await fetch(`${baseURL}/api/_signup`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrfToken },
    body: JSON.stringify({
      username,
      password,
      email: '',
      captchaToken: captchaToken(challenge, solution!.number),
    }),
  });
  if (res.status !== 201) throw new Error(`signup of ${username} failed: ${res.status} ${await res.text()}`);
}

export async function loginThroughPage(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(accountButton(page, username)).toBeVisible();
}

export function accountButton(page: Page, username: string) {
  return page.getByRole('button', { name: new RegExp(`^Account menu: ${username}\\b`) });
}

/**
 * No serious or critical accessibility violation (axe-core, WCAG 2.1 A and AA rules) on the page as it
 * is now. axe runs through the DevTools protocol, so the page's strict CSP stays as it is.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Judge the page as it settles, not half-way through a fade (colour contrast would be wrong).
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
  await page.screenshot({
    path: `${import.meta.dirname}/.artifacts/screens/${project}-${name}.png`,
    fullPage: false,
  });
}
