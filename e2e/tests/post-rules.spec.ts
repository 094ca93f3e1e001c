import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../packages/shared/src/messages';
import { expectAccessible, screenshot } from '../helpers';
import { LINK_PAGE_TITLE, pngImage } from '../link-site';
import { logInAs, newAdmin, newCommunity, newMember } from '../world';

const m = messages.posts;

async function chooseCommunity(page: Page, name: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Community' });
  await picker.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}\\b`) }).click();
  await expect(picker).toHaveValue(name);
}

async function submitAndExpect(page: Page, message: string): Promise<void> {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
}

async function png(name: string) {
  return { name, mimeType: 'image/png', buffer: await pngImage(320, 240, [90, 90, 90]) };
}

test('the editor shows every post rule where it applies, in the spec’s words', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const admin = await newAdmin(baseURL!);
  const open = await newCommunity(admin);
  const restricted = await newCommunity(admin);
  await admin.api.ok('PUT', `/api/communities/${restricted.id}`, { ...restricted, postingRestricted: true });
  // A new member: 1 point, not above the 1 this site asks for image and link posts.
  const member = await newMember(baseURL!, 'nw');

  await logInAs(page, member);
  await page.goto('/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create post' })).toBeVisible();
  await submitAndExpect(page, m.selectCommunity);

  await chooseCommunity(page, open.name);
  await expect(page.getByRole('complementary', { name: 'Community' })).toContainText(open.name);
  await submitAndExpect(page, m.titleEmpty);
  await page.getByLabel('Title').fill('ab');
  await submitAndExpect(page, m.titleTooShort);
  await page.getByLabel('Title').fill('A fair title');

  // Image posts: none, too many, an upload that is not an image, and not enough points.
  await page.getByRole('tab', { name: 'Image' }).click();
  await submitAndExpect(page, m.noImage);
  const upload = page.getByLabel(m.addPhoto);
  await upload.setInputFiles(await Promise.all(Array.from({ length: 11 }, (_, i) => png(`p${i}.png`))));
  await expect(page.getByRole('alert').filter({ hasText: m.tooManyImages(10) })).toBeVisible();
  await upload.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByText(messages.images.unsupported)).toBeVisible();
  await upload.setInputFiles([await png('one.png')]);
  await expect(page.getByRole('list', { name: 'Images' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await expectAccessible(page, 'the editor with an image');
  await submitAndExpect(page, m.notEnoughPointsImage);
  await page.getByRole('button', { name: 'Delete image 1' }).click();
  const confirm = page.getByRole('dialog', { name: m.deleteImageConfirm });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('list', { name: 'Images' })).toHaveCount(0);

  // Link posts: http and https only, then the points rule.
  await page.getByRole('tab', { name: 'Link' }).click();
  await submitAndExpect(page, m.invalidUrl);
  await page.getByLabel('URL').fill('ftp://example.org/tides.txt');
  await submitAndExpect(page, m.invalidUrl);
  await page.getByLabel('URL').fill('https://example.org/tides');
  await submitAndExpect(page, m.notEnoughPointsLink);

  // A posting-restricted community takes posts from its moderators only.
  await page.getByRole('tab', { name: 'Text' }).click();
  await chooseCommunity(page, restricted.name);
  await submitAndExpect(page, m.postingRestricted);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page, `the editor with an error (${scheme})`);
  }
  await screenshot(page, 'editor-error', info.project.name);

  // Leaving an edited form asks first.
  await page.getByRole('button', { name: 'Cancel' }).click();
  const leave = page.getByRole('dialog', { name: m.leaveConfirm });
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).not.toHaveURL(/\/new/);
});

test('pasting a link into an empty body makes a link post with its title', async ({ page, baseURL }) => {
  const member = await newMember(baseURL!, 'pa');
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  await logInAs(page, member);
  await page.goto(`/new?community=${community.name}`);
  const url = `${process.env.E2E_LINK_SITE}/article`;
  await page.getByLabel('Body').focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
    );
  }, url);
  await expect(page.getByRole('tab', { name: 'Link' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('URL')).toHaveValue(url);
  await expect(page.getByLabel('Title')).toHaveValue(LINK_PAGE_TITLE);
});

test('a member banned from a community is told so, on its page and in the editor', async ({
  page,
  baseURL,
}) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const member = await newMember(baseURL!, 'bn');
  await admin.api.ok('POST', `/api/communities/${community.id}/banned`, { username: member.name });

  await logInAs(page, member);
  await page.goto(`/${community.name}`);
  await expect(page.getByText(m.bannedFrom(community.name))).toBeVisible();
  await expect(page.locator('header').getByRole('link', { name: 'Create post' })).toHaveCount(0);
  await page.goto(`/new?community=${community.name}`);
  await page.getByLabel('Title').fill('Let me back in');
  await submitAndExpect(page, m.bannedFromCommunity);
});
