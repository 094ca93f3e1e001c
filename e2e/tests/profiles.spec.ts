import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../packages/shared/src/messages';
import { expectAccessible, screenshot } from '../helpers';
import { pngImage } from '../link-site';
import { logInAs, newAdmin, newCommunity, newMember, textPost } from '../world';

/** On phones the feed and the side cards are two tabs. */
async function openAbout(page: Page) {
  const about = page.getByRole('tab', { name: 'About' });
  if (!(await about.isVisible())) return;
  // By keyboard, as the tabs pattern has it: one stop, the arrow keys move (and choose).
  const posts = page.getByRole('tab', { name: 'Posts' });
  await expect(about).toHaveAttribute('tabindex', '-1');
  await posts.focus();
  await page.keyboard.press('ArrowRight');
  await expect(about).toBeFocused();
  await expect(about).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(`#${await about.getAttribute('aria-controls')}`)).toHaveRole('tabpanel');
}

async function openPosts(page: Page) {
  const posts = page.getByRole('tab', { name: 'Posts' });
  if (await posts.isVisible()) await posts.click();
}

test('a profile shows each filter, its summary, and lets the owner change their picture', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const writer = await newMember(baseURL!, 'wr');
  const post = await textPost(writer, community.name, 'Notes on the spring migration');
  await writer.api.ok('POST', `/api/posts/${post.publicId}/comments`, { body: 'First swallows seen today.' });
  await writer.api.ok('POST', '/api/_settings?action=updateProfile', {
    aboutMe: 'Birdwatcher on the coast.',
  });

  // Any casing of the name leads to the canonical one.
  await page.goto(`/@${writer.name.toUpperCase()}`);
  await expect(page).toHaveURL(new RegExp(`/@${writer.name}$`));
  await expect(page.getByRole('heading', { level: 1, name: `@${writer.name}` })).toBeVisible();
  await expect(page.getByText('Birdwatcher on the coast.')).toBeVisible();

  const feed = page.getByRole('region', { name: `${writer.name}'s posts and comments` });
  // Overview: the post's card, and the comment with the title of the post it answers.
  await expect(feed.getByText('Notes on the spring migration')).toHaveCount(2);
  await expect(feed.getByText('First swallows seen today.')).toBeVisible();
  await feed.getByRole('link', { name: 'Posts', exact: true }).click();
  await expect(page).toHaveURL(/filter=posts/);
  await expect(feed.getByText('First swallows seen today.')).toHaveCount(0);
  await expect(feed.getByText('Notes on the spring migration')).toHaveCount(1);
  await feed.getByRole('link', { name: 'Comments', exact: true }).click();
  await expect(feed.getByText('First swallows seen today.')).toBeVisible();
  await expect(feed.getByRole('article').getByText('Notes on the spring migration')).toBeVisible();
  await expect(feed.getByText(messages.common.noMorePosts)).toBeVisible();

  await openAbout(page);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Posts1');
  await expect(summary).toContainText('Comments1');
  await openPosts(page);
  await expectAccessible(page, 'a profile');

  // The owner's picture: upload, alt text, remove.
  await logInAs(page, writer);
  await page.goto(`/@${writer.name}`);
  await page.getByLabel('Upload a profile picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await pngImage(400, 400, [30, 110, 90]),
  });
  await expect(page.getByRole('button', { name: 'Remove picture' })).toBeVisible();
  await expect(page.locator('header img').first()).toBeVisible();
  await page.getByLabel('Alt text of your picture').fill('Me with binoculars');
  await page.getByRole('button', { name: 'Save alt text' }).click();
  await expect(page.getByText(messages.images.altTextSaved)).toBeVisible();
  await screenshot(page, 'profile', testInfo.project.name);
  // A new picture starts without alt text: the old one's would describe what is gone.
  const pictureBefore = await page.locator('header img').first().getAttribute('src');
  await page.getByLabel('Upload a profile picture').setInputFiles({
    name: 'me-again.png',
    mimeType: 'image/png',
    buffer: await pngImage(400, 400, [150, 60, 40]),
  });
  await expect(page.locator('header img').first()).not.toHaveAttribute('src', pictureBefore!);
  await expect(page.getByLabel('Alt text of your picture')).toHaveValue('');
  // Alt text is cut to 1024 characters, emoji counted as one each.
  await page.getByLabel('Alt text of your picture').fill('\u{1F985}'.repeat(1030));
  await expect(page.getByLabel('Alt text of your picture')).toHaveValue('\u{1F985}'.repeat(1024));
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByRole('button', { name: 'Add picture' })).toBeVisible();
});

test('an admin bans a user with their content, and unbans them', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const spammer = await newMember(baseURL!, 'sp');
  const post = await textPost(spammer, community.name, 'Cheap watches here');
  const reader = await newMember(baseURL!, 'rd');

  await logInAs(page, admin);
  await page.goto(`/@${spammer.name}`);
  await page.getByRole('button', { name: 'Ban user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Also delete all their posts and comments').check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Type the username to confirm').fill('someone-else');
  await dialog.getByRole('button', { name: 'Ban user' }).click();
  await expect(dialog.getByText(messages.profile.usernamesDoNotMatch)).toBeVisible();
  await dialog.getByLabel('Type the username to confirm').fill(spammer.name.toUpperCase());
  await dialog.getByRole('button', { name: 'Ban user' }).click();
  await expect(page.getByText(messages.profile.banned)).toBeVisible();
  // Admins see every detail of the account.
  await openAbout(page);
  const details = page.getByRole('region', { name: 'User details' });
  await expect(details.getByRole('row', { name: /^createdIP/ })).toBeVisible();
  await expect(details.getByRole('row', { name: /^isBanned/ })).toContainText('true');
  await openPosts(page);
  // Admins still see the profile, marked suspended; the post went with the ban.
  await expect(page.getByRole('status').filter({ hasText: messages.profile.accountSuspended })).toBeVisible();
  const deleted = await admin.api.ok<{ deleted: boolean; deletedContent: boolean }>(
    'GET',
    `/api/posts/${post.publicId}`,
  );
  expect(deleted).toMatchObject({ deleted: true, deletedContent: true });
  const refused = await spammer.api.request('POST', '/api/posts', {
    type: 'text',
    title: 'Still here?',
    community: community.name,
  });
  expect(refused.status).toBe(401);

  const readerPage = await page
    .context()
    .browser()!
    .newContext({ serviceWorkers: 'block', viewport: page.viewportSize() });
  const other = await readerPage.newPage();
  await logInAs(other, reader);
  await other.goto(`/@${spammer.name}`);
  await expect(other.getByText(messages.profile.accountSuspended)).toBeVisible();

  await page.getByRole('button', { name: 'Unban user' }).click();
  await expect(page.getByRole('dialog')).toContainText(messages.common.areYouSure);
  await page.getByRole('dialog').getByRole('button', { name: 'Unban' }).click();
  await expect(page.getByText(messages.profile.unbanned)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ban user' })).toBeVisible();
  await other.reload();
  await expect(other.getByRole('heading', { level: 1, name: `@${spammer.name}` })).toBeVisible();
  await readerPage.close();
});
