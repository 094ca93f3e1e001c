import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { staticPages } from '@commons/shared';
import { Skeleton } from '../components/ui/Skeleton';
import { NotFoundPage } from './routes/not-found';
import { RequireLogin } from './routes/require-login';

/** A page that loads on demand; `preload` starts the download early (the first page of a visit). */
function page<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return { Component: lazy(load), preload: load };
}

const pages = {
  home: page(() => import('./routes/home')),
  login: page(() => import('./routes/login')),
  staticPage: page(() => import('./routes/static-page')),
};

/** Starts loading the page for `pathname` while the app boots, so the two downloads overlap. */
export function preloadPage(pathname: string): void {
  if (pathname === '/') void pages.home.preload();
  else if (pathname === '/login') void pages.login.preload();
  else if (staticPages.some((p) => p.path === pathname)) void pages.staticPage.preload();
}

/**
 * The route table of the specification (core §2). Pages of later features join it with those features;
 * until then their paths show the not-found page (after login, where the spec requires an account).
 */
export function Routes() {
  const { home, login, staticPage } = pages;
  return (
    <Suspense fallback={<Skeleton lines={4} count={2} />}>
      <Switch>
        <Route path="/">
          <home.Component />
        </Route>
        <Route path="/login">
          <login.Component />
        </Route>
        {staticPages.map((p) => (
          <Route key={p.path} path={p.path}>
            <staticPage.Component path={p.path} />
          </Route>
        ))}
        {[
          '/new',
          '/notifications',
          '/settings',
          '/admin',
          '/admin/*',
          '/:community/modtools',
          '/:community/modtools/*',
        ].map((path) => (
          <Route key={path} path={path}>
            <RequireLogin>
              <NotFoundPage />
            </RequireLogin>
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
