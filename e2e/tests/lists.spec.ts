import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { Comment, List, Post } from '../../packages/shared/src/schemas/types';
import { expectAccessible } from '../helpers';
import { logInAs, newAdmin, newCommunity, newMember, textPost, type Member } from '../world';

const SHOTS = '/tmp/shots-lists-web';

async function contextLike(browser: Browser, like: Page) {
  const phone = (like.viewportSize()?.width ?? 1280) < 768;
  return browser.newContext({
    serviceWorkers: 'block',
    viewport: like.viewportSize(),
    isMobile: phone,
    hasTouch: phone,
  });
}

/**
 * Opens a menu (a dropdown, or a sheet on phones) and chooses an item that opens a dialog or acts at
 * once. Unlike chooseFromMenu, nothing is pressed afterwards: Escape would close the new dialog.
 */
async function choose(page: Page, trigger: Locator, item: string): Promise<void> {
  await trigger.click();
  const options = { name: item, exact: true };
  await page.getByRole('menuitem', options).or(page.getByRole('dialog').getByRole('button', options)).click();
}

/** The save-to-list modal's box for a list (its name is the display name, then Public or Private). */
const box = (dialog: Locator, displayName: string) =>
  dialog.getByRole('checkbox', { name: new RegExp(`^${displayName} (Public|Private)$`) });

