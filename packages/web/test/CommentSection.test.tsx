import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { messages, ui, type Comment, type Post, type User } from '@commons/shared';
import { Toasts } from '../src/components/ui/Toasts';
import { CommentSection } from '../src/features/comments/components/CommentSection';
import { fakeApi } from './fake-api';
import { NARROW_QUERY } from '../src/lib/device';
import { setMediaQuery } from './media';
import { makeUser } from './fixtures';
import { makeComment, makeFullCommunity, makePost } from './post-fixtures';
import { renderWithApp } from './render';

function renderSection(
  post: Post,
  comments: Comment[],
  user: User | null = makeUser(),
  routes: Parameters<typeof fakeApi>[0] = {},
) {
  const server = fakeApi(routes);
  const withComments = { ...post, comments, commentsNext: null, noComments: comments.length };
  const view = renderWithApp(
    <>
      <CommentSection post={withComments} ready />
      <Toasts />
    </>,
    { initial: { user } },
  );
  return { ...view, server };
}

/** A chain of replies `count` deep under one top-level comment. */
function chain(post: Post, count: number): Comment[] {
  const list = [makeComment(post, { body: 'Level 0' })];
  for (let i = 1; i < count; i++) list.push(makeComment(post, { body: `Level ${i}` }, list[i - 1]));
  return list;
}

