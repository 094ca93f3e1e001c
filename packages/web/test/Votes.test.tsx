import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, type Post } from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';
import { postQuery } from '../src/features/posts/api/get-post';
import { Feed } from '../src/features/posts/components/Feed';
import { Toasts } from '../src/components/ui/Toasts';
import { deferred, errorReply, fakeApi, type Reply } from './fake-api';
import { makeUser } from './fixtures';
import { feedPage, makePost } from './post-fixtures';
import { renderWithApp, settle } from './render';

const member = makeUser({ username: 'carol' });

function card(title: string) {
  // Also when a dialog hides the page from the accessibility tree.
  return screen.getByRole('article', { name: title, hidden: true });
}

/** The count shown beside a vote button. */
const count = (button: HTMLElement) => button.parentElement!.textContent;

function buttons(title: string) {
  const votes = within(card(title)).getByRole('group', { name: 'Votes', hidden: true });
  return {
    up: within(votes).getByRole('button', { name: 'Upvote', hidden: true }),
    down: within(votes).getByRole('button', { name: 'Downvote', hidden: true }),
  };
}

async function renderFeed(post: Post, vote: Reply | (() => Promise<Reply>), user = member) {
  const server = fakeApi({
    'GET /api/posts?sort=hot': { body: feedPage([post]) },
    'POST /api/_postVote': typeof vote === 'function' ? () => vote() : vote,
  });
  const view = renderWithApp(
    <>
      <Feed kind="all" />
      <Toasts />
    </>,
    { initial: { user } },
  );
  await screen.findByText(post.title);
  return { ...view, server };
}

describe('votes', () => {
  test('show at once, send {postId, up}, and take the counts of the answer', async () => {
    const post = makePost({ title: 'Votable', upvotes: 4, downvotes: 1 });
    const answer = deferred<Reply>();
    const { user, server } = await renderFeed(post, () => answer.promise);
    await user.click(buttons('Votable').up);
    expect(buttons('Votable').up.getAttribute('aria-pressed')).toBe('true');
    expect(count(buttons('Votable').up)).toBe('5');
    expect(server.requestsTo('POST /api/_postVote')[0]!.body).toEqual({ postId: post.id, up: true });
    answer.resolve({ body: { ...post, upvotes: 9, downvotes: 1, userVoted: true, userVotedUp: true } });
    await screen.findByText('9');
    expect(buttons('Votable').up.getAttribute('aria-pressed')).toBe('true');
  });

  test.each([
    ['none → down', null, false, [4, 2], 'down'],
    ['up → up clears', true, true, [3, 1], null],
    ['up → down switches', true, false, [3, 2], 'down'],
    ['down → down clears', false, false, [4, 0], null],
    ['down → up switches', false, true, [5, 0], 'up'],
  ] as const)('%s', async (_, votedUp, clickUp, [up, down], pressed) => {
    const post = makePost({
      title: 'Toggle',
      upvotes: 4,
      downvotes: 1,
      userVoted: votedUp !== null,
      userVotedUp: votedUp,
    });
    const answer = deferred<Reply>();
    const { user } = await renderFeed(post, () => answer.promise);
    await user.click(clickUp ? buttons('Toggle').up : buttons('Toggle').down);
    const b = buttons('Toggle');
    expect([count(b.up), count(b.down)]).toEqual([String(up), String(down)]);
    expect(b.up.getAttribute('aria-pressed')).toBe(String(pressed === 'up'));
    expect(b.down.getAttribute('aria-pressed')).toBe(String(pressed === 'down'));
  });

  test('roll back on failure and say so', async () => {
    const post = makePost({ title: 'Fails', upvotes: 4, downvotes: 1 });
    const answer = deferred<Reply>();
    const { user } = await renderFeed(post, () => answer.promise);
    await user.click(buttons('Fails').down);
    expect(count(buttons('Fails').down)).toBe('2');
    answer.resolve(errorReply(500, undefined, apiMessages.internalError));
    expect(await screen.findByText(messages.common.somethingWentWrong)).toBeTruthy();
    const b = buttons('Fails');
    expect([count(b.up), count(b.down)]).toEqual(['4', '1']);
    expect(b.down.getAttribute('aria-pressed')).toBe('false');
  });

  test('a 429 asks to slow down', async () => {
    const post = makePost({ title: 'Busy', upvotes: 4 });
    const { user } = await renderFeed(post, errorReply(429, undefined, apiMessages.tooManyRequests));
    await user.click(buttons('Busy').up);
    expect(await screen.findByText('Whoah, slow down there!')).toBeTruthy();
    expect(count(buttons('Busy').up)).toBe('4');
  });

  test('one call at a time per post: clicks while one is under way are ignored', async () => {
    const post = makePost({ title: 'Once', upvotes: 4, downvotes: 1 });
    const answer = deferred<Reply>();
    const { user, server } = await renderFeed(post, () => answer.promise);
    await user.click(buttons('Once').up);
    await user.click(buttons('Once').down);
    await user.click(buttons('Once').up);
    expect(server.requestsTo('POST /api/_postVote')).toHaveLength(1);
    expect(count(buttons('Once').up)).toBe('5');
    answer.resolve({ body: { ...post, upvotes: 5, userVoted: true, userVotedUp: true } });
    await settle();
    await user.click(buttons('Once').up);
    expect(server.requestsTo('POST /api/_postVote')).toHaveLength(2);
  });

  test('the answer replaces the post on the post page too', async () => {
    const post = makePost({ title: 'Shared', upvotes: 1 });
    const { user, queryClient } = await renderFeed(post, {
      body: { ...post, upvotes: 2, userVoted: true, userVotedUp: true },
    });
    const key = postQuery(post.publicId, member.id).queryKey;
    queryClient.setQueryData(key, { ...post, comments: [], community: undefined });
    await user.click(buttons('Shared').up);
    await settle();
    expect(queryClient.getQueryData<Post>(key)).toMatchObject({
      upvotes: 2,
      userVotedUp: true,
      comments: [],
    });
  });

  test('guests get the login prompt and nothing is sent', async () => {
    const post = makePost({ title: 'Guest', userVoted: null });
    const { user, server } = await renderFeed(post, { body: post }, null as never);
    await user.click(buttons('Guest').up);
    expect(await screen.findByRole('dialog', { name: messages.common.loginToContinue })).toBeTruthy();
    expect(server.requestsTo('POST /api/_postVote')).toHaveLength(0);
    expect(count(buttons('Guest').up)).toBe('1');
  });

  test('locked posts take no votes', async () => {
    const post = makePost({ title: 'Locked', locked: true, lockedByGroup: 'mods' });
    await renderFeed(post, { body: post });
    expect(buttons('Locked').up.hasAttribute('disabled')).toBe(true);
    expect(buttons('Locked').down.hasAttribute('disabled')).toBe(true);
  });
});