test('a member keeps lists: saves from the menus, pages a list, shares one and keeps one private', async ({
  page,
  browser,
  baseURL,
}, info) => {
  // About 31 s per width measured at a load average of 13 to 16 on two cores; the margin is for busier.
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  /** The screen as it is, in the light theme and then the dark one, for people to look at. */
  const shot = async (name: string) => {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
      await page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}-${theme}.png` });
    }
  };
  const phone = info.project.name === 'phone';

  // Bulk state through the API: a community with a post and a comment to save from the menus, and
  // eleven more posts that go into a list directly so that it has more than one page (10 a page).
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const more = await Promise.all(
    Array.from({ length: 11 }, (_, i) => textPost(admin, community.name, `Timetable number ${i + 1}`)),
  );
  // Last, so that it leads the community's feed.
  const post = await textPost(admin, community.name, 'Trains of the world', 'Steam and diesel.');
  const comment = await admin.api.ok<Comment>('POST', `/api/posts/${post.publicId}/comments`, {
    parentCommentId: null,
    body: 'The narrow gauge ones are the best.',
  });
  const owner: Member = await newMember(baseURL!, 'ls');
  const listsUrl = `/@${owner.name}/lists`;

  await logInAs(page, owner);
  // A new account has its private Bookmarks; the first new list comes from the lists page.
  await page.goto(listsUrl);
  await expect(page.getByRole('heading', { name: 'My lists' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Bookmarks/ })).toBeVisible();
  await page.getByRole('button', { name: 'New list' }).click();
  const newList = page.getByRole('dialog', { name: 'New list' });
  await newList.getByRole('textbox', { name: 'Name', exact: true }).fill('reading');
  await newList.getByRole('textbox', { name: 'Display name' }).fill('Reading');
  await newList.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('List created!')).toBeVisible();
  await expect(page.getByRole('link', { name: /Reading/ })).toBeVisible();

  // Save the post from its card's menu in the community feed.
  await page.goto(`/${community.name}`);
  const card = page.getByRole('article', { name: post.title });
  await choose(page, card.getByRole('button', { name: 'More options' }), 'Save to list');
  const save = page.getByRole('dialog', { name: 'Save to list' });
  await expect(box(save, 'Bookmarks')).not.toBeChecked();
  await box(save, 'Reading').check();
  await expect(page.getByText('Saved to Reading')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(save).toBeHidden();

  // The comment, from its actions on the post page, into a second list made in the modal's create view.
  await page.goto(`/${community.name}/post/${post.publicId}`);
  const actions = page.locator(`[id="comment-${comment.id}"] [data-comment-actions]`);
  if (phone) await choose(page, actions.getByRole('button', { name: 'More options' }), 'Save');
  else await actions.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(box(save, 'Reading')).not.toBeChecked();
  await save.getByRole('button', { name: 'New list' }).click();
  // The modal's create view, which goes back to the boxes once the list is made.
  const createView = page.getByRole('dialog', { name: 'New list' });
  await createView.getByRole('textbox', { name: 'Name', exact: true }).fill('secret');
  await createView.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('List created!')).toBeVisible();
  await box(save, 'secret').check();
  await expect(page.getByText('Saved to secret')).toBeVisible();
  await page.keyboard.press('Escape');

  // The post page's Save opens the modal again with the boxes ticked where the post is.
  await page
    .getByRole('article', { name: post.title })
    .getByRole('button', { name: 'Save', exact: true })
    .click();
  await expect(box(save, 'Reading')).toBeChecked();
  await expect(box(save, 'secret')).not.toBeChecked();
  await expect(box(save, 'Bookmarks')).not.toBeChecked();
  await expectAccessible(page, 'the save-to-list modal');
  await shot('save-modal');
  await page.keyboard.press('Escape');

  // Eleven more posts go into Reading through the API: twelve items, more than a page.
  const reading = await owner.api.ok<List>('GET', `/api/users/${owner.name}/lists/reading`);
  const addToReading = (p: Post) =>
    owner.api.ok('POST', `/api/lists/${reading.id}/items`, { targetType: 'post', targetId: p.id });
  // The cursor is a second (API.md §14.4) and a page never splits one: the first page's ten items are
  // added a second after the one before them.
  await addToReading(more[0]!);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await Promise.all(more.slice(1).map(addToReading));
  await page.goto(`${listsUrl}/reading`);
  await expect(page.getByRole('heading', { name: 'Reading' })).toBeVisible();
  await expect(page.getByText('12 items')).toBeVisible();
  const items = page.getByRole('region', { name: 'Items of Reading' }).getByRole('article');
  await expect(items).toHaveCount(10);
  // The newest first: the post saved from the menu is on the second page.
  await expect(page.getByRole('article', { name: post.title })).toHaveCount(0);
  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(12);
  await expect(page.getByText('No more posts')).toBeVisible();

  // Reading goes public through the edit modal.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit list' });
  await edit.getByRole('switch', { name: /Public/ }).check();
  await expectAccessible(page, 'the edit-list modal');
  await shot('edit-modal');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Public', { exact: true })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('list-page');

  // A guest finds the public list from the profile's Lists card, and not the private one; saving asks
  // them to log in.
  const guestContext = await contextLike(browser, page);
  const guest = await guestContext.newPage();
  await guest.goto(`/@${owner.name}`);
  if (phone) await guest.getByRole('tab', { name: 'About' }).click();
  const listsCard = guest.getByRole('region', { name: 'Lists' });
  await expect(listsCard.getByRole('link', { name: /Reading/ })).toBeVisible();
  await expect(listsCard.getByRole('link', { name: /secret/ })).toHaveCount(0);
  await listsCard.getByRole('link', { name: 'View lists' }).click();
  await expect(guest).toHaveURL(new RegExp(`${listsUrl}$`));
  await expect(guest.getByRole('link', { name: /secret/ })).toHaveCount(0);
  await guest.getByRole('link', { name: /Reading/ }).click();
  await expect(guest.getByRole('heading', { name: 'Reading' })).toBeVisible();
  await expect(guest.getByRole('article', { name: 'Timetable number 11' })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await guest.goto(`/${community.name}/post/${post.publicId}`);
  await guest
    .getByRole('article', { name: post.title })
    .getByRole('button', { name: 'Save', exact: true })
    .click();
  await expect(guest.getByRole('dialog', { name: 'Login to continue' })).toBeVisible();
  await guestContext.close();

  // Another member (the site's admin here) asking for the private list gets the not-found page.
  const otherContext = await contextLike(browser, page);
  const otherPage = await otherContext.newPage();
  await logInAs(otherPage, admin);
  await otherPage.goto(`${listsUrl}/secret`);
  await expect(otherPage.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await otherContext.close();

  // The owner removes an item from its card's menu...
  const timetable = page.getByRole('article', { name: 'Timetable number 11' });
  await choose(page, timetable.getByRole('button', { name: 'More options' }), 'Remove from list');
  await expect(page.getByText('Removed from Reading')).toBeVisible();
  await expect(timetable).toHaveCount(0);
  await expect(page.getByText('11 items')).toBeVisible();

  // ...and deletes the private list, landing on the lists page without it.
  await page.goto(`${listsUrl}/secret`);
  await expect(page.getByText('The narrow gauge ones are the best.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete list' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete list' }).click();
  await expect(page).toHaveURL(new RegExp(`${listsUrl}$`));
  await expect(page.getByRole('link', { name: /Reading/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /secret/ })).toHaveCount(0);
  await expectAccessible(page, 'the lists page');
  await shot('lists-page');
});
