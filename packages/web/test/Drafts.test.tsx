import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Link, Router, useLocation } from 'wouter';
import { messages, type Community, type Post } from '@commons/shared';
import NewPostPage from '../src/app/routes/new-post';
import { CommentForm } from '../src/features/comments/components/CommentForm';
import { Toasts } from '../src/components/ui/Toasts';
import { useLogout } from '../src/features/auth/api/logout';
import { draftKeys, loadDraft, saveDraft } from '../src/lib/drafts';
import { guardNavigation } from '../src/lib/navigation-guard';
import { errorReply, fakeApi, type Route } from './fake-api';
import { makeUser } from './fixtures';
import { makeComment, makeFullCommunity, makePost } from './post-fixtures';
import { renderWithApp } from './render';

/**
 * Defect 7 of issue 9: leaving the editor through an in-app link lost the draft without asking, and a
 * reload lost any half-written post or comment.
 */

const gaming = makeFullCommunity('gaming');
const me = makeUser({ username: 'alice', points: 50 });

function editorRoutes(community: Community = gaming): Record<string, Route> {
  return {
    'GET /api/communities?sort=size&limit=10': { body: [{ ...community, mods: null, rules: null }] },
    [`GET /api/communities/${community.name}?byName=true`]: { body: community },
  };
}

/** A button that navigates in code, as menus and the bottom bar do. */
function GoHome() {
  const [, navigate] = useLocation();
  return (
    <button type="button" onClick={() => navigate('/')}>
      Home in code
    </button>
  );
}

/** The editor with a sidebar link beside it, under the app's navigation guard. */
function renderEditor(routes: Record<string, Route> = {}, path = '/new?community=gaming') {
  const api = fakeApi({ ...editorRoutes(), ...routes });
  const view = renderWithApp(
    <Router aroundNav={guardNavigation}>
      <nav>
        <Link href="/popular">Popular</Link>
        <GoHome />
      </nav>
      <NewPostPage />
    </Router>,
    { initial: { user: me }, path },
  );
  return { ...view, api };
}

const titleField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' });
const bodyField = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Body/ });
const leaveDialog = () => screen.queryByRole('dialog', { name: messages.posts.leaveConfirm });

describe('post editor: leaving through the app', () => {
  test('an in-app link away from an edited editor asks; staying keeps everything', async () => {
    const { user, currentPath } = renderEditor();
    await user.type(titleField(), 'Half a thought');
    await user.click(screen.getByRole('link', { name: 'Popular' }));
    const dialog = leaveDialog()!;
    expect(dialog).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(leaveDialog()).toBeNull();
    expect(currentPath()).toBe('/new?community=gaming');
    expect(titleField().value).toBe('Half a thought');
  });

  test('confirming leaves for the link and discards the draft', async () => {
    const { user, currentPath } = renderEditor();
    await user.type(titleField(), 'Half a thought');
    await user.click(screen.getByRole('link', { name: 'Popular' }));
    await user.click(within(leaveDialog()!).getByRole('button', { name: 'Leave' }));
    expect(currentPath()).toBe('/popular');
    expect(loadDraft(draftKeys.newPost, me.id)).toBeNull();
  });

  test('navigation in code (menus, the bottom bar) asks too', async () => {
    const { user, currentPath } = renderEditor();
    await user.type(bodyField(), 'Some body');
    await user.click(screen.getByRole('button', { name: 'Home in code' }));
    expect(leaveDialog()).toBeTruthy();
    await user.click(within(leaveDialog()!).getByRole('button', { name: 'Leave' }));
    expect(currentPath()).toBe('/');
  });

  test('an untouched editor lets the link go without asking', async () => {
    const { user, currentPath } = renderEditor();
    await user.click(screen.getByRole('link', { name: 'Popular' }));
    expect(leaveDialog()).toBeNull();
    expect(currentPath()).toBe('/popular');
  });

  test('a submitted post goes to its page without asking, and its draft is gone', async () => {
    const created = makePost({ communityName: 'gaming', publicId: 'Xyz_1234' });
    const { user, currentPath } = renderEditor({ 'POST /api/posts': { body: created } });
    await screen.findByRole('heading', { name: 'gaming', level: 2 });
    await user.type(titleField(), 'Hello world');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(currentPath()).toBe('/gaming/post/Xyz_1234'));
    expect(leaveDialog()).toBeNull();
    expect(loadDraft(draftKeys.newPost, me.id)).toBeNull();
  });
});

