import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { fixedPathSegments, staticPages } from '@commons/shared';
import { Skeleton } from '../components/ui/Skeleton';
import { NotFoundPage } from './routes/not-found';
import { RequireLogin } from './routes/require-login';

/**
 * A page that loads on demand; `preload` starts the download early (the first page of a visit). Once
 * loaded it renders at once, with no suspended first render: a page the server rendered (its first
 * screen) is taken over by the client's first render as it is, not swapped for a skeleton meanwhile.
 */
function page<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Component(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component, preload };
}

const pages = {
  home: page(() => import('./routes/home')),
  login: page(() => import('./routes/login')),
  staticPage: page(() => import('./routes/static-page')),
  community: page(() => import('./routes/community')),
  post: page(() => import('./routes/post')),
  communities: page(() => import('./routes/communities')),
  newPost: page(() => import('./routes/new-post')),
  profile: page(() => import('./routes/profile')),
  settings: page(() => import('./routes/settings')),
  lists: page(() => import('./routes/lists')),
  list: page(() => import('./routes/list')),
  modtools: page(() => import('./routes/modtools')),
  notifications: page(() => import('./routes/notifications')),
  admin: page(() => import('./routes/admin')),
  search: page(() => import('./routes/search')),

  // The moderation log's page is its feature's own component (see ModLogPage).
  modlog: page<{ community: string | null }>(() =>
    import('../features/modlog').then((m) => ({ default: m.ModLogPage })),
  ),
};

/** `/@{username}`: a profile (core §2). A pattern, as `@` cannot start a path parameter. */
const PROFILE_PATH = /^\/@(?<username>[^/]+)\/?$/;
/** `/{name}/modtools` and anything under it (secondary §2); the page itself tells tabs from unknown paths. */
const MODTOOLS_PATH = /^\/(?<community>[^/@]+)\/modtools(?<rest>\/.*)?$/;
/** `/modlog` (the site's) and `/{name}/modlog` (a community's): the public moderation log. */
const MODLOG_PATH = /^\/(?:(?<community>[^/@]+)\/)?modlog\/?$/;
/** `/@{username}/lists` and `/@{username}/lists/{listName}` (secondary §2). */
const LISTS_PATH = /^\/@(?<username>[^/]+)\/lists\/?$/;
const LIST_PATH = /^\/@(?<username>[^/]+)\/lists\/(?<listName>[^/]+)\/?$/;

/** `/admin` and its sub-routes (secondary §2); the dashboard says 'Not found' for unknown ones. */
const ADMIN_PATH = /^\/admin(?:\/(?<section>.*?))?\/?$/;

/** Starts loading the page for `pathname` while the app boots, so the two downloads overlap. */
export function preloadPage(pathname: string): Promise<unknown> {
  return pageFor(pathname)?.preload() ?? Promise.resolve();
}

/** The pages whose first screen the server renders (entry-server.tsx), loaded before it renders one. */
export function loadFirstScreenPages(): Promise<unknown> {
  return Promise.all([pages.home.preload(), pages.community.preload(), pages.post.preload()]);
}

function pageFor(pathname: string): { preload: () => Promise<unknown> } | undefined {
  if (pathname === '/' || pathname === '/all' || pathname === '/subscriptions') return pages.home;
  if (pathname === '/login') return pages.login;
  if (pathname === '/communities') return pages.communities;
  if (pathname === '/new') return pages.newPost;
  if (pathname === '/settings') return pages.settings;
  if (pathname === '/notifications') return pages.notifications;
  if (pathname === '/search') return pages.search;
  if (ADMIN_PATH.test(pathname)) return pages.admin;
  if (staticPages.some((p) => p.path === pathname)) return pages.staticPage;
  if (PROFILE_PATH.test(pathname)) return pages.profile;
  if (LISTS_PATH.test(pathname)) return pages.lists;
  if (LIST_PATH.test(pathname)) return pages.list;
  if (MODTOOLS_PATH.test(pathname)) return pages.modtools;
  if (/^\/[^/@]+\/post\/[^/]+(\/[^/]+)?$/.test(pathname)) return pages.post;
  if (/^\/[^/@]+$/.test(pathname) && !fixedPathSegments.has(pathname.slice(1))) return pages.community;
  return undefined;
}

