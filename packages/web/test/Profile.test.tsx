import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages } from '@commons/shared';
import { Toasts } from '../src/components/ui/Toasts';
import { ProfileHeader } from '../src/features/profiles/components/ProfileHeader';
import { fakeApi } from './fake-api';
import { fakeUploads, imageFile } from './fake-uploads';
import { makeUser } from './fixtures';
import { makeImage } from './post-fixtures';
import { renderWithApp } from './render';

describe('profile header', () => {
  test("'about me' is rendered with the site's markdown rules, not shown raw", async () => {
    const alice = makeUser({
      username: 'alice',
      aboutMe: 'I like **bold** claims.\n\n- item one\n- item two',
    });
    renderWithApp(<ProfileHeader user={alice} />);
    const strong = await screen.findByText('bold', { selector: 'strong' });
    const about = strong.closest('#profile-about') as HTMLElement;
    expect(about).toBeTruthy();
    expect(
      within(about)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['item one', 'item two']);
    expect(about.textContent).not.toContain('**');
    // The fold of core §2 still applies to the rendered text.
    expect(about.style.maxHeight).toBe('120px');
  });

  test('an admin sees a deleted account’s real name marked in red', () => {
    const gone = makeUser({ username: 'leftus', deleted: true, deletedAt: '2025-02-01T00:00:00Z' });
    renderWithApp(<ProfileHeader user={gone} />, { initial: { user: makeUser({ isAdmin: true }) } });
    const name = screen.getByText('@leftus');
    expect(name.classList.contains('deletedName')).toBe(true);
    expect(name.getAttribute('title')).toBe('Deleted account');
  });

  test('the profile’s picture reads out its alt text; a picture without one says nothing', () => {
    const { rerender } = renderWithApp(
      <ProfileHeader
        user={makeUser({ username: 'pictured', proPic: makeImage({ altText: 'A heron on a post' }) })}
      />,
    );
    expect(screen.getByRole('img', { name: 'A heron on a post' })).toBeTruthy();
    rerender(<ProfileHeader user={makeUser({ username: 'plain', proPic: makeImage({ altText: null }) })} />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  test('a live account’s name is not marked', () => {
    renderWithApp(<ProfileHeader user={makeUser({ username: 'here' })} />, {
      initial: { user: makeUser({ isAdmin: true }) },
    });
    const heading = screen.getByRole('heading', { level: 1, name: '@here' });
    expect(heading.querySelector('.deletedName')).toBeNull();
  });
});

describe('profile picture', () => {
  function renderOwnProfile() {
    const alice = makeUser({ username: 'alice' });
    const view = renderWithApp(
      <>
        <ProfileHeader user={alice} />
        <div data-testid="toasts">
          <Toasts />
        </div>
      </>,
      { initial: { user: alice } },
    );
    return { ...view, alice };
  }
  const toasts = () => within(screen.getByTestId('toasts')).getByRole('status').textContent ?? '';

  test('a new picture goes up as the multipart part "image", then the account is read again', async () => {
    localStorage.setItem('csrftoken', 'token-1');
    const { uploads } = fakeUploads(() => 'hold');
    const { user, alice } = renderOwnProfile();
    const withPicture = { ...alice, proPic: makeImage() };
    const server = fakeApi({ 'GET /api/_user': { body: withPicture } });

    await user.upload(screen.getByLabelText('Upload a profile picture'), imageFile('me.png'));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.method).toBe('POST');
    expect(uploads[0]!.url).toBe('/api/users/alice/pro_pic');
    expect(uploads[0]!.headers.get('X-Csrf-Token')).toBe('token-1');
    expect(uploads[0]!.file.name).toBe('me.png');
    expect(screen.getByRole('button', { name: 'Add picture' })).toHaveProperty('disabled', true);

    uploads[0]!.respond(200, withPicture);
    await waitFor(() => expect(server.requestsTo('GET /api/_user')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add picture' })).toHaveProperty('disabled', false),
    );
  });

  test('a refused picture shows the server’s message', async () => {
    fakeUploads(() => ({
      error: { status: 400, code: 'unsupported_image', message: messages.images.unsupported },
    }));
    const { user } = renderOwnProfile();
    await user.upload(screen.getByLabelText('Upload a profile picture'), imageFile('me.png'));
    await waitFor(() => expect(toasts()).toContain(messages.images.unsupported));
  });

  test('a picture that never reached the server asks to check the connection', async () => {
    const { uploads } = fakeUploads(() => 'hold');
    const { user } = renderOwnProfile();
    await user.upload(screen.getByLabelText('Upload a profile picture'), imageFile('me.png'));
    uploads[0]!.networkError();
    await waitFor(() => expect(toasts()).toContain(messages.common.networkError));
  });
});
