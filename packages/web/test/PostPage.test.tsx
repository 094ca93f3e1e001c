import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { messages, type Post, type User } from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';
import PostPage from '../src/app/routes/post';
import { Toasts } from '../src/components/ui/Toasts';
import { errorReply, fakeApi, type Route } from './fake-api';
import { makeUser } from './fixtures';
import { makeFullCommunity, makePost } from './post-fixtures';
import { renderWithApp } from './render';

// The markdown renderer is a lazy chunk: loaded ahead here, its first import (seconds on a busy CI
// machine) does not count against the first test's wait for rendered markdown.
beforeAll(async () => {
  await import('../src/components/markdown/Markdown');
}, 60_000);

const community = makeFullCommunity('golang', { about: 'Go talk.' });

function renderPost(
  post: Post,
  options: { user?: User | null; path?: string; routes?: Record<string, Route> } = {},
) {
  const server = fakeApi({
    [`GET /api/posts/${post.publicId}?fetchCommunity=true`]: { body: { ...post, comments: [], community } },
    ...options.routes,
  });
  const view = renderWithApp(
    <>
      <PostPage communityName={options.path?.split('/')[1] ?? post.communityName} publicId={post.publicId} />
      <Toasts />
    </>,
    {
      path: options.path ?? `/${post.communityName}/post/${post.publicId}`,
      initial: { user: options.user ?? null },
    },
  );
  return { ...view, server };
}