/** The route table of the specification (core §2, secondary §2); every page is loaded on demand. */
export function Routes() {
  const {
    home,
    login,
    staticPage,
    community,
    post,
    communities,
    newPost,
    profile,
    settings,
    lists,
    list,
    modtools,
    notifications,
    admin,
    search,

    modlog,
  } = pages;
  return (
    <Suspense fallback={<Skeleton lines={4} count={2} />}>
      <Switch>
        <Route path="/">
          <home.Component />
        </Route>
        <Route path="/all">
          <home.Component feed="all" />
        </Route>
        <Route path="/subscriptions">
          <RequireLogin>
            <home.Component feed="subscriptions" />
          </RequireLogin>
        </Route>
        <Route path="/login">
          <login.Component />
        </Route>
        <Route path="/communities">
          <communities.Component />
        </Route>
        <Route path="/new">
          <RequireLogin>
            <newPost.Component />
          </RequireLogin>
        </Route>
        <Route path="/settings">
          <RequireLogin>
            <settings.Component />
          </RequireLogin>
        </Route>
        <Route path="/search">
          <search.Component />
        </Route>
        <Route path="/notifications">
          <RequireLogin>
            <notifications.Component />
          </RequireLogin>
        </Route>
        <Route path={MODTOOLS_PATH}>
          {(params: { community?: string; rest?: string }) => (
            <RequireLogin>
              <modtools.Component
                key={(params.community ?? '').toLowerCase()}
                name={decodeURIComponent(params.community ?? '')}
                rest={params.rest ?? ''}
              />
            </RequireLogin>
          )}
        </Route>
        <Route path={MODLOG_PATH}>
          {(params: { community?: string }) => (
            <modlog.Component
              key={(params.community ?? '').toLowerCase()}
              community={params.community ? decodeURIComponent(params.community) : null}
            />
          )}
        </Route>
        {staticPages.map((p) => (
          <Route key={p.path} path={p.path}>
            <staticPage.Component path={p.path} />
          </Route>
        ))}
        <Route path={ADMIN_PATH}>
          {(params: { section?: string }) => (
            <RequireLogin>
              <admin.Component section={params.section ?? ''} />
            </RequireLogin>
          )}
        </Route>
        <Route path={PROFILE_PATH}>
          {(params: { username?: string }) => (
            <profile.Component
              key={(params.username ?? '').toLowerCase()}
              username={decodeURIComponent(params.username ?? '')}
            />
          )}
        </Route>
        <Route path={LISTS_PATH}>
          {(params: { username?: string }) => (
            <lists.Component
              key={(params.username ?? '').toLowerCase()}
              username={decodeURIComponent(params.username ?? '')}
            />
          )}
        </Route>
        <Route path={LIST_PATH}>
          {(params: { username?: string; listName?: string }) => (
            <list.Component
              key={`${(params.username ?? '').toLowerCase()}/${params.listName ?? ''}`}
              username={decodeURIComponent(params.username ?? '')}
              listName={decodeURIComponent(params.listName ?? '')}
            />
          )}
        </Route>
        {/* Community names take any first segment: every fixed route must come above these. */}
        <Route path="/:communityName/post/:publicId/:commentId">
          {(params) => (
            <post.Component
              communityName={params.communityName}
              publicId={params.publicId}
              commentId={params.commentId}
            />
          )}
        </Route>
        <Route path="/:communityName/post/:publicId">
          {(params) => <post.Component communityName={params.communityName} publicId={params.publicId} />}
        </Route>
        <Route path="/:communityName">
          {(params) => (
            <community.Component key={params.communityName.toLowerCase()} name={params.communityName} />
          )}
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