describe('post editor: the draft survives a reload', () => {
  test('title, body and community come back when the editor opens again', async () => {
    const first = renderEditor();
    await first.user.type(titleField(), 'Half a thought');
    await first.user.type(bodyField(), 'More to say');
    first.unmount();

    const again = renderEditor({}, '/new');
    expect(titleField().value).toBe('Half a thought');
    expect(bodyField().value).toBe('More to say');
    expect(await screen.findByRole('heading', { name: 'gaming', level: 2 })).toBeTruthy();
    // What came back is unsent: leaving still asks.
    await again.user.click(screen.getByRole('link', { name: 'Popular' }));
    expect(leaveDialog()).toBeTruthy();
  });

  test('Cancel and Leave discard it', async () => {
    const first = renderEditor();
    await first.user.type(titleField(), 'Not worth it');
    await first.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await first.user.click(within(leaveDialog()!).getByRole('button', { name: 'Leave' }));
    first.unmount();

    renderEditor();
    expect(titleField().value).toBe('');
  });

  test('a post being edited keeps its unsaved edit apart from new posts', async () => {
    const post = makePost({ communityName: 'gaming', publicId: 'Edit1234', title: 'Original', body: 'Old' });
    const routes = { 'GET /api/posts/Edit1234?fetchCommunity=true': { body: { ...post, userId: me.id } } };
    const first = renderEditor(routes, '/new?edit=Edit1234');
    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title' });
    await first.user.clear(title);
    await first.user.type(title, 'Better title');
    first.unmount();

    renderEditor(routes, '/new?edit=Edit1234');
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title' })).value).toBe(
      'Better title',
    );
    expect(loadDraft(draftKeys.newPost, me.id)).toBeNull();
  });
});

describe('comment boxes keep their drafts', () => {
  function renderBox(post: Post, draftKey: string, onCancel?: () => void) {
    const api = fakeApi({});
    return {
      ...renderWithApp(
        <CommentForm
          label="Add a comment"
          submitLabel="Comment"
          busy={false}
          draftKey={draftKey}
          onSubmit={async () => {}}
          onCancel={onCancel}
        />,
        { initial: { user: me } },
      ),
      api,
    };
  }
  const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a comment' });

  test('a half-written comment comes back after a reload, and goes once it is sent', async () => {
    const post = makePost();
    const key = draftKeys.comment(post.id, null);
    const first = renderBox(post, key);
    await first.user.type(box(), 'I was saying');
    first.unmount();

    const second = renderBox(post, key);
    expect(box().value).toBe('I was saying');
    await second.user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(box().value).toBe(''));
    second.unmount();

    renderBox(post, key);
    expect(box().value).toBe('');
  });

  test('replies keep their drafts by the comment they answer; Cancel discards', async () => {
    const post = makePost();
    const parent = makeComment(post);
    const other = makeComment(post);
    const first = renderBox(post, draftKeys.comment(post.id, parent.id), () => {});
    await first.user.type(box(), 'A reply');
    first.unmount();

    const elsewhere = renderBox(post, draftKeys.comment(post.id, other.id));
    expect(box().value).toBe('');
    elsewhere.unmount();

    const again = renderBox(post, draftKeys.comment(post.id, parent.id), () => {});
    expect(box().value).toBe('A reply');
    await again.user.click(screen.getByRole('button', { name: 'Cancel' }));
    again.unmount();

    renderBox(post, draftKeys.comment(post.id, parent.id));
    expect(box().value).toBe('');
  });
});

describe('drafts and logging out', () => {
  function LogoutButton() {
    const logout = useLogout();
    return (
      <button type="button" onClick={() => logout.mutate()}>
        Logout
      </button>
    );
  }

  test("logging out removes the member's drafts from the device, and keeps nothing after", async () => {
    const other = makeUser({ username: 'bob' });
    saveDraft(draftKeys.newPost, other.id, { title: 'Bob keeps his' });
    saveDraft(draftKeys.newPost, me.id, { title: 'Half a thought' });
    saveDraft(draftKeys.comment('p1', null), me.id, 'Half a reply');
    const server = fakeApi({ 'POST /api/_login?action=logout': { body: { success: true } } });
    const { user } = renderWithApp(<LogoutButton />, { initial: { user: me } });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(server.requestsTo('POST /api/_login?action=logout')).toHaveLength(1));
    await waitFor(() => expect(loadDraft(draftKeys.newPost, me.id)).toBeNull());
    expect(loadDraft(draftKeys.comment('p1', null), me.id)).toBeNull();
    expect(loadDraft(draftKeys.newPost, other.id)).toEqual({ title: 'Bob keeps his' });
  });

  test('a session already ended elsewhere is logged out, with its drafts, and no failure said', async () => {
    saveDraft(draftKeys.newPost, me.id, { title: 'Half a thought' });
    fakeApi({
      'POST /api/_login?action=logout': errorReply(401, 'not_logged_in', 'Not logged in.'),
      'GET /api/_user': errorReply(401, 'not_logged_in', 'Not logged in.'),
    });
    const { user } = renderWithApp(
      <>
        <LogoutButton />
        <Toasts />
      </>,
      { initial: { user: me } },
    );
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(loadDraft(draftKeys.newPost, me.id)).toBeNull());
    expect(screen.queryByText(messages.login.logoutFailed)).toBeNull();
  });

  test('a comment box still open after logging out writes nothing to the device', async () => {
    const post = makePost();
    fakeApi({});
    const { user } = renderWithApp(
      <CommentForm
        label="Add a comment"
        submitLabel="Comment"
        busy={false}
        onSubmit={async () => {}}
        draftKey={draftKeys.comment(post.id, null)}
      />,
      { initial: { user: null } },
    );
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Typed after logging out');
    expect(Object.keys(localStorage).filter((key) => key.startsWith('draft:'))).toEqual([]);
  });
});
