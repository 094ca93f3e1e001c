import { expect, test } from '@playwright/test';
import { messages } from '../../packages/shared/src/messages';
import { accountButton, createAccount, expectAccessible, PASSWORD, screenshot, uniqueName } from '../helpers';

test.describe('signup', () => {
  test('every validation message, a taken name, then an account made with the captcha solved by the page', async ({
    page,
    baseURL,
  }, info) => {
    const taken = uniqueName('taken');
    await createAccount(baseURL!, taken);

    await page.goto('/');
    await page.getByRole('button', { name: messages.common.createAccount }).first().click();
    const dialog = page.getByRole('dialog', { name: messages.common.createAccount });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'signup modal');
    await screenshot(page, 'signup-modal', info.project.name);

    const submit = dialog.getByRole('button', { name: messages.common.createAccount });
    const username = dialog.getByLabel('Username');
    const email = dialog.getByLabel('Email (optional)');
    const password = dialog.getByLabel('Password', { exact: true });
    const repeat = dialog.getByLabel('Repeat password');

    await submit.click();
    await expect(dialog.getByText(messages.signup.usernameEmpty)).toBeVisible();
    await expect(dialog.getByText(messages.signup.passwordEmpty, { exact: true })).toBeVisible();
    await expect(dialog.getByText(messages.signup.repeatPasswordEmpty)).toBeVisible();

    await username.fill('abc');
    await email.fill('not-an-email');
    await password.fill('short');
    await repeat.fill('shorter');
    await submit.click();
    await expect(dialog.getByText(messages.signup.usernameTooShort)).toBeVisible();
    await expect(dialog.getByText(messages.signup.emailInvalid)).toBeVisible();
    await expect(dialog.getByText(messages.signup.passwordTooWeak)).toBeVisible();
    await expect(dialog.getByText(messages.signup.passwordsDoNotMatch)).toBeVisible();

    // The field stops at the username limit.
    await username.fill('a'.repeat(30));
    await expect(username).toHaveValue('a'.repeat(21));

    // Availability is checked when the field is left.
    await username.fill(taken.toUpperCase());
    await email.click();
    await expect(dialog.getByText(messages.signup.usernameTaken(taken.toUpperCase()))).toBeVisible();

    // Show and hide the password once it holds something.
    await password.fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Show password' }).first().click();
    await expect(password).toHaveAttribute('type', 'text');
    await dialog.getByRole('button', { name: 'Hide password' }).first().click();
    await expect(password).toHaveAttribute('type', 'password');

    const name = uniqueName('new');
    await username.fill(name);
    await email.fill('');
    await repeat.fill(PASSWORD);
    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(accountButton(page, name)).toBeVisible();
    await screenshot(page, 'signed-up', info.project.name);

    // The session survives a reload.
    await page.reload();
    await expect(accountButton(page, name)).toBeVisible();
  });

  test('the welcome card opens the signup form for guests', async ({ page }) => {
    await page.goto('/');
    const card = page.getByRole('region', { name: messages.common.joinTheDiscussion });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: messages.common.createAccount }).click();
    await expect(page.getByRole('dialog', { name: messages.common.createAccount })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    // Focus returns to the button that opened the dialog.
    await expect(card.getByRole('button', { name: messages.common.createAccount })).toBeFocused();
  });
});
