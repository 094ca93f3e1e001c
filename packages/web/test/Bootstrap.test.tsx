import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { apiMessages } from '@commons/shared/texts/api';
import { Bootstrap } from '../src/app/Bootstrap';
import { deferred, errorReply, fakeApi, networkError, type Reply, type Route } from './fake-api';
import { makeInitial } from './fixtures';
import { renderWithApp } from './render';

function renderBootstrap(initial: Route) {
  const api = fakeApi({ 'GET /api/_initial': initial });
  const view = renderWithApp(
    <Bootstrap>
      <p>The app</p>
    </Bootstrap>,
    { initial: null },
  );
  return { ...view, api };
}

const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

/** The connection comes back: the page tries once, exactly 2 s later (secondary §'Offline page'). */
async function expectTryTwoSecondsAfterOnline(api: { requests: unknown[] }) {
  const before = api.requests.length;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  await act(() => vi.advanceTimersByTimeAsync(1999));
  expect(api.requests).toHaveLength(before);
  await act(() => vi.advanceTimersByTimeAsync(1));
  expect(api.requests).toHaveLength(before + 1);
}

describe('Bootstrap', () => {
  test('renders the app once GET /api/_initial answers, and keeps its CSRF token', async () => {
    const { api } = renderBootstrap({ body: makeInitial(), headers: { 'Csrf-Token': 'first-token' } });
    expect(await screen.findByText('The app')).toBeTruthy();
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/_initial']);
    expect(localStorage.getItem('csrftoken')).toBe('first-token');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('while waiting it shows nothing, then after 80 ms a loading indicator', async () => {
    vi.useFakeTimers();
    const answer = deferred<Reply>();
    renderBootstrap(() => answer.promise);
    await act(() => vi.advanceTimersByTimeAsync(79));
    expect(screen.queryByRole('status')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText('The app')).toBeNull();

    answer.resolve({ body: makeInitial() });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('The app')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  test("a network failure while the browser is offline shows You're offline with Retry", async () => {
    goOffline();
    renderBootstrap(networkError);
    expect(await screen.findByRole('heading', { name: "You're offline" })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'The page will come back by itself when you are online again.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('The app')).toBeNull();
  });

  test('a 408 answer also means offline', async () => {
    renderBootstrap(errorReply(408, undefined, 'Request Timeout'));
    expect(await screen.findByRole('heading', { name: "You're offline" })).toBeTruthy();
  });

  test('a 500 shows Something went wrong. with Retry, and Retry loads the app', async () => {
    const { user, api } = renderBootstrap([
      errorReply(500, undefined, apiMessages.internalError),
      { body: makeInitial() },
    ]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "You're offline" })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The app')).toBeTruthy();
    expect(api.requests).toHaveLength(2);
  });

  test('Retry that fails again keeps the error page', async () => {
    const { user, api } = renderBootstrap(errorReply(503, undefined, 'Service Unavailable'));
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeTruthy();
    expect(screen.queryByText('The app')).toBeNull();
  });

  test('offline, the app comes back by itself 2 s after the online event', async () => {
    vi.useFakeTimers();
    const offline = goOffline();
    const { api } = renderBootstrap([networkError, { body: makeInitial() }]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeTruthy();
    expect(api.requests).toHaveLength(1);

    offline.mockReturnValue(true);
    await expectTryTwoSecondsAfterOnline(api);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('The app')).toBeTruthy();
  });

  test('when the first try after the online event fails too, the app keeps trying, less often each time', async () => {
    vi.useFakeTimers();
    const offline = goOffline();
    const { api } = renderBootstrap([networkError, networkError, networkError, { body: makeInitial() }]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    offline.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    // In slices, each in its own act, so that each failure renders (and sets the next wait) in time.
    const advance = async (ms: number) => {
      for (let t = 0; t < ms; t += 100) await act(() => vi.advanceTimersByTimeAsync(100));
    };
    await advance(2000);
    expect(api.requests).toHaveLength(2);
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeTruthy();
    // No second online event comes: the page tries again 2 s later, then 4 s after that.
    await advance(1800);
    expect(api.requests).toHaveLength(2);
    await advance(300);
    expect(api.requests).toHaveLength(3);
    await advance(3600);
    expect(api.requests).toHaveLength(3);
    await advance(600);
    expect(api.requests).toHaveLength(4);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('The app')).toBeTruthy();
  });

  test('the connection coming back while a try is still out leads to a try 2 s later', async () => {
    vi.useFakeTimers();
    const offline = goOffline();
    const retry = deferred<Reply | typeof networkError>();
    let n = 0;
    const { api } = renderBootstrap(() => {
      n += 1;
      if (n === 1) return networkError;
      if (n === 2) return retry.promise;
      return { body: makeInitial() };
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    // Retry, and the connection comes back before that try has failed: the try clears the error while
    // it runs, which once made the page stop waiting for the connection and never try again.
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.requests).toHaveLength(2);
    offline.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    retry.resolve(networkError);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.requests).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('The app')).toBeTruthy();
  });

  test('before the connection comes back, the page waits for it: no tries on its own', async () => {
    vi.useFakeTimers();
    // Offline as far as the call knows (it failed), though the browser has not said so.
    const { api } = renderBootstrap([networkError, { body: makeInitial() }]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(api.requests).toHaveLength(1);
    await expectTryTwoSecondsAfterOnline(api);
  });

  test('the online event does nothing while the app is not offline', async () => {
    vi.useFakeTimers();
    const { api } = renderBootstrap(errorReply(500, undefined, apiMessages.internalError));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(api.requests).toHaveLength(1);
  });
});
