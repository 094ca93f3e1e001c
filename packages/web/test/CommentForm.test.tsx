import { useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { messages, type Post } from '@commons/shared';
import NewPostPage from '../src/app/routes/new-post';
import { ConfirmDialog } from '../src/components/ui/ConfirmDialog';
import { CommentForm } from '../src/features/comments/components/CommentForm';
import { useCreateComment } from '../src/features/comments/api/create-comment';
import CreateCommunityModal from '../src/features/communities/components/CreateCommunityModal';
import { ReportDialog } from '../src/features/reports/components/ReportDialog';
import { initialQuery } from '../src/features/session';
import { api } from '../src/lib/api-client';
import { deferred, errorReply, fakeApi, type Reply } from './fake-api';
import { makeCommunity, makeUser } from './fixtures';
import { makeComment, makeFullCommunity, makePost } from './post-fixtures';
import { renderWithApp, settle } from './render';

/**
 * Defect 1 of issue 9: a double click on a form's submit button sent it twice, because the mutation's
 * isPending only turns true after a render. Each form sends once and shows it is busy until the answer.
 */

/** The comment box as the comment section wires it: busy from the mutation, the body sent by it. */
function NewCommentBox({ post }: { post: Post }) {
  const create = useCreateComment(post);
  return (
    <CommentForm
      label="Add a comment"
      submitLabel="Comment"
      busy={create.isPending}
      onSubmit={async (body) => {
        await create.mutateAsync({ body, parentId: null });
      }}
    />
  );
}

/** A confirmation whose action is a mutation, closing once it succeeds, as the app's dialogs do. */
function DeleteThing() {
  const [open, setOpen] = useState(true);
  const remove = useMutation({ mutationFn: () => api('/things/1', { method: 'DELETE' }) });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Are you sure?"
      confirmLabel="Delete"
      danger
      busy={remove.isPending}
      onConfirm={() => remove.mutate(undefined, { onSuccess: () => setOpen(false) })}
    />
  );
}

