import fs from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ui } from '@commons/shared';
import HomePage from '../src/app/routes/home';
import PostPage from '../src/app/routes/post';
import { csrfToken, embeddedAnswer } from '../src/lib/api-client';
import { resetEmbeddedAnswers } from '../src/lib/first-screen';
import { storage } from '../src/lib/storage';
import { fakeApi } from './fake-api';
import { makeInitial } from './fixtures';
import { feedPage, makeComment, makeFullCommunity, makePost, makePosts } from './post-fixtures';
import { renderWithApp } from './render';

/** The blocks the server writes into the page (server/src/web/first-screen.ts). */
function embed(url: string, body: unknown, token = ''): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.dataset.api = url;
  block.textContent = JSON.stringify(body);
  if (token) block.dataset.csrfToken = token;
  document.body.appendChild(block);
}

beforeEach(() => resetEmbeddedAnswers());
afterEach(() => {
  for (const block of document.querySelectorAll('script[data-api]')) block.remove();
  resetEmbeddedAnswers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("the first screen from the page's data", () => {
  test("the first render already shows the page's feed, as the server's render of the page did", () => {
    embed('/api/posts?sort=hot', feedPage(makePosts(2)));
    const server = fakeApi({});
    renderWithApp(<HomePage />);
    // No waiting: a skeleton first would replace the markup the page came with (entry-server.tsx).
    expect(screen.getByText('Post 1')).toBeTruthy();
    expect(screen.getByText('Post 2')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  test("index.html lays the page out before its first paint by the client's rule", () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8');
    expect(html).toContain(`window.matchMedia('(max-width: ${ui.mobileBreakpointPx}px)')`);
    expect(html).toContain(String(/Android|iPhone|iPad|iPod|Mobile/i));
  });

  test('the home feed shows from the page with no request; the next load of it asks the API', async () => {
    embed('/api/posts?sort=hot', feedPage(makePosts(2)));
    const server = fakeApi({ 'GET /api/posts?sort=hot': { body: feedPage(makePosts(1, 7)) } });
    const first = renderWithApp(<HomePage />);
    expect(await screen.findByText('Post 1')).toBeTruthy();
    expect(screen.getByText('Post 2')).toBeTruthy();
    expect(server.requests).toEqual([]);
    // Used once: the block is gone from the page, and the same feed later (another visit of the
    // page in this session, a refresh) comes from the API.
    expect(document.querySelector('script[data-api]')).toBeNull();
    first.unmount();
    renderWithApp(<HomePage />);
    expect(await screen.findByText('Post 7')).toBeTruthy();
    expect(server.requestsTo('GET /api/posts?sort=hot')).toHaveLength(1);
  });

  test('a post page shows its post and first comments from the page, in the same query as the API answer', async () => {
    const post = makePost({ communityName: 'tides' });
    const full = {
      ...post,
      community: makeFullCommunity('tides'),
      comments: [makeComment(post, { body: 'Low tide at six.' })],
      commentsNext: null,
    };
    // The server spells the query its own way; the address is what counts.
    embed(`/api/posts/${post.publicId}?fetchCommunity=true`, full);
    const server = fakeApi({});
    renderWithApp(<PostPage communityName="tides" publicId={post.publicId} />, {
      path: `/tides/post/${post.publicId}`,
    });
    expect(await screen.findByText('Low tide at six.')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  test('without the blocks (an old page, the worker’s shell) the client asks the API as before', async () => {
    const server = fakeApi({ 'GET /api/posts?sort=hot': { body: feedPage(makePosts(1, 3)) } });
    renderWithApp(<HomePage />);
    expect(await screen.findByText('Post 3')).toBeTruthy();
    expect(server.requestsTo('GET /api/posts?sort=hot')).toHaveLength(1);
  });

  test('a block for another address (a sort kept on this device) is not used', async () => {
    embed('/api/posts?sort=hot', feedPage(makePosts(1)));
    const server = fakeApi({ 'GET /api/posts?sort=latest': { body: feedPage(makePosts(1, 5)) } });
    renderWithApp(<HomePage />, { path: '/?sort=latest' });
    expect(await screen.findByText('Post 5')).toBeTruthy();
    expect(server.requestsTo('GET /api/posts?sort=latest')).toHaveLength(1);
  });

  test('answers are not used once the page is older than firstScreenDataMs', async () => {
    embed('/api/posts?sort=hot', feedPage(makePosts(1)));
    vi.spyOn(performance, 'now').mockReturnValue(performance.now() + ui.firstScreenDataMs + 1);
    const server = fakeApi({ 'GET /api/posts?sort=hot': { body: feedPage(makePosts(1, 9)) } });
    renderWithApp(<HomePage />);
    expect(await screen.findByText('Post 9')).toBeTruthy();
    expect(server.requests).toHaveLength(1);
  });

  test('the bootstrap block gives its data and the session’s CSRF token, as the _initial answer would', () => {
    storage.set('csrftoken', 'token of an older session');
    const initial = makeInitial({ noUsers: 42 });
    embed('/api/_initial', initial, 'the new token');
    expect(embeddedAnswer('/_initial')).toEqual(initial);
    expect(csrfToken()).toBe('the new token');
    expect(embeddedAnswer('/_initial')).toBeUndefined();
  });
});
