import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages } from '@commons/shared';
import { Feed } from '../src/features/posts/components/Feed';
import { Toasts } from '../src/components/ui/Toasts';
import { NARROW_QUERY } from '../src/lib/device';
import { errorReply, fakeApi, type Reply } from './fake-api';
import { makeUser } from './fixtures';
import { setMediaQuery } from './media';
import { feedPage, makePost } from './post-fixtures';
import { renderWithApp } from './render';

async function setup(hide: Reply = { body: { success: true } }) {
  const post = makePost({ title: 'Not for me' });
  const other = makePost({ title: 'Still here' });
  const server = fakeApi({
    'GET /api/posts?sort=hot': { body: feedPage([post, other]) },
    'POST /api/hidden_posts': hide,
    [`DELETE /api/hidden_posts/${post.id}`]: { body: { success: true } },
  });
  const view = renderWithApp(
    <>
      <Feed kind="all" />
      <Toasts />
    </>,
    { initial: { user: makeUser() } },
  );
  await screen.findByText('Not for me');
  return { ...view, server, post };
}

async function hide(user: ReturnType<typeof renderWithApp>['user']) {
  const article = screen.getByRole('article', { name: 'Not for me' });
  await user.click(within(article).getByRole('button', { name: 'More options' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Hide' }));
}

describe('Hide', () => {
  test('turns the card into "Hidden post" with Undo, and Undo brings it back', async () => {
    const { user, server, post } = await setup();
    await hide(user);
    const placeholder = await screen.findByRole('group', { name: messages.posts.hiddenPost });
    expect(placeholder.textContent).toContain(messages.posts.hiddenPost);
    expect(screen.queryByRole('article', { name: 'Not for me' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Still here' })).toBeTruthy();
    expect(server.requestsTo('POST /api/hidden_posts')[0]!.body).toEqual({ postId: post.id });

    await user.click(within(placeholder).getByRole('button', { name: messages.posts.undo }));
    expect(await screen.findByRole('article', { name: 'Not for me' })).toBeTruthy();
    expect(screen.queryByText(messages.posts.hiddenPost)).toBeNull();
    expect(server.requestsTo(`DELETE /api/hidden_posts/${post.id}`)).toHaveLength(1);
  });

  test('a failed hide brings the card back and says so', async () => {
    const { user } = await setup(errorReply(500, undefined, 'Internal Server Error'));
    await hide(user);
    expect(await screen.findByText(messages.common.somethingWentWrong)).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Not for me' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: messages.posts.hiddenPost })).toBeNull();
  });

  test('on phones the menu is a sheet with the same Hide', async () => {
    setMediaQuery(NARROW_QUERY, true);
    const { user, server } = await setup();
    const article = screen.getByRole('article', { name: 'Not for me' });
    await user.click(within(article).getByRole('button', { name: 'More options' }));
    const sheet = await screen.findByRole('dialog', { name: 'Post options' });
    await user.click(within(sheet).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByRole('group', { name: messages.posts.hiddenPost })).toBeTruthy();
    expect(server.requestsTo('POST /api/hidden_posts')).toHaveLength(1);
  });

  test('guests have no post menu', async () => {
    fakeApi({ 'GET /api/posts?sort=hot': { body: feedPage([makePost({ title: 'Open' })]) } });
    renderWithApp(<Feed kind="all" />);
    const article = await screen.findByRole('article', { name: 'Open' });
    expect(within(article).queryByRole('button', { name: 'More options' })).toBeNull();
  });
});
