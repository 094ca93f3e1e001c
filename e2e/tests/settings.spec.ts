import { mkdirSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { messages } from '../../packages/shared/src/messages';
import { settingsMessages } from '../../packages/shared/src/texts/settings';
import type { Mutes, Post, User } from '../../packages/shared/src/schemas/types';
import { expectAccessible, PASSWORD } from '../helpers';
import { pngImage } from '../link-site';
import { memberWithUpvotes, newAdmin, newCommunity, newMember, textPost } from '../world';

const SHOTS = '/tmp/shots-settings';
const NEW_PASSWORD = 'a much longer horse';
const VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** The settings page and its dialogs, light and dark, for people to look at. */
async function shoot(page: Page, name: string, project: string, fullPage = false) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: `${SHOTS}/${project}-${name}-${scheme}.png`, fullPage });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Logs a whole browser context in through the API (its cookies are the pages' cookies). */
async function logInContext(context: BrowserContext, username: string, password = PASSWORD) {
  const initial = await context.request.get('/api/_initial');
  const token = initial.headers()['csrf-token'] ?? '';
  const login = await context.request.post('/api/_login', {
    data: { username, password },
    headers: { 'X-Csrf-Token': token },
  });
  expect(login.status()).toBe(200);
}

/** The left navigation: beside the feed on wide screens, in the drawer on phones. */
async function sidebar(page: Page) {
  const open = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  if (await open.isVisible()) {
    await open.click();
    return page.getByRole('dialog', { name: 'Menu' });
  }
  return page.getByRole('navigation', { name: 'Main' });
}

test('a member changes every setting, sees each take effect, changes the password, unmutes, and deletes the account', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const project = info.project.name;

  // The state, through the API: a community the member joined with more than a page of posts, a link
  // post of theirs to a video, another member with a picture, two muted users and a muted community.
  const others = Promise.all([newMember(baseURL!, 'ot'), newMember(baseURL!, 'th')]);
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const [member, elsewhere, [other, third]] = await Promise.all([
    memberWithUpvotes(baseURL!, community.name, 1),
    newCommunity(admin),
    others,
  ]);
  await member.api.ok('POST', '/api/_joinCommunity', { communityId: community.id, leave: false });
  const videoPost = await member.api.ok<Post>('POST', '/api/posts', {
    type: 'link',
    title: 'A video about tide pools',
    url: VIDEO_URL,
    community: community.name,
  });
  await Promise.all(
    Array.from({ length: 11 }, (_, i) => textPost(admin, community.name, `Tide report number ${i + 1}`)),
  );
  const picture = new FormData();
  picture.append(
    'image',
    new Blob([new Uint8Array(await pngImage(200, 200, [200, 60, 40]))], { type: 'image/png' }),
    'me.png',
  );
  await other.api.ok('POST', `/api/users/${other.name}/pro_pic`, picture);
  const otherUser = await member.api.ok<User>('GET', `/api/users/${other.name}`);
  const thirdUser = await member.api.ok<User>('GET', `/api/users/${third.name}`);
  // One after the other: the mutes list in creation order.
  await member.api.ok('POST', '/api/mutes', { userId: otherUser.id });
  await member.api.ok('POST', '/api/mutes', { userId: thirdUser.id });
  await member.api.ok('POST', '/api/mutes', { communityId: elsewhere.id });

  // Before: a guest sees the video player and other people's pictures (so the checks below can fail).
  const postPath = `/${community.name}/post/${videoPost.publicId}`;
  await page.goto(postPath);
  await expect(page.getByTitle('Embedded video')).toBeVisible();
  await page.goto(`/@${other.name}`);
  await expect(page.locator('header img').first()).toBeVisible();

  // A guest is sent to /login and comes back after logging in.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
  await page.getByLabel('Username').fill(member.name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(member.name);
  await expect(page.getByLabel('Username')).toHaveAttribute('readonly', '');
  await expectAccessible(page, 'the settings page');
  await shoot(page, 'page', project, true);

  // The picture, through the profile page's own pipeline: upload, alt text, remove.
  const pictureCard = page.getByRole('region', { name: 'Profile picture' });
  await pictureCard.getByLabel('Upload a profile picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await pngImage(300, 300, [20, 120, 160]),
  });
  await expect(pictureCard.getByRole('button', { name: 'Remove picture' })).toBeVisible();
  await expect(pictureCard.locator('img')).toBeVisible();
  await pictureCard.getByLabel('Alt text of your picture').fill('Me at the shore');
  await pictureCard.getByRole('button', { name: 'Save alt text' }).click();
  await expect(page.getByText(messages.images.altTextSaved)).toBeVisible();
  await pictureCard.getByRole('button', { name: 'Remove picture' }).click();
  await expect(pictureCard.getByRole('button', { name: 'Add picture' })).toBeVisible();
  await expect(pictureCard.locator('img')).toHaveCount(0);

  // Another browser, logged in to the same account, to see the password change end its session.
  const second = await browser.newContext({ serviceWorkers: 'block', baseURL: baseURL! });
  await logInContext(second, member.name);
  const secondPage = await second.newPage();
  await secondPage.goto('/settings');
  await expect(secondPage.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // The account fields and preferences: Save only once something changed; a bad email is refused.
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await page.getByLabel('Email').fill('not-an-email');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(settingsMessages.emailInvalid)).toBeVisible();
  await page.getByLabel('Email').fill(`${member.name}@example.org`);
  await page.getByLabel('About me').fill('I count crabs at low tide.');
  await page.getByLabel('Home feed').selectOption('subscriptions');
  for (const name of [
    'Remember last feed sort',
    'Turn off embeds',
    'Hide user profile pictures',
    'Require alt text on images',
    'Turn off upvote notifications',
    'Turn off reply notifications',
  ]) {
    const control = page.getByRole('switch', { name });
    await expect(control).toHaveAttribute('aria-checked', 'false');
    await control.click();
    await expect(control).toHaveAttribute('aria-checked', 'true');
  }
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${project}-page-unsaved-light.png` });
  // Saved by keyboard: Save, disabled once saved, keeps focus (a disabled button would drop it to the
  // page's start) and ignores another Enter.
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(settingsMessages.saved)).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(save).toBeFocused();
  const stored = await member.api.ok<User>('GET', '/api/_user');
  expect(stored).toMatchObject({
    email: `${member.name}@example.org`,
    aboutMe: 'I count crabs at low tide.',
    homeFeed: 'subscriptions',
    rememberFeedSort: true,
    embedsOff: true,
    hideUserProfilePictures: true,
    requireAltText: true,
    upvoteNotificationsOff: true,
    replyNotificationsOff: true,
  });

  // This device's preferences apply at once, without Save.
  await page.getByLabel('Feed layout').selectOption('compact');
  await page.getByLabel('Font').selectOption('system');
  await expect(page.locator('html')).toHaveAttribute('data-font', 'system');
  await page.getByRole('switch', { name: 'Infinite scrolling' }).click();
  await page.getByRole('switch', { name: 'Hide the top bar while scrolling down' }).click();
  await expect(save).toBeDisabled();
  expect(
    await page.evaluate(() =>
      ['feed_layout', 'font', 'infinite_scrolling_disabled', 'top_navbar_autohide_disabled'].map((k) =>
        localStorage.getItem(k),
      ),
    ),
  ).toEqual(['compact', 'system', 'true', 'true']);

  // After a reload everything is as chosen.
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue(`${member.name}@example.org`);
  await expect(page.getByLabel('Home feed')).toHaveValue('subscriptions');
  await expect(page.getByRole('switch', { name: 'Turn off embeds' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Feed layout')).toHaveValue('compact');
  await expect(page.getByRole('switch', { name: 'Infinite scrolling' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  // The system font stack is the page's font.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^system-ui/);

  // Home: the subscriptions feed, the sidebar offering All, compact cards, More instead of scrolling.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/: Subscriptions$/);
  await expect(page.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article')).toHaveCount(10);
  const more = page.getByRole('button', { name: messages.common.more, exact: true });
  await expect(more).toBeVisible();
  await more.click();
  await expect(page.getByText(messages.common.noMorePosts)).toBeVisible();
  const nav = await sidebar(page);
  await expect(nav.getByRole('link', { name: 'All', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Subscriptions', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The chosen sort survives a reload of the bare address.
  await page.getByRole('navigation', { name: 'Sort posts' }).getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/sort=latest/);
  await page.goto('/');
  await expect(
    page.getByRole('navigation', { name: 'Sort posts' }).getByRole('link', { name: 'New' }),
  ).toHaveAttribute('aria-current', 'page');

  // Embeds off: the video link is a link, not a player. Pictures of others are hidden.
  await page.goto(postPath);
  await expect(page.getByRole('heading', { level: 1, name: 'A video about tide pools' })).toBeVisible();
  await expect(page.getByTitle('Embedded video')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /youtube\.com/ })).toBeVisible();
  await page.goto(`/@${other.name}`);
  await expect(page.getByRole('heading', { level: 1, name: `@${other.name}` })).toBeVisible();
  await expect(page.locator('header img')).toHaveCount(0);

  // The editor refuses an image without alt text.
  await page.goto(`/new?community=${community.name}`);
  await page.getByRole('tab', { name: 'Image' }).click();
  await page.getByLabel('Title').fill('A crab without a caption');
  await page.getByLabel(messages.posts.addPhoto).setInputFiles({
    name: 'crab.png',
    mimeType: 'image/png',
    buffer: await pngImage(120, 80, [180, 90, 30]),
  });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(messages.posts.altTextMissing)).toBeVisible();

  // The password: the dialog's checks, a wrong current password, then the change. (Leaving the
  // editor's draft: the browser asks first.)
  page.on('dialog', (question) => void question.accept());
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  const current = dialog.getByLabel('Current password', { exact: true });
  await current.fill(PASSWORD);
  await expect(dialog.getByRole('button', { name: 'Show password' })).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Repeat new password', { exact: true }).fill('something else');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText(settingsMessages.passwordsDoNotMatch)).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill('short');
  await dialog.getByLabel('Repeat new password', { exact: true }).fill('short');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText(settingsMessages.passwordTooShort)).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Repeat new password', { exact: true }).fill(NEW_PASSWORD);
  await current.fill('not my password');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText(settingsMessages.incorrectPassword)).toBeVisible();
  await expectAccessible(page, 'the change password dialog');
  await shoot(page, 'password-dialog', project);
  await current.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(settingsMessages.passwordChanged)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The other browser's session has ended; this one goes on.
  await secondPage.reload();
  await expect(secondPage).toHaveURL(/\/login\?redirect=%2Fsettings$/);
  await second.close();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Mutes: one user unmuted, then all.
  const users = page.getByRole('region', { name: 'Muted users' });
  const communities = page.getByRole('region', { name: 'Muted communities' });
  await expect(communities.getByRole('link', { name: `/${elsewhere.name}` })).toBeVisible();
  await expect(users.getByRole('listitem')).toHaveCount(2);
  await users.getByRole('button', { name: `Unmute @${other.name}` }).click();
  await expect(page.getByText(messages.mutes.unmutedUser(other.name))).toBeVisible();
  await expect(users.getByRole('listitem')).toHaveCount(1);
  await users.getByRole('button', { name: 'Unmute all' }).click();
  await expect(users.getByText("You haven't muted anyone.")).toBeVisible();
  // (The API visitor's session ended with the password change too; the page's goes on.)
  const mutes = (await (await page.request.get('/api/mutes')).json()) as Mutes;
  expect(mutes.userMutes).toEqual([]);
  expect(mutes.communityMutes.map((m) => m.mutedCommunityId)).toEqual([elsewhere.id]);

  // Deleting the account: YES and the password; a wrong one is refused first.
  await page.getByRole('button', { name: 'Delete account' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete account' });
  const confirmDelete = remove.getByRole('button', { name: 'Delete account' });
  await remove.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(confirmDelete).toBeDisabled();
  await remove.getByLabel('Type YES to confirm').fill('YES');
  await confirmDelete.click();
  await expect(remove.getByText(settingsMessages.invalidPassword)).toBeVisible();
  await expectAccessible(page, 'the delete account dialog');
  await shoot(page, 'delete-dialog', project);
  await remove.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await confirmDelete.click();
  await expect(page.getByText(settingsMessages.accountDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  // The post stays, by the ghost.
  await page.goto(postPath);
  await expect(page.getByRole('heading', { level: 1, name: 'A video about tide pools' })).toBeVisible();
  await expect(page.getByRole('article').getByText('Ghost', { exact: true })).toBeVisible();
  await expect(page.getByRole('article').getByText(member.name)).toHaveCount(0);
});
