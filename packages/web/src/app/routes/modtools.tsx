import { Redirect, useSearch } from 'wouter';
import { messages } from '@commons/shared';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError, errorText } from '../../lib/api-client';
import { mayModerate, standingIn } from '../../lib/policies';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCommunity } from '../../features/communities/api/get-community';
import { useCurrentUser } from '../../features/session';
import { isModtoolsTab, MODTOOLS_TABS, ModtoolsLayout, ModtoolsTabContent } from '../../features/modtools';
import { NotFoundPage } from './not-found';
import pages from './pages.module.css';

/** The view for members who may not moderate the community (secondary §2). */
function Forbidden() {
  useDocumentTitle(messages.common.forbiddenTitle);
  return (
    <section className={pages.centered} aria-labelledby="forbidden-title">
      <h1 id="forbidden-title">{messages.common.forbiddenTitle}</h1>
      <p className={pages.muted}>
        Only moderators of this community and admins can use its moderation tools.
      </p>
      <ButtonLink href="/" variant="primary">
        {messages.common.goHome}
      </ButtonLink>
    </section>
  );
}

/**
 * `/{name}/modtools[/{tab}]` (secondary §2), behind RequireLogin: moderators of the community and
 * admins only; the bare path goes to the settings tab; an unknown tab shows 'Not found.'.
 */
export default function ModtoolsRoute({ name, rest }: { name: string; rest: string }) {
  const user = useCurrentUser();
  const query = useCommunity(name);
  const search = useSearch();
  const community = query.data;
  const segment = rest.replace(/^\/+|\/+$/g, '');
  const tab = isModtoolsTab(segment) ? segment : null;
  useDocumentTitle(`${tab ? MODTOOLS_TABS[tab] : 'Mod tools'} · ${community?.name ?? name}`);

  if (!user) return null;
  if (!community) {
    if (query.isError) {
      const status = query.error instanceof ApiError ? query.error.status : 0;
      if (status === 404 || status === 400) return <NotFoundPage />;
      // Not the pages' shared LoadFailed: importing it here would split the first load's chunks.
      return (
        <section className={pages.centered} role="alert">
          <h1>{messages.common.somethingWentWrong}</h1>
          <p className={pages.muted}>{errorText(query.error)}</p>
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            {messages.common.retry}
          </Button>
        </section>
      );
    }
    return <Skeleton lines={4} count={2} label="Loading moderation tools" />;
  }
  if (!mayModerate(standingIn(user, community))) return <Forbidden />;
  if (community.name !== name || segment === '') {
    const target = `/${community.name}/modtools/${segment || 'settings'}`;
    return <Redirect to={`${target}${search ? `?${search}` : ''}`} replace />;
  }
  return (
    <ModtoolsLayout community={community} tab={tab}>
      {tab ? (
        <ModtoolsTabContent tab={tab} community={community} viewer={user} />
      ) : (
        <p className={pages.muted} role="status">
          {messages.moderation.notFound}
        </p>
      )}
    </ModtoolsLayout>
  );
}