describe('one submission at a time', () => {
  test('double-clicking Comment posts the comment once; the button is busy until the answer', async () => {
    const post = makePost();
    const answer = deferred<Reply>();
    const key = `POST /api/posts/${post.publicId}/comments`;
    const server = fakeApi({ [key]: () => answer.promise });
    const { user } = renderWithApp(<NewCommentBox post={post} />, { initial: { user: makeUser() } });
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Only once');
    const button = screen.getByRole('button', { name: 'Comment' });
    await user.dblClick(button);
    await settle();
    expect(server.requestsTo(key)).toHaveLength(1);
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');

    answer.resolve({ body: makeComment(post, { body: 'Only once' }) });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(server.requestsTo(key)).toHaveLength(1);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a comment' }).value).toBe('');
  });

  test('sent from the keyboard with the Comment button, the focus stays in the box', async () => {
    const post = makePost();
    const key = `POST /api/posts/${post.publicId}/comments`;
    fakeApi({ [key]: { body: makeComment(post, { body: 'By keyboard' }) } });
    const { user } = renderWithApp(<NewCommentBox post={post} />, { initial: { user: makeUser() } });
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a comment' });
    await user.type(box, 'By keyboard');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Comment' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box.value).toBe(''));
    expect(document.activeElement).toBe(box);
  });

  test('Ctrl+Enter twice in a row sends once too', async () => {
    const post = makePost();
    const answer = deferred<Reply>();
    const key = `POST /api/posts/${post.publicId}/comments`;
    const server = fakeApi({ [key]: () => answer.promise });
    const { user } = renderWithApp(<NewCommentBox post={post} />, { initial: { user: makeUser() } });
    await user.type(
      screen.getByRole('textbox', { name: 'Add a comment' }),
      'Quick{Control>}{Enter}{Enter}{/Control}',
    );
    await settle();
    expect(server.requestsTo(key)).toHaveLength(1);
    answer.resolve({ body: makeComment(post, { body: 'Quick' }) });
    await settle();
    expect(server.requestsTo(key)).toHaveLength(1);
  });

  test('double-clicking Report sends one report', async () => {
    const answer = deferred<Reply>();
    const server = fakeApi({ 'POST /api/_report': () => answer.promise });
    const { user } = renderWithApp(<ReportDialog type="post" targetId="p1" open onOpenChange={() => {}} />, {
      initial: {
        user: makeUser(),
        reportReasons: [{ id: 1, title: 'Spam', description: null }],
      },
    });
    const dialog = screen.getByRole('dialog', { name: 'Report post' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    const button = within(dialog).getByRole('button', { name: 'Report' });
    await user.dblClick(button);
    await settle();
    expect(server.requestsTo('POST /api/_report')).toHaveLength(1);
    expect(button.getAttribute('aria-busy')).toBe('true');
    answer.resolve({ body: { id: 1 } });
    await settle();
    expect(server.requestsTo('POST /api/_report')).toHaveLength(1);
  });

  test('double-clicking Create makes one community', async () => {
    const answer = deferred<Reply>();
    const server = fakeApi({ 'POST /api/communities': () => answer.promise });
    const { user } = renderWithApp(<CreateCommunityModal onClose={() => {}} />, {
      initial: { user: makeUser() },
    });
    const dialog = screen.getByRole('dialog', { name: 'Create community' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'trains');
    const button = within(dialog).getByRole('button', { name: 'Create' });
    await user.dblClick(button);
    await settle();
    expect(server.requestsTo('POST /api/communities')).toHaveLength(1);
    expect(button.getAttribute('aria-busy')).toBe('true');
    answer.resolve({ body: makeCommunity('trains', { userJoined: true, userMod: true }) });
    await settle();
    expect(server.requestsTo('POST /api/communities')).toHaveLength(1);
  });

  test("a new post's Submit, double-clicked, sends one post", async () => {
    const gaming = makeFullCommunity('gaming');
    const answer = deferred<Reply>();
    const server = fakeApi({
      'GET /api/communities?sort=size&limit=10': { body: [{ ...gaming, mods: null, rules: null }] },
      'GET /api/communities/gaming?byName=true': { body: gaming },
      'POST /api/posts': () => answer.promise,
    });
    const { user } = renderWithApp(<NewPostPage />, {
      initial: { user: makeUser({ points: 50 }) },
      path: '/new?community=gaming',
    });
    await screen.findByRole('heading', { name: 'gaming', level: 2 });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Posted once');
    const button = screen.getByRole('button', { name: 'Submit' });
    await user.dblClick(button);
    await settle();
    expect(server.requestsTo('POST /api/posts')).toHaveLength(1);
    expect(button.getAttribute('aria-busy')).toBe('true');
    answer.resolve({ body: makePost({ communityName: 'gaming' }) });
    await settle();
    expect(server.requestsTo('POST /api/posts')).toHaveLength(1);
  });

  test('a confirmation dialog runs its action once per confirmation', async () => {
    const answer = deferred<Reply>();
    const server = fakeApi({ 'DELETE /api/things/1': () => answer.promise });
    const { user } = renderWithApp(<DeleteThing />);
    const button = within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' });
    await user.dblClick(button);
    await settle();
    expect(server.requestsTo('DELETE /api/things/1')).toHaveLength(1);
    expect(button.getAttribute('aria-busy')).toBe('true');
    answer.resolve({ status: 204 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('DELETE /api/things/1')).toHaveLength(1);
  });

  test('a failed confirmation can be tried again', async () => {
    const server = fakeApi({
      'DELETE /api/things/1': [{ status: 500, body: { status: 500, message: 'Boom' } }, { status: 204 }],
    });
    const { user } = renderWithApp(<DeleteThing />);
    const button = within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' });
    await user.click(button);
    // The refusal came before the button could show it was busy: it is free again a moment later.
    await settle(300);
    expect(server.requestsTo('DELETE /api/things/1')).toHaveLength(1);
    expect(button.hasAttribute('disabled')).toBe(false);
    await user.click(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('DELETE /api/things/1')).toHaveLength(2);
  });
});

describe('a comment refused for a ban', () => {
  test('says so and marks the member banned from that community (core §8)', async () => {
    const post = makePost();
    fakeApi({
      [`POST /api/posts/${post.publicId}/comments`]: errorReply(
        403,
        'banned_from_community',
        'You are banned from this community.',
      ),
    });
    const { user, queryClient } = renderWithApp(<NewCommentBox post={post} />, {
      initial: { user: makeUser(), bannedFrom: [] },
    });
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Am I banned?');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() =>
      expect(queryClient.getQueryData(initialQuery.queryKey)?.bannedFrom).toEqual([post.communityId]),
    );
    expect(screen.getByText(messages.comments.bannedFromCommunity)).toBeTruthy();
  });
});