describe('post page', () => {
  test('shows the title, the body and the comment count', async () => {
    renderPost(makePost({ title: 'Generics in practice', body: 'Some **text**', noComments: 3 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Generics in practice' })).toBeTruthy();
    expect(await screen.findByText('text')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '3 comments' })).toBeTruthy();
  });

  test('"Edited" shows only when the edit came more than 5 minutes after posting', async () => {
    const later = renderPost(
      makePost({ title: 'Late edit', createdAt: '2025-01-01T10:00:00Z', editedAt: '2025-01-01T10:06:00Z' }),
    );
    await screen.findByText('Late edit');
    expect(screen.getByText(messages.posts.edited, { exact: false })).toBeTruthy();
    later.unmount();
    renderPost(
      makePost({ title: 'Quick fix', createdAt: '2025-01-01T10:00:00Z', editedAt: '2025-01-01T10:04:00Z' }),
    );
    await screen.findByText('Quick fix');
    expect(screen.queryByText(messages.posts.edited, { exact: false })).toBeNull();
  });

  test('the vote percentage is upvotes / (upvotes + downvotes)', async () => {
    renderPost(makePost({ upvotes: 3, downvotes: 1 }));
    expect(await screen.findByText('75% upvoted')).toBeTruthy();
  });

  test('banners say who locked or removed the post', async () => {
    renderPost(
      makePost({
        title: 'Gone',
        locked: true,
        lockedByGroup: 'admins',
        deleted: true,
        deletedAs: 'mods',
        deletedContent: true,
        deletedContentAs: 'admins',
      }),
    );
    expect(await screen.findByText('This post has been locked by admins')).toBeTruthy();
    expect(screen.getByText('This post has been removed by the moderators.')).toBeTruthy();
    expect(screen.getByText('The content of this post has been removed by the admins.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upvote' }).hasAttribute('disabled')).toBe(true);
  });

  test('an unknown post shows the not-found page', async () => {
    fakeApi({
      'GET /api/posts/nope1234?fetchCommunity=true': errorReply(404, 'post/not-found', 'Post not found.'),
    });
    renderWithApp(<PostPage communityName="golang" publicId="nope1234" />, { path: '/golang/post/nope1234' });
    expect(await screen.findByText(messages.common.notFoundTitle)).toBeTruthy();
  });

  test('another failure offers Retry, which loads the post', async () => {
    const post = makePost({ title: 'Second try' });
    fakeApi({
      [`GET /api/posts/${post.publicId}?fetchCommunity=true`]: [
        errorReply(500, undefined, apiMessages.internalError),
        errorReply(500, undefined, apiMessages.internalError),
        { body: { ...post, community } },
      ],
    });
    const { user } = renderWithApp(<PostPage communityName="golang" publicId={post.publicId} />);
    const retry = await screen.findByRole('button', { name: messages.common.retry }, { timeout: 3000 });
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Second try' })).toBeTruthy();
  });

  test('a community name in the wrong case goes to the right one', async () => {
    const post = makePost({ communityName: 'GoLang' });
    const { currentPath } = renderPost(post, { path: `/golang/post/${post.publicId}` });
    await waitFor(() => expect(currentPath()).toBe(`/GoLang/post/${post.publicId}`));
  });

  test('the author gets Edit and a confirmed Delete; others do not', async () => {
    const author = makeUser({ username: 'bob' });
    const post = makePost({ userId: author.id, title: 'Mine' });
    const { user, server } = renderPost(post, {
      user: author,
      routes: {
        // The page reloads the post after deleting it.
        [`GET /api/posts/${post.publicId}?fetchCommunity=true`]: [
          { body: { ...post, community } },
          { body: { ...post, deleted: true, deletedAs: 'normal', community } },
        ],
        [`DELETE /api/posts/${post.publicId}?deleteAs=normal&deleteContent=false`]: {
          body: { ...post, deleted: true, deletedAs: 'normal' },
        },
      },
    });
    await screen.findByText('Mine');
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/new?edit=${post.publicId}`,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This post has been deleted by its author.')).toBeTruthy();
    expect(
      server.requestsTo(`DELETE /api/posts/${post.publicId}?deleteAs=normal&deleteContent=false`),
    ).toHaveLength(1);
  });

  test('readers who are not the author see no Edit or Delete', async () => {
    renderPost(makePost({ title: 'Theirs' }), { user: makeUser({ username: 'carol' }) });
    await screen.findByText('Theirs');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Moderate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Admin' })).toBeNull();
  });

  test('admins see the ID, and Announce twice says "Already announced"', async () => {
    const post = makePost({ title: 'News' });
    const { user } = renderPost(post, {
      user: makeUser({ username: 'root', isAdmin: true }),
      routes: {
        [`PUT /api/posts/${post.publicId}?action=announce`]: errorReply(
          409,
          'duplicate',
          apiMessages.alreadyAnnounced,
        ),
      },
    });
    await screen.findByText('News');
    await user.click(screen.getByRole('button', { name: 'Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'ID' }));
    const ids = await screen.findByRole('dialog', { name: 'IDs' });
    for (const id of [post.id, post.publicId, post.userId]) expect(within(ids).getByText(id)).toBeTruthy();
    // user-event puts its own clipboard in place, which the test reads back.
    await user.click(within(ids).getByRole('button', { name: 'Copy Author ID' }));
    expect(await navigator.clipboard.readText()).toBe(post.userId);
    expect(await screen.findByText(messages.common.copied)).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Announce' }));
    expect(await screen.findByText(messages.posts.alreadyAnnounced)).toBeTruthy();
  });

  test('moderators lock as mods; the answer shows the lock', async () => {
    const post = makePost({ title: 'Heated' });
    const { user, server } = renderPost(post, {
      user: makeUser({ username: 'mod' }),
      routes: {
        [`GET /api/posts/${post.publicId}?fetchCommunity=true`]: {
          body: { ...post, community: { ...community, userMod: true } },
        },
        [`PUT /api/posts/${post.publicId}?action=lock&lockAs=mods`]: {
          body: { ...post, locked: true, lockedByGroup: 'mods' },
        },
      },
    });
    await screen.findByText('Heated');
    await user.click(await screen.findByRole('button', { name: 'Moderate' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Lock' }));
    expect(await screen.findByText('This post has been locked by moderators')).toBeTruthy();
    expect(server.requestsTo(`PUT /api/posts/${post.publicId}?action=lock&lockAs=mods`)).toHaveLength(1);
  });

  test('an admin who wrote the post gets every admin action; a moderator gets their own', async () => {
    const root = makeUser({ username: 'root', isAdmin: true });
    const post = makePost({ title: 'Rules', userId: root.id, username: root.username });
    const { user } = renderPost(post, {
      user: root,
      routes: {
        [`GET /api/posts/${post.publicId}?fetchCommunity=true`]: {
          body: { ...post, community: { ...community, userMod: true } },
        },
      },
    });
    await screen.findByText('Rules');
    const labels = async (trigger: string) => {
      await user.click(await screen.findByRole('button', { name: trigger }));
      const menu = await screen.findByRole('menu');
      const names = [...menu.querySelectorAll('[role^="menuitem"]')].map((item) => item.textContent?.trim());
      await user.keyboard('{Escape}');
      return names;
    };
    expect(await labels('Admin')).toEqual([
      'ID',
      'Lock',
      'Delete',
      'Speaking officially',
      'Delete content',
      'Pinned site-wide',
      'Announce',
    ]);
    expect(await labels('Moderate')).toEqual(['Lock', 'Delete', 'Speaking officially', 'Pinned']);
  });

  test('a moderator who wrote the post speaks officially: the byline says so at once', async () => {
    const mod = makeUser({ username: 'modder' });
    const post = makePost({ title: 'House rules', userId: mod.id, username: mod.username });
    let answer: (reply: { body: Post }) => void = () => {};
    const { user, server } = renderPost(post, {
      user: mod,
      routes: {
        [`GET /api/posts/${post.publicId}?fetchCommunity=true`]: {
          body: { ...post, community: { ...community, userMod: true } },
        },
        [`PUT /api/posts/${post.publicId}?action=changeAsUser&userGroup=mods`]: () =>
          new Promise((resolve) => (answer = resolve)),
      },
    });
    const article = await screen.findByRole('article', { name: 'House rules' });
    expect(within(article).queryByText('Moderator', { selector: 'span' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Moderate' }));
    const toggle = await screen.findByRole('menuitemcheckbox', { name: 'Speaking officially' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(await within(article).findByText('Moderator', { selector: 'span' })).toBeTruthy();
    answer({ body: { ...post, userGroup: 'mods' } });
    await waitFor(() =>
      expect(
        server.requestsTo(`PUT /api/posts/${post.publicId}?action=changeAsUser&userGroup=mods`),
      ).toHaveLength(1),
    );
    expect(within(article).getByText('Moderator', { selector: 'span' })).toBeTruthy();
  });

  test('an admin who wrote the post speaks as admin and back; a refusal restores the byline', async () => {
    const root = makeUser({ username: 'root', isAdmin: true });
    const post = makePost({ title: 'Notice', userId: root.id, username: root.username, userGroup: 'admins' });
    const { user } = renderPost(post, {
      user: root,
      routes: {
        [`PUT /api/posts/${post.publicId}?action=changeAsUser&userGroup=normal`]: [
          errorReply(403, 'not_author', apiMessages.notAuthor),
          { body: { ...post, userGroup: 'normal' } },
        ],
      },
    });
    const article = await screen.findByRole('article', { name: 'Notice' });
    expect(within(article).getByText('Admin', { selector: 'span' })).toBeTruthy();
    const toggle = async () => {
      await user.click(screen.getByRole('button', { name: 'Admin' }));
      const item = await screen.findByRole('menuitemcheckbox', { name: 'Speaking officially' });
      expect(item.getAttribute('aria-checked')).toBe('true');
      await user.click(item);
      await user.keyboard('{Escape}');
    };
    await toggle();
    expect(await screen.findByText(messages.common.somethingWentWrong)).toBeTruthy();
    expect(within(article).getByText('Admin', { selector: 'span' })).toBeTruthy();
    await toggle();
    await waitFor(() => expect(within(article).queryByText('Admin', { selector: 'span' })).toBeNull());
  });

  test('a deleted author is "Ghost" to readers and their real name, marked, to admins', async () => {
    const post = makePost({ title: 'Orphan', username: 'ghost', userDeleted: true });
    const view = renderPost(post, { user: makeUser({ username: 'reader' }) });
    await screen.findByText('Orphan');
    expect(screen.getByText('Ghost')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '@ghost' })).toBeNull();
    view.unmount();
    const seen = makePost({ title: 'Orphan seen', username: 'realname', userDeleted: true });
    renderPost(seen, { user: makeUser({ username: 'root', isAdmin: true }) });
    await screen.findByText('Orphan seen');
    expect(screen.getByRole('link', { name: '@realname' }).getAttribute('title')).toBe('Deleted account');
  });
});
