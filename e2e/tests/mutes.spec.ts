import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseFromMenu, expectAccessible } from '../helpers';
import { logInAs, newAdmin, newCommunity, newMember, textPost } from '../world';

const SHOTS = '/tmp/shots-mutes';

const mutedUser = (name: string) => `Posts from @${name} won't appear on any of your feeds from now on.`;
const mutedCommunity = (name: string) => `Posts from /${name} won't appear on All anymore.`;

/** The menu's item: a menu item on wide screens, a button in the sheet on phones. */
function menuItem(page: Page, name: string): Locator {
  const options = { name, exact: true };
  return page.getByRole('menuitem', options).or(page.getByRole('dialog').getByRole('button', options));
}

/** Screenshots of an open menu in both themes (the page goes back to light after). */
async function shootMenu(page: Page, name: string, project: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await page.screenshot({ path: `${SHOTS}/${project}-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const alert = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });

test('a member mutes and unmutes users and communities from the menus, and words in settings', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  const project = info.project.name;
  const admin = await newAdmin(baseURL!);
  const [here, there] = [await newCommunity(admin), await newCommunity(admin)];
  const author = await newMember(baseURL!, 'loud');
  const viewer = await newMember(baseURL!, 'calm');
  const loud = await textPost(author, here.name, `Loud opinions ${author.name}`);
  const discussed = await textPost(admin, here.name, `Discussion ${here.name}`);
  await author.api.ok('POST', `/api/posts/${discussed.publicId}/comments`, {
    parentCommentId: null,
    body: 'A comment the viewer will not see at first',
  });
  const cats = await textPost(admin, here.name, `Cat pictures ${here.name}`);
  const category = await textPost(admin, here.name, `A category of its own ${here.name}`);
  const hideMe = await textPost(admin, here.name, `Not for me ${here.name}`);

  await logInAs(page, viewer);

  // A user, from a post card's menu: the 5 s alert, and their posts leave the feed at once.
  await page.goto(`/${here.name}`);
  const loudCard = page.getByRole('article', { name: loud.title });
  await loudCard.getByRole('button', { name: 'More options' }).click();
  await expect(menuItem(page, `Mute @${author.name}`)).toBeVisible();
  await expect(menuItem(page, `Mute /${here.name}`)).toBeVisible();
  await shootMenu(page, 'post-card-menu', project);
  await expectAccessible(page, 'the post card menu with mute items');
  await menuItem(page, `Mute @${author.name}`).click();
  await expect(alert(page, mutedUser(author.name))).toBeVisible();
  await expect(loudCard).toHaveCount(0);
  await expect(page.getByRole('article', { name: discussed.title })).toBeVisible();

  // Hiding a post by keyboard: focus goes to its Undo, and from Undo to the post back again (the
  // controls pressed are gone, and focus would fall to the page's start).
  const hideCard = page.getByRole('article', { name: hideMe.title });
  await hideCard.getByRole('button', { name: 'More options' }).focus();
  await page.keyboard.press('Enter');
  await menuItem(page, 'Hide').focus();
  await page.keyboard.press('Enter');
  const undo = page.getByRole('group', { name: 'Hidden post' }).getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(hideCard.getByRole('link', { name: hideMe.title })).toBeFocused();

  // A community, from the post page's menu: its posts leave All (not its own page). All is shared
  // with every other journey running: the two posts are made now and looked for among the newest.
  const [elsewhere, stays] = await Promise.all([
    textPost(admin, there.name, `Over there ${there.name}`),
    textPost(admin, here.name, `Still here ${here.name}`),
  ]);
  await page.goto('/all?sort=latest');
  await expect(page.getByRole('article', { name: elsewhere.title })).toBeVisible();
  await page.goto(`/${there.name}/post/${elsewhere.publicId}`);
  await page.getByRole('button', { name: 'More options' }).click();
  await expect(menuItem(page, `Mute /${there.name}`)).toBeVisible();
  await shootMenu(page, 'post-page-menu', project);
  await menuItem(page, `Mute /${there.name}`).click();
  await expect(alert(page, mutedCommunity(there.name))).toBeVisible();
  await page.goto('/all?sort=latest');
  await expect(page.getByRole('article', { name: stays.title })).toBeVisible();
  await expect(page.getByRole('article', { name: elsewhere.title })).toHaveCount(0);
  await page.goto(`/${there.name}`);
  await expect(page.getByRole('article', { name: elsewhere.title })).toBeVisible();

  // The community page's own menu toggles it too, and unmutes it the same way.
  const header = page.locator('header').filter({ has: page.getByRole('heading', { name: there.name }) });
  await header.getByRole('button', { name: 'More options' }).click();
  await expect(menuItem(page, `Unmute /${there.name}`)).toBeVisible();
  await shootMenu(page, 'community-menu', project);
  await menuItem(page, `Unmute /${there.name}`).click();
  await expect(alert(page, `Unmuted /${there.name}`)).toBeVisible();
  await chooseFromMenu(page, header.getByRole('button', { name: 'More options' }), `Mute /${there.name}`);
  await expect(alert(page, mutedCommunity(there.name))).toBeVisible();

  // A user from the profile: Unmute (muted above), then Mute again.
  await page.goto(`/@${author.name}`);
  await page.getByRole('button', { name: 'Unmute', exact: true }).click();
  await expect(alert(page, `Unmuted @${author.name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(alert(page, mutedUser(author.name))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unmute', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${project}-profile-muted.png` });

  // A muted author's comment is folded until clicked.
  await page.goto(`/${here.name}/post/${discussed.publicId}`);
  const show = page.getByRole('button', { name: 'Comment by a muted user. Show it' });
  await expect(show).toBeVisible();
  await expect(page.getByText('A comment the viewer will not see at first')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/${project}-muted-comment.png` });
  await show.click();
  await expect(page.getByText('A comment the viewer will not see at first')).toBeVisible();

  // Unmuting from the same menus brings them back.
  await page.goto(`/${here.name}/post/${loud.publicId}`);
  await chooseFromMenu(page, page.getByRole('button', { name: 'More options' }), `Unmute @${author.name}`);
  await expect(alert(page, `Unmuted @${author.name}`)).toBeVisible();
  await page.goto(`/${there.name}/post/${elsewhere.publicId}`);
  await chooseFromMenu(page, page.getByRole('button', { name: 'More options' }), `Unmute /${there.name}`);
  await expect(alert(page, `Unmuted /${there.name}`)).toBeVisible();
  await page.goto(`/${here.name}`);
  await expect(page.getByRole('article', { name: loud.title })).toBeVisible();

  // A muted word, added on the settings page: whole words only, and back after Remove.
  await expect(page.getByRole('article', { name: cats.title })).toBeVisible();
  await page.goto('/settings');
  const words = page.getByRole('region', { name: 'Muted words' });
  await words.getByLabel('Add a word or phrase').fill('  Cat ');
  await words.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(alert(page, 'Muted "Cat"')).toBeVisible();
  await expect(
    words.getByRole('list', { name: 'Muted words' }).getByText('Cat', { exact: true }),
  ).toBeVisible();
  await page.goto(`/${here.name}`);
  await expect(page.getByRole('article', { name: category.title })).toBeVisible();
  await expect(page.getByRole('article', { name: cats.title })).toHaveCount(0);
  await page.goto('/settings');
  await words.getByRole('button', { name: 'Remove Cat' }).click();
  await expect(words.getByText('You have not muted any words.')).toBeVisible();
  await page.goto(`/${here.name}`);
  await expect(page.getByRole('article', { name: cats.title })).toBeVisible();
});
