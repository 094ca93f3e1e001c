// @vitest-environment happy-dom
// (The unit project also collects this file, in Node; the client needs a browser's storage and cookies.)
import { afterEach, describe, expect, test, vi } from 'vitest';
import { messages } from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';
import { errorReply, fakeApi, networkError } from '../../test/fake-api';
import { fakeUploads, imageFile } from '../../test/fake-uploads';
import { api, ApiError, csrfToken, errorText, upload } from './api-client';

function clearCookies() {
  for (const c of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${c.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  clearCookies();
});

describe('errorText', () => {
  test('429 asks to slow down', () => {
    expect(errorText(new ApiError(429, { status: 429, message: apiMessages.tooManyRequests }))).toBe(
      'Whoah, slow down there!',
    );
  });

  test('a request that never reached the server (status 0) asks to check the connection', () => {
    expect(errorText(new ApiError(0, null))).toBe("Make sure you're connected to the internet");
  });

  test.each([400, 403, 404, 500, 503])('any other status (%i) is the generic text', (status) => {
    expect(errorText(new ApiError(status, null))).toBe('Something went wrong.');
  });

  test('so is anything that is not an API error', () => {
    expect(errorText(new Error('boom'))).toBe(messages.common.somethingWentWrong);
    expect(errorText(undefined)).toBe(messages.common.somethingWentWrong);
  });
});

describe('ApiError', () => {
  test('carries the status, the code and the body of the answer', () => {
    const body = { status: 403, code: 'account_suspended', message: apiMessages.accountSuspended };
    const error = new ApiError(403, body);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(403);
    expect(error.code).toBe('account_suspended');
    expect(error.body).toEqual(body);
    expect(error.message).toBe(apiMessages.accountSuspended);
  });

  test('without a body it still says what happened', () => {
    expect(new ApiError(502, null).message).toBe('HTTP 502');
    expect(new ApiError(502, null).code).toBeUndefined();
    expect(new ApiError(0, null).message).toBe('Network error');
  });
});

describe('api', () => {
  test('returns the JSON of an OK answer', async () => {
    fakeApi({ 'GET /api/users/alice': { body: { username: 'alice' } } });
    await expect(api('/users/alice')).resolves.toEqual({ username: 'alice' });
  });

  test('a non-OK answer throws an ApiError with the status and code of its body', async () => {
    fakeApi({ 'POST /api/_login': errorReply(401, 'wrong-password', apiMessages.wrongPassword) });
    const error = await api('/_login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).code).toBe('wrong-password');
    expect((error as ApiError).message).toBe(apiMessages.wrongPassword);
  });

  test('a non-OK answer that is not JSON keeps its status', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await api('/anything').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
    expect(errorText(error)).toBe(messages.common.somethingWentWrong);
  });

  test('a network failure throws an ApiError with status 0', async () => {
    fakeApi({ 'GET /api/_user': networkError });
    const error = (await api('/_user').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(errorText(error)).toBe(messages.common.networkError);
  });

  test('an aborted request stays an abort, not a network error', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.reject(new DOMException('The user aborted a request.', 'AbortError')),
    );
    const error = (await api('/_user').catch((e: unknown) => e)) as Error;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.name).toBe('AbortError');
  });

  test('sends a JSON body with its content type; a GET sends neither', async () => {
    const server = fakeApi({ 'POST /api/_signup': { body: {} }, 'GET /api/_user': { body: {} } });
    await api('/_signup', { method: 'POST', body: { username: 'alice', email: null } });
    await api('/_user');
    const [post, get] = server.requests;
    expect(post!.body).toEqual({ username: 'alice', email: null });
    expect(post!.headers.get('Content-Type')).toBe('application/json');
    expect(get!.method).toBe('GET');
    expect(get!.body).toBeUndefined();
    expect(get!.headers.has('Content-Type')).toBe(false);
  });

  test('query values are encoded; null and undefined ones are left out', async () => {
    const server = fakeApi({
      'GET /api/communities?sort=name_asc&q=go+lang&page=2&nsfw=false': { body: [] },
    });
    await api('/communities', {
      query: { sort: 'name_asc', q: 'go lang', page: 2, nsfw: false, next: null, limit: undefined },
    });
    expect(server.unhandled).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});

describe('CSRF token', () => {
  test('X-Csrf-Token comes from device storage', async () => {
    localStorage.setItem('csrftoken', 'from-storage');
    document.cookie = 'csrftoken=from-cookie; path=/';
    const server = fakeApi({ 'GET /api/_user': { body: {} } });
    await api('/_user');
    expect(server.requests[0]!.headers.get('X-Csrf-Token')).toBe('from-storage');
  });

  test('else from the csrftoken cookie, decoded', async () => {
    document.cookie = 'other=1; path=/';
    document.cookie = `csrftoken=${encodeURIComponent('a+b/c=')}; path=/`;
    const server = fakeApi({ 'GET /api/_user': { body: {} } });
    await api('/_user');
    expect(server.requests[0]!.headers.get('X-Csrf-Token')).toBe('a+b/c=');
  });

  test('else it is empty', () => {
    expect(csrfToken()).toBe('');
  });

  test('the Csrf-Token header of an answer is remembered and sent next time', async () => {
    localStorage.setItem('csrftoken', 'old');
    const server = fakeApi({
      'POST /api/_login': { body: {}, headers: { 'Csrf-Token': 'new' } },
      'GET /api/_user': { body: {} },
    });
    await api('/_login', { method: 'POST', body: {} });
    expect(localStorage.getItem('csrftoken')).toBe('new');
    await api('/_user');
    expect(server.requests.map((r) => r.headers.get('X-Csrf-Token'))).toEqual(['old', 'new']);
  });

  test('an error answer carrying a token is remembered too; one without keeps the old token', async () => {
    localStorage.setItem('csrftoken', 'old');
    fakeApi({
      'GET /api/a': { ...errorReply(403, undefined, 'Forbidden.'), headers: { 'Csrf-Token': 'fresh' } },
      'GET /api/b': { body: {} },
    });
    await api('/a').catch(() => undefined);
    expect(localStorage.getItem('csrftoken')).toBe('fresh');
    await api('/b');
    expect(localStorage.getItem('csrftoken')).toBe('fresh');
  });

  test("a shared (public) answer's token is not taken: a cache may have kept another guest's", async () => {
    localStorage.setItem('csrftoken', 'mine');
    fakeApi({
      'GET /api/posts': {
        body: { posts: [] },
        headers: { 'Csrf-Token': 'another-guests', 'Cache-Control': 'public, max-age=0, s-maxage=5' },
      },
      'GET /api/_initial': {
        body: {},
        headers: { 'Csrf-Token': 'renewed', 'Cache-Control': 'private, no-store' },
      },
    });
    await api('/posts');
    expect(localStorage.getItem('csrftoken')).toBe('mine');
    await api('/_initial');
    expect(localStorage.getItem('csrftoken')).toBe('renewed');
  });

  test("a shared answer's token is taken when it is this browser's own cookie (a session renewed elsewhere)", async () => {
    localStorage.setItem('csrftoken', 'old');
    document.cookie = 'csrftoken=renewed-by-a-page; path=/';
    fakeApi({
      'GET /api/posts': {
        body: { posts: [] },
        headers: { 'Csrf-Token': 'renewed-by-a-page', 'Cache-Control': 'public, max-age=0, s-maxage=5' },
      },
    });
    await api('/posts');
    expect(localStorage.getItem('csrftoken')).toBe('renewed-by-a-page');
    document.cookie = 'csrftoken=; path=/; max-age=0';
  });
});

describe('upload', () => {
  const form = (name = 'cat.png') => {
    const data = new FormData();
    data.append('image', imageFile(name, 4000));
    return data;
  };

  test('posts the multipart form to /api{path} with the CSRF token and returns the JSON answer', async () => {
    localStorage.setItem('csrftoken', 'token-1');
    const server = fakeUploads(() => 'hold');
    const sent = upload<{ id: string }>('/users/alice/pro_pic', form('me.png'));
    const [request] = server.uploads;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/users/alice/pro_pic');
    expect(request!.headers.get('X-Csrf-Token')).toBe('token-1');
    expect(request!.file.name).toBe('me.png');
    request!.respond(200, { id: 'u1' });
    await expect(sent).resolves.toEqual({ id: 'u1' });
  });

  test('reports the share sent as it goes, then 1 once the server accepted the file', async () => {
    const server = fakeUploads(() => 'hold');
    const progress: number[] = [];
    const sent = upload('/_uploads', form(), { onProgress: (fraction) => progress.push(fraction) });
    server.uploads[0]!.progress(0.25);
    server.uploads[0]!.progress(0.5);
    server.uploads[0]!.progress(1);
    expect(progress).toEqual([0.25, 0.5, 1]);
    server.uploads[0]!.respond(200, { id: 'i1' });
    await sent;
    expect(progress).toEqual([0.25, 0.5, 1, 1]);
  });

  test('a refused upload reports no completion', async () => {
    const server = fakeUploads(() => 'hold');
    const progress: number[] = [];
    const sent = upload('/_uploads', form(), { onProgress: (fraction) => progress.push(fraction) });
    server.uploads[0]!.progress(1);
    server.uploads[0]!.fail(413, 'file_size_exceeded', 'Maximum file size exceeded.');
    await sent.catch(() => undefined);
    expect(progress).toEqual([1]);
  });

  test('a non-OK answer throws the same ApiError as a JSON call, with status, code and message', async () => {
    fakeUploads(() => ({
      error: { status: 400, code: 'unsupported_image', message: 'Unsupported image.' },
    }));
    const error = await upload('/_uploads', form()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('unsupported_image');
    expect((error as ApiError).message).toBe('Unsupported image.');
    expect((error as ApiError).body).toEqual({
      status: 400,
      code: 'unsupported_image',
      message: 'Unsupported image.',
    });
  });

  test('a non-OK answer that is not JSON keeps its status', async () => {
    const server = fakeUploads(() => 'hold');
    const sent = upload('/_uploads', form()).catch((e: unknown) => e);
    server.uploads[0]!.respond(502, '<html>Bad gateway</html>');
    const error = (await sent) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
    expect(errorText(error)).toBe(messages.common.somethingWentWrong);
  });

  test('a network failure throws an ApiError with status 0', async () => {
    const server = fakeUploads(() => 'hold');
    const sent = upload('/_uploads', form()).catch((e: unknown) => e);
    server.uploads[0]!.networkError();
    const error = (await sent) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(errorText(error)).toBe(messages.common.networkError);
  });

  test('aborting cancels the request and rejects with an AbortError, not an API error', async () => {
    const server = fakeUploads(() => 'hold');
    const controller = new AbortController();
    const sent = upload('/_uploads', form(), { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = (await sent) as Error;
    expect(server.uploads[0]!.aborted).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.name).toBe('AbortError');
  });

  test('an already aborted signal sends nothing', async () => {
    const server = fakeUploads();
    const controller = new AbortController();
    controller.abort();
    const error = (await upload('/_uploads', form(), { signal: controller.signal }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(error.name).toBe('AbortError');
    expect(server.uploads).toHaveLength(0);
  });

  test('without a stored token it sends the csrftoken cookie', async () => {
    document.cookie = `csrftoken=${encodeURIComponent('c+d')}; path=/`;
    const server = fakeUploads();
    await upload('/_uploads', form());
    expect(server.uploads[0]!.headers.get('X-Csrf-Token')).toBe('c+d');
  });

  test('the Csrf-Token header of its answer is remembered, for uploads and JSON calls alike', async () => {
    localStorage.setItem('csrftoken', 'old');
    const uploads = fakeUploads(() => 'hold');
    const json = fakeApi({ 'GET /api/_user': { body: {} } });
    const first = upload('/_uploads', form());
    uploads.uploads[0]!.respond(200, { id: 'i1' }, { 'Csrf-Token': 'new' });
    await first;
    expect(localStorage.getItem('csrftoken')).toBe('new');

    const second = upload('/_uploads', form()).catch(() => undefined);
    uploads.uploads[1]!.respond(403, { status: 403, message: 'Forbidden.' }, { 'Csrf-Token': 'newer' });
    await second;
    await api('/_user');
    expect(uploads.uploads.map((u) => u.headers.get('X-Csrf-Token'))).toEqual(['old', 'new']);
    expect(json.requests[0]!.headers.get('X-Csrf-Token')).toBe('newer');
  });
});
