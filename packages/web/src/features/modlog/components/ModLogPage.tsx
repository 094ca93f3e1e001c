import { Link, useSearch } from 'wouter';
import { modLogMessages } from '@commons/shared/modlog';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NotFoundPage } from '../../../app/routes/not-found';
import { ApiError } from '../../../lib/api-client';
import { useModLog } from '../api/get-modlog';
import { filtersFrom, ModLogList } from './ModLogList';
import styles from './ModLog.module.css';

/**
 * `/modlog` (the site's log) and `/{name}/modlog` (a community's): an addition to the specification,
 * public, guests included. The route table loads this feature as the page itself, so that the page,
 * the modtools Log tab and the removal dialog share one chunk.
 */
export function ModLogPage({ community }: { community: string | null }) {
  const title = community ? modLogMessages.communityHeading(community) : modLogMessages.heading;
  useDocumentTitle(title);
  // The list's own query (the same key, so one request): a community that does not exist is the
  // not-found page, as its other pages are, not a list that can only fail.
  const log = useModLog(community, filtersFrom(useSearch()));
  if (community && !log.data && log.error instanceof ApiError && log.error.status === 404) {
    return <NotFoundPage />;
  }
  return (
    <div className={styles.page}>
      <section className={styles.pageCard} aria-labelledby="modlog-title">
        <h1 id="modlog-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.sub}>
          {community ? (
            <>
              <Link href={`/${encodeURIComponent(community)}`}>/{community}</Link>
              {' · '}
              <Link href="/modlog">{modLogMessages.wholeSite}</Link>
            </>
          ) : (
            modLogMessages.siteIntro
          )}
        </p>
        <ModLogList community={community} />
      </section>
    </div>
  );
}