describe('comment section', () => {
  test('says so when there are no comments', () => {
    renderSection(makePost(), []);
    expect(screen.getByText(messages.comments.noComments)).toBeTruthy();
  });

  test('nests replies under their parents', () => {
    const post = makePost();
    renderSection(post, chain(post, 3));
    const top = screen.getByText('Level 0').closest('li')!;
    expect(top.querySelector('ul')!.textContent).toContain('Level 2');
  });

  test('a comment at depth 15 takes no reply: it says the thread is too deep', async () => {
    const post = makePost();
    const comments = chain(post, 16);
    renderSection(post, comments);
    const deepest = screen.getByText('Level 15').closest('li')!;
    const reply = [...deepest.querySelectorAll('button')].find((b) => b.textContent === 'Reply')!;
    fireEvent.click(reply);
    expect(await screen.findByText(messages.comments.threadTooDeep)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Reply to/ })).toBeNull();
  });

  test('a deleted comment keeps its place, says by whom, and takes no vote', async () => {
    const post = makePost();
    const gone = makeComment(post, {
      deleted: true,
      deletedAt: '2025-01-02T00:00:00Z',
      deletedAs: 'mods',
      contentStripped: true,
      body: '[Deleted comment]',
      username: '[Hidden]',
      userGroup: 'null',
    });
    const reply = makeComment(post, { body: 'Still here' }, gone);
    renderSection(post, [gone, reply]);
    expect(screen.getByText(messages.comments.deletedBy('moderators'))).toBeTruthy();
    expect(screen.queryByText('[Deleted comment]')).toBeNull();
    expect(screen.getByText('Still here')).toBeTruthy();
    // Voting is off on deleted comments (core §4): the arrows are disabled and say why.
    const [goneVotes, replyVotes] = screen.getAllByRole('group', { name: 'Votes' });
    for (const name of ['Upvote', 'Downvote']) {
      const arrow = within(goneVotes!).getByRole<HTMLButtonElement>('button', { name });
      expect(arrow.disabled).toBe(true);
      expect(arrow.title).toBe(messages.comments.cannotVoteDeleted);
      expect(within(replyVotes!).getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(false);
    }
    // A deleted comment takes no reply either; its live reply does.
    const goneItem = screen.getByText(messages.comments.deletedBy('moderators')).closest('li')!;
    const own = [...goneItem.querySelectorAll('button')].filter((b) => b.textContent === 'Reply');
    expect(own).toHaveLength(1);
    expect(screen.getByText('Still here').closest('li')!.contains(own[0]!)).toBe(true);
  });

  test('guests see Reply, which asks them to log in', async () => {
    const post = makePost();
    renderSection(post, [makeComment(post, { body: 'Anyone?' })], null);
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Login to continue')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Reply to/ })).toBeNull();
  });

  test('deleted comments come after their live siblings, keeping their replies', () => {
    const post = makePost();
    const deleted = (body: string, parent?: Comment) =>
      makeComment(
        post,
        { body, deleted: true, deletedAt: '2025-01-02T00:00:00Z', deletedAs: 'normal', userGroup: 'null' },
        parent,
      );
    const top = deleted('Gone top');
    const underGone = makeComment(post, { body: 'Reply under the gone one' }, top);
    const live = makeComment(post, { body: 'Live top' });
    const goneReply = deleted('Gone reply', live);
    const liveReply = makeComment(post, { body: 'Live reply' }, live);
    renderSection(post, [top, underGone, live, goneReply, liveReply]);
    const list = screen.getByText('Live top').closest('ul')!;
    const roots = [...list.children].map((li) => li.textContent ?? '');
    expect(roots[0]).toContain('Live top');
    expect(roots[1]).toContain('Reply under the gone one');
    const replies = [...screen.getByText('Live top').closest('li')!.querySelector('ul')!.children];
    expect(replies.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Live reply'),
      expect.stringContaining('Deleted by the author'),
    ]);
  });

  test('the linked comment is highlighted as one block with its votes, not its replies', () => {
    const post = makePost();
    const focused = makeComment(post, { body: 'Linked one' });
    const reply = makeComment(post, { body: 'Its reply' }, focused);
    const server = fakeApi({});
    renderWithApp(
      <CommentSection
        post={{ ...post, comments: [focused, reply], commentsNext: null, noComments: 2 }}
        ready
        focusedId={focused.id}
      />,
      { initial: { user: makeUser() } },
    );
    const block = document.querySelector('.focused')!;
    expect(block.textContent).toContain('Linked one');
    expect(within(block as HTMLElement).getByRole('group', { name: 'Votes' })).toBeTruthy();
    expect(block.textContent).not.toContain('Its reply');
    expect(document.querySelectorAll('.focused')).toHaveLength(1);
    expect(server.unhandled).toEqual([]);
  });

  test.each([
    ['does not exist', { status: 404, body: { status: 404, code: 'not_found', message: 'Not found' } }],
    ['belongs to another post', null],
  ])('a comment link whose comment %s says so, and the post still shows', async (_case, answer) => {
    const post = makePost();
    const other = makeComment(makePost(), { body: 'Elsewhere' });
    const missingId = answer ? 'nosuchcomment' : other.id;
    const server = fakeApi({
      [`GET /api/comments/${missingId}`]: answer ?? { body: other },
    });
    renderWithApp(
      <CommentSection
        post={{ ...post, comments: [makeComment(post, { body: 'Here' })], commentsNext: null, noComments: 1 }}
        ready
        focusedId={missingId}
      />,
      { initial: { user: makeUser() } },
    );
    expect(await screen.findByText(messages.comments.focusedNotFound)).toBeTruthy();
    expect(screen.getByText('Here')).toBeTruthy();
    expect(server.unhandled).toEqual([]);
  });

  test('a long thread shows its first screen at once and the rest right after', async () => {
    const post = makePost();
    const comments = Array.from({ length: 120 }, (_, i) => makeComment(post, { body: `Thread ${i}` }));
    renderSection(post, comments);
    const shown = () => document.querySelectorAll('li[id^="comment-"]').length;
    expect(shown()).toBeGreaterThanOrEqual(ui.commentFirstRender);
    expect(shown()).toBeLessThan(120);
    await waitFor(() => expect(shown()).toBe(120), { timeout: 10_000 });
  });

  test('a comment by the post author carries OP; one written since the last visit says (new)', () => {
    const viewer = makeUser({ username: 'dave' });
    const post = makePost({ lastVisitAt: '2025-01-01T12:00:00Z' });
    const op = makeComment(post, { body: 'From the author', userId: post.userId, username: post.username });
    const fresh = makeComment(post, { body: 'Fresh', createdAt: '2025-01-01T13:00:00Z' });
    renderSection(post, [op, fresh], viewer);
    expect(screen.getByText('From the author').closest('li')!.textContent).toContain('OP');
    expect(screen.getByText('Fresh').closest('li')!.textContent).toContain('(new)');
    expect(screen.getByText('From the author').closest('li')!.textContent).not.toContain('(new)');
  });

  test('a moderator writes as moderator from the box; members get no choice', async () => {
    const moderator = makeUser({ username: 'mod' });
    const post = makePost({ community: makeFullCommunity('golang', { userMod: true }) });
    const written = makeComment(post, { body: 'Please stay on topic', userGroup: 'mods' });
    const { server } = renderSection(post, [], moderator, {
      [`POST /api/posts/${post.publicId}/comments?userGroup=mods`]: { body: written },
    });
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    const form = box.closest('form')!;
    const select = within(form).getByRole('combobox', { name: 'Speaking as' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Speaking as user',
      'Speaking as moderator',
    ]);
    fireEvent.change(select, { target: { value: 'mods' } });
    fireEvent.input(box, { target: { value: 'Please stay on topic' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Please stay on topic', { selector: 'p' })).toBeTruthy();
    expect(server.requests.at(-1)!.body).toEqual({ body: 'Please stay on topic', parentCommentId: null });
  });

  test("a moderator changes a comment's capacity from its edit box, not from its action row", async () => {
    const moderator = makeUser({ username: 'mod' });
    const post = makePost({ community: makeFullCommunity('golang', { userMod: true }) });
    const mine = makeComment(post, { body: 'Stay on topic', userId: moderator.id, username: 'mod' });
    const { server, user } = renderSection(post, [mine], moderator, {
      [`PUT /api/posts/${post.id}/comments/${mine.id}?action=changeAsUser&userGroup=mods`]: {
        body: { ...mine, userGroup: 'mods' },
      },
    });
    const item = screen.getByText('Stay on topic').closest('li')!;
    expect(within(item).queryByRole('combobox', { name: 'Speaking as' })).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('textbox', { name: 'Edit your comment' }).closest('form')!;
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Speaking as' }), 'mods');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Moderator')).toBeTruthy());
    // The text did not change, so only the capacity was sent.
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(server.unhandled).toEqual([]);
  });

  test('deep in a thread, a moderator finds the other actions in one menu, where a row would wrap', () => {
    const moderator = makeUser({ username: 'mod' });
    const post = makePost({ community: makeFullCommunity('golang', { userMod: true }) });
    renderSection(post, chain(post, 4), moderator);
    const actionsOf = (body: string) =>
      screen
        .getByText(body)
        .closest('[data-comment-own]')!
        .querySelector<HTMLElement>('[data-comment-actions]')!;
    const shallow = within(actionsOf('Level 1'));
    expect(shallow.getByRole('button', { name: 'Lock' })).toBeTruthy();
    expect(shallow.queryByRole('button', { name: 'More options' })).toBeNull();
    const deep = within(actionsOf('Level 3'));
    expect(deep.getByRole('button', { name: 'More options' })).toBeTruthy();
    expect(deep.queryByRole('button', { name: 'Lock' })).toBeNull();
    expect(deep.getByRole('button', { name: 'Reply' })).toBeTruthy();
  });

  test('members write only as themselves', () => {
    renderSection(makePost(), []);
    expect(screen.queryByRole('combobox', { name: 'Speaking as' })).toBeNull();
  });

  test('a moderator locks a comment: it says Locked and nothing below it takes a reply', async () => {
    const moderator = makeUser({ username: 'mod' });
    const post = makePost({ community: makeFullCommunity('golang', { userMod: true }) });
    const [top, reply] = chain(post, 2) as [Comment, Comment];
    const locked = { ...top, locked: true, lockedBy: moderator.id, lockedByGroup: 'mods' as const };
    const { server } = renderSection(post, [top, reply], moderator, {
      [`PUT /api/posts/${post.id}/comments/${top.id}?action=lock&lockAs=mods`]: { body: locked },
    });
    const item = screen.getByText('Level 0').closest('li')!;
    const replyItem = screen.getByText('Level 1').closest('li')!;
    expect(within(replyItem).getByRole('button', { name: 'Reply' })).toBeTruthy();
    fireEvent.click(within(item).getAllByRole('button', { name: 'Lock' })[0]!);
    await waitFor(() => expect(item.querySelector('[title="Replies locked by moderators"]')).toBeTruthy());
    expect(server.unhandled).toEqual([]);
    expect(within(item).queryAllByRole('button', { name: 'Reply' })).toEqual([]);
    expect(within(item).getAllByRole('button', { name: 'Unlock' }).length).toBeGreaterThan(0);
  });

  test('members see no Lock', () => {
    const post = makePost();
    renderSection(post, chain(post, 1));
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
  });

  test("Share opens the device's share sheet with the comment's address on narrower screens", async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'share');
    });
    const post = makePost({ title: 'Herons' });
    const [comment] = chain(post, 1) as [Comment];
    const view = renderSection(post, [comment], null);
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull(); // wide: Copy link only
    view.unmount();
    setMediaQuery(`(max-width: ${ui.shareSheetBelowPx - 1}px)`, true);
    renderSection(post, [comment], null);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({
      title: 'Herons',
      url: `${window.location.origin}/golang/post/${post.publicId}/${comment.id}`,
    });
  });

  test("on phones a comment's other actions are in one menu: the author's, then anyone's", async () => {
    setMediaQuery(NARROW_QUERY, true);
    const viewer = makeUser({ username: 'dave' });
    const post = makePost();
    const mine = makeComment(post, { body: 'Mine', userId: viewer.id, username: viewer.username });
    const theirs = makeComment(post, { body: 'Theirs' });
    renderSection(post, [mine, theirs], viewer);
    const itemOf = (text: string) => screen.getByText(text).closest('li')!;
    expect(within(itemOf('Mine')).queryByRole('button', { name: 'Edit' })).toBeNull();

    const menuItems = async (text: string) => {
      fireEvent.click(within(itemOf(text)).getByRole('button', { name: 'More options' }));
      const sheet = await screen.findByRole('dialog', { name: 'Comment options' });
      return within(sheet)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter((label) => label);
    };
    expect(await menuItems('Mine')).toEqual(['Edit', 'Delete', 'Save', 'Copy link']);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await menuItems('Theirs')).toEqual(['Report', 'Save', 'Copy link']);
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('dialog', { name: 'Report comment' })).toBeTruthy();
  });
});
