import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUserQuery, useCurrentUser } from '../src/features/session/api/get-current-user';
import { errorReply, fakeApi } from './fake-api';
import { makeInitial, makeUser } from './fixtures';
import { renderWithApp } from './render';

function Who({ slot }: { slot: number }) {
  const user = useCurrentUser();
  return <p data-testid={`who-${slot}`}>{user ? user.username : 'guest'}</p>;
}

/** A session that ends elsewhere (a ban, a logout in another tab) while several parts of the page read the user. */
describe('when the session ends elsewhere', () => {
  it('falls back to a guest with one reload of the bootstrap, however fast the server answers', async () => {
    const guest = makeInitial({ user: null });
    const api = fakeApi({
      'GET /api/_user': errorReply(401, 'not_logged_in', 'User is not logged in.'),
      // The bootstrap takes a moment; 401s answer at once (as a fast server does).
      'GET /api/_initial': () => new Promise((resolve) => setTimeout(() => resolve({ body: guest }), 50)),
    });
    const alice = makeUser({ username: 'alice' });
    const { queryClient } = renderWithApp(
      <>
        <Who slot={1} />
        <Who slot={2} />
        <Who slot={3} />
      </>,
      { initial: { user: alice } },
    );
    expect(screen.getByTestId('who-1').textContent).toBe('alice');

    await queryClient.refetchQueries({ queryKey: currentUserQuery.queryKey });
    await waitFor(() => {
      for (const slot of [1, 2, 3]) expect(screen.getByTestId(`who-${slot}`).textContent).toBe('guest');
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.requestsTo('GET /api/_initial')).toHaveLength(1);
    // At most one more question per reader, never a loop.
    expect(api.requestsTo('GET /api/_user').length).toBeLessThanOrEqual(3);
  });
});
