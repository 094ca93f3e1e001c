import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { Route, Switch } from 'wouter';
import CommunityPage from '../src/app/routes/community';
import HomePage from '../src/app/routes/home';
import { fakeApi } from './fake-api';
import { makeUser } from './fixtures';
import { feedPage, makeFullCommunity, makePosts } from './post-fixtures';
import { renderWithApp } from './render';

/** The head's Atom feed links, as [title, href]. */
function feedLinks(): [string, string][] {
  return [...document.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map(
    (link) => [link.getAttribute('title') ?? '', link.getAttribute('href') ?? ''],
  );
}

const origin = window.location.origin;

function Pages() {
  return (
    <Switch>
      <Route path="/all">
        <HomePage feed="all" />
      </Route>
      <Route path="/subscriptions">
        <HomePage feed="subscriptions" />
      </Route>
      <Route path="/about">
        <p>About</p>
      </Route>
      <Route path="/:name">{(params) => <CommunityPage name={params.name} />}</Route>
    </Switch>
  );
}

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('feed links in the head', () => {
  test('follow client-side navigation: All, a community in its sort, then pages without a feed', async () => {
    // What the server wrote into the first page's HTML (here: the All page's).
    const server = document.createElement('link');
    server.rel = 'alternate';
    server.type = 'application/atom+xml';
    server.title = 'All posts - Commons';
    server.href = `${origin}/api/feeds/all`;
    document.head.append(server);

    const golang = makeFullCommunity('golang');
    const api = fakeApi({
      'GET /api/posts?sort=hot': { body: feedPage(makePosts(1)) },
      'GET /api/posts?sort=week': { body: feedPage(makePosts(1)) },
      'GET /api/communities/golang?byName=true': { body: golang },
      [`GET /api/posts?sort=latest&communityId=${golang.id}`]: { body: feedPage(makePosts(1, 5)) },
      'GET /api/posts?sort=hot&feed=home': { body: feedPage(makePosts(1, 9)) },
    });
    const view = renderWithApp(<Pages />, { path: '/all', initial: { user: makeUser() } });
    expect(await screen.findByText('Post 1')).toBeTruthy();
    expect(feedLinks()).toEqual([['All posts - Commons', `${origin}/api/feeds/all`]]);

    act(() => view.navigate('/all?sort=week'));
    expect(feedLinks()).toEqual([['All posts - Commons', `${origin}/api/feeds/all?sort=week`]]);

    act(() => view.navigate('/golang?sort=latest'));
    expect(await screen.findByText('Post 5')).toBeTruthy();
    expect(feedLinks()).toEqual([['golang - Commons', `${origin}/api/feeds/communities/golang?sort=latest`]]);

    act(() => view.navigate('/subscriptions'));
    expect(await screen.findByText('Post 9')).toBeTruthy();
    expect(feedLinks()).toEqual([]);

    act(() => view.navigate('/all'));
    expect(feedLinks()).toEqual([['All posts - Commons', `${origin}/api/feeds/all`]]);
    act(() => view.navigate('/about'));
    expect(screen.getByText('About')).toBeTruthy();
    expect(feedLinks()).toEqual([]);
    expect(api.unhandled).toEqual([]);
  });
});
