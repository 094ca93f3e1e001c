import { expect, test } from '@playwright/test';
import { messages } from '../../packages/shared/src/messages';
import {
  accountButton,
  createAccount,
  expectAccessible,
  loginThroughPage,
  PASSWORD,
  screenshot,
  uniqueName,
} from '../helpers';
import { cli } from '../server';

test.describe('login and logout', () => {
  test('every message, a wrong password, a suspended account, then login and logout', async ({
    page,
    baseURL,
  }, info) => {
    const name = uniqueName('log');
    const banned = uniqueName('ban');
    await createAccount(baseURL!, name);
    await createAccount(baseURL!, banned);
    const ban = cli(process.env.E2E_DATA_DIR!, 'ban', banned);
    expect(ban.code, ban.out).toBe(0);

    await page.goto('/login');
    await expectAccessible(page, 'login page');
    await screenshot(page, 'login', info.project.name);
    const form = page.getByRole('form', { name: 'Login' });
    const username = form.getByLabel('Username');
    const password = form.getByLabel('Password', { exact: true });
    const submit = form.getByRole('button', { name: 'Login', exact: true });

    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(messages.login.bothEmpty);
    await username.fill(name);
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(messages.login.passwordEmpty);
    await username.fill('');
    await password.fill(PASSWORD);
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(messages.login.usernameEmpty);

    await username.fill(name);
    await password.fill('wrong password');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(messages.login.wrongCredentials);

    await username.fill(banned);
    await password.fill(PASSWORD);
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(messages.login.suspended(banned));

    await username.fill(`  ${name.toUpperCase()}  `);
    await password.fill(PASSWORD);
    await submit.click();
    await expect(accountButton(page, name)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await accountButton(page, name).click();
    await expectAccessible(page, 'account menu');
    await screenshot(page, 'account-menu', info.project.name);
    await page.getByRole(info.project.name === 'phone' ? 'button' : 'menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('pages that need an account send guests to login and back', async ({ page, baseURL }) => {
    const name = uniqueName('back');
    await createAccount(baseURL!, name);
    for (const path of ['/settings', '/notifications', '/new']) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
    }
    await page.getByLabel('Username').fill(name);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/new');
  });

  test('a session ends when the account is banned', async ({ page, baseURL }) => {
    const name = uniqueName('end');
    await createAccount(baseURL!, name);
    await loginThroughPage(page, name);
    const ban = cli(process.env.E2E_DATA_DIR!, 'ban', name);
    expect(ban.code, ban.out).toBe(0);
    // The app re-reads the user every 5 seconds and falls back to a guest.
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible({ timeout: 12_000 });
  });
});
