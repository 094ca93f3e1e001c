import { expect, test, type Browser, type Page } from '@playwright/test';
import { PASSWORD } from '../api';
import { chooseFromMenu, expectAccessible } from '../helpers';
import { logInAs, newAdmin, newCommunity, newMember, newModerator, textPost, type Member } from '../world';

const SHOTS = '/tmp/shots-pages';

async function pageFor(browser: Browser, like: Page, member: Member): Promise<Page> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: like.viewportSize(),
    isMobile: (like.viewportSize()?.width ?? 1280) < 768,
    hasTouch: (like.viewportSize()?.width ?? 1280) < 768,
  });
  const page = await context.newPage();
  await logInAs(page, member);
  return page;
}

/** Opens a post menu and chooses an action: a dropdown on wide screens, a sheet on phones. */
async function chooseAction(page: Page, trigger: string, item: string): Promise<void> {
  await page.getByRole('button', { name: trigger, exact: true }).click();
  const options = { name: item, exact: true };
  await page.getByRole('menuitem', options).or(page.getByRole('dialog').getByRole('button', options)).click();
}

test('a moderator speaks officially on their post; an admin reads its IDs', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const { admin, mod, community } = await newModerator(baseURL!);
  const post = await textPost(mod, community.name, 'How we keep this place kind', 'Be nice.');
  const url = `/${community.name}/post/${post.publicId}`;

  await logInAs(page, mod);
  await page.goto(url);
  const article = page.getByRole('article', { name: post.title });
  // By keyboard: a menu opened with Enter and closed with Escape gives focus back to its button, the
  // first time too (its code loads then, and its button replaces the one pressed).
  const moderate = page.getByRole('button', { name: 'Moderate', exact: true });
  await moderate.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Speaking officially')).toBeVisible();
  if (info.project.name === 'desktop') {
    // Opened by keyboard, the dropdown starts on its first item (its code loaded with the key).
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('role'));
    await expect.poll(focused).toMatch(/^menuitem/);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByText('Speaking officially')).toBeHidden();
  await expect(moderate).toBeFocused();
  await expect(article.getByRole('link', { name: `@${mod.name}` })).toBeVisible();
  await expect(article.getByText('Moderator', { exact: true })).toHaveCount(0);
  await chooseFromMenu(
    page,
    page.getByRole('button', { name: 'Moderate', exact: true }),
    'Speaking officially',
  );
  await expect(article.getByText('Moderator', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-post-speaking-officially.png` });
  // The server kept it.
  await page.reload();
  await expect(article.getByText('Moderator', { exact: true })).toBeVisible();

  const adminPage = await pageFor(browser, page, admin);
  await adminPage.goto(url);
  await expect(adminPage.getByRole('article', { name: post.title }).getByText('Moderator')).toBeVisible();
  await chooseAction(adminPage, 'Admin', 'ID');
  const ids = adminPage.getByRole('dialog', { name: 'IDs' });
  await expect(ids).toBeVisible();
  for (const id of [post.id, post.publicId, post.userId]) await expect(ids.getByText(id)).toBeVisible();
  await expectAccessible(adminPage, 'the post IDs dialog');
  await adminPage.screenshot({ path: `${SHOTS}/${info.project.name}-post-ids.png` });
  // Someone else's post: the admin may not put words in the author's mouth, so no toggle is offered.
  await adminPage.keyboard.press('Escape');
  await adminPage.getByRole('button', { name: 'Admin', exact: true }).click();
  await expect(adminPage.getByText('Pinned site-wide')).toBeVisible();
  await expect(adminPage.getByText('Speaking officially')).toHaveCount(0);
  await adminPage.context().close();
});

test('a deleted author: "Ghost" to members, the real name in red to admins, in both themes', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const gone = await newMember(baseURL!, 'gone');
  const post = await textPost(gone, community.name, 'A post whose author left');
  await gone.api.ok('POST', `/api/posts/${post.publicId}/comments`, {
    parentCommentId: null,
    body: 'A comment whose author left',
  });
  await gone.api.ok('DELETE', `/api/users/${gone.name}`, { password: PASSWORD });
  const reader = await newMember(baseURL!, 'rd');
  const url = `/${community.name}/post/${post.publicId}`;

  await logInAs(page, reader);
  await page.goto(url);
  await expect(page.getByRole('article', { name: post.title }).getByText('Ghost')).toBeVisible();
  await expect(page.getByRole('link', { name: `@${gone.name}` })).toHaveCount(0);

  const adminPage = await pageFor(browser, page, admin);
  for (const theme of ['light', 'dark'] as const) {
    await adminPage.emulateMedia({ colorScheme: theme });
    const danger = async () =>
      adminPage.evaluate(() => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--deleted-name)';
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      });
    const places: Array<[string, string]> = [
      [url, 'post page'],
      [`/${community.name}`, 'community feed'],
      [`/@${gone.name}`, 'profile'],
    ];
    for (const [path, what] of places) {
      await adminPage.goto(path);
      await expect(adminPage.locator('html')).toHaveAttribute('data-theme', theme);
      const names = adminPage.getByText(`@${gone.name}`, { exact: true });
      await expect(names.first()).toBeVisible();
      const red = await danger();
      for (const name of await names.all()) {
        if (!(await name.isVisible())) continue;
        await expect(name, `${what} (${theme})`).toHaveCSS('color', red);
      }
      await expectAccessible(adminPage, `a deleted author to an admin, ${what}, ${theme}`);
      await adminPage.screenshot({
        path: `${SHOTS}/${info.project.name}-deleted-author-${what}-${theme}.png`,
      });
    }
  }
  await adminPage.context().close();
});

test("markdown 'about me' folds at 120 px; right-to-left titles and bodies read right to left", async ({
  page,
  baseURL,
}, info) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const writer = await newMember(baseURL!, 'rtl');
  const about = ['I like **bold** claims.', '', ...Array.from({ length: 9 }, (_, i) => `- item ${i + 1}`)];
  await writer.api.ok('POST', '/api/_settings?action=updateProfile', { aboutMe: about.join('\n') });
  const post = await textPost(writer, community.name, 'שלום לכולם, מה שלומכם?', 'مرحبا بالجميع. كيف حالكم؟');

  await logInAs(page, writer);
  await page.goto(`/@${writer.name}`);
  const text = page.locator('#profile-about');
  await expect(text.locator('strong')).toHaveText('bold');
  await expect(text.getByRole('listitem')).toHaveCount(9);
  expect((await text.boundingBox())!.height).toBeLessThanOrEqual(121);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(text.getByRole('listitem').last()).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `${SHOTS}/${info.project.name}-profile-about-${theme}.png` });
  }

  await page.goto(`/${community.name}/post/${post.publicId}`);
  const title = page.getByRole('heading', { level: 1, name: post.title });
  await expect(title).toHaveAttribute('dir', 'auto');
  // The browser resolves "auto" from the first strong letter: Hebrew and Arabic read right to left.
  expect(await title.evaluate((e) => getComputedStyle(e).direction)).toBe('rtl');
  const body = page.getByText(post.body!);
  expect(await body.evaluate((e) => getComputedStyle(e).direction)).toBe('rtl');
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-post-rtl-dark.png` });
  await page.goto(`/${community.name}`);
  const card = page.getByRole('heading', { level: 2, name: post.title });
  expect(await card.evaluate((e) => getComputedStyle(e).direction)).toBe('rtl');
  await expectAccessible(page, 'a feed with a right-to-left post');
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-feed-rtl-dark.png` });
});
