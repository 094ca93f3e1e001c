import { expect, test } from '@playwright/test';
import { messages } from '../../packages/shared/src/messages';
import { expectAccessible, screenshot } from '../helpers';

const STATIC = [
  { path: '/about', heading: /About/, title: 'About Commons - Commons' },
  { path: '/guidelines', heading: /Guidelines/i, title: 'Guidelines on using Commons - Commons' },
  {
    path: '/moderator-guidelines',
    heading: /Moderator/i,
    title: 'Moderator guidelines of Commons - Commons',
  },
  { path: '/terms', heading: /Terms/i, title: 'Terms and conditions of Commons - Commons' },
  { path: '/privacy-policy', heading: /Privacy/i, title: 'Privacy policy of Commons - Commons' },
  { path: '/markdown_guide', heading: /Markdown|Formatting/i, title: 'Markdown guide - Commons' },
  { path: '/markdown-guide', heading: /Markdown|Formatting/i, title: 'Markdown guide - Commons' },
];

test.describe('static pages and not found', () => {
  for (const page of STATIC) {
    test(`${page.path} reads well in both themes`, async ({ page: tab }, info) => {
      for (const scheme of ['light', 'dark'] as const) {
        await tab.emulateMedia({ colorScheme: scheme });
        await tab.goto(page.path);
        await expect(tab.getByRole('heading', { level: 1, name: page.heading })).toBeVisible();
        await expect(tab).toHaveTitle(page.title);
        await expectAccessible(tab, `${page.path} (${scheme})`);
        await screenshot(tab, `${page.path.slice(1)}-${scheme}`, info.project.name);
      }
    });
  }

  test('the markdown guide shows what the renderer does', async ({ page }) => {
    await page.goto('/markdown-guide');
    const article = page.getByRole('article');
    await expect(article.locator('table').first()).toBeVisible();
    await expect(article.locator('del').first()).toBeVisible();
    await expect(article.locator('pre code').first()).toBeVisible();
    // Links to this site stay in the app; others open in a new tab without referrer.
    const inApp = article.locator('a[href^="/"]').first();
    await expect(inApp).not.toHaveAttribute('target', '_blank');
    const outside = article.locator('a[href^="http"]').first();
    await expect(outside).toHaveAttribute('target', '_blank');
    await expect(outside).toHaveAttribute('rel', /noreferrer/);
    await expect(outside).toHaveAttribute('rel', /nofollow/);
  });

  test('an unknown page shows the not-found page with a way home', async ({ page }, info) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/this/page/does/not/exist');
      await expect(page.getByRole('heading', { name: messages.common.notFoundTitle })).toBeVisible();
      await expect(page.getByText(messages.common.notFoundText)).toBeVisible();
      await expectAccessible(page, `not found (${scheme})`);
      await screenshot(page, `not-found-${scheme}`, info.project.name);
    }
    await page.getByRole('link', { name: messages.common.goHome }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the login page and the signup form are accessible in both themes', async ({ page }, info) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectAccessible(page, `login with an error (${scheme})`);
      await page.getByRole('button', { name: messages.common.createAccount }).last().click();
      const dialog = page.getByRole('dialog', { name: messages.common.createAccount });
      await dialog.getByRole('button', { name: messages.common.createAccount }).click();
      await expect(dialog.getByText(messages.signup.usernameEmpty)).toBeVisible();
      await expectAccessible(page, `signup form with errors (${scheme})`);
      await screenshot(page, `signup-errors-${scheme}`, info.project.name);
    }
  });

  test('the home page is accessible in both themes', async ({ page }, info) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `home (${scheme})`);
      await screenshot(page, `home-${scheme}`, info.project.name);
    }
  });
});
