import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, type Comment, type Post, type User } from '@commons/shared';
import { Toasts } from '../src/components/ui/Toasts';
import { CommentSection } from '../src/features/comments/components/CommentSection';
import { fakeApi } from './fake-api';
import { makeUser } from './fixtures';
import { makeComment, makePost } from './post-fixtures';
import { renderWithApp } from './render';

function renderSection(post: Post, comments: Comment[], user: User | null = makeUser()) {
  const server = fakeApi({});
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
    fireEvent.click(screen.getAllByRole('button', { name: 'Upvote' })[0]!);
    expect(await screen.findByText(messages.comments.cannotVoteDeleted)).toBeTruthy();
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
});
