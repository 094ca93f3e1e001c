import { Link } from 'wouter';
import { modLogMessages } from '@commons/shared/modlog';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ModLogList } from '../../features/modlog';
import styles from './modlog.module.css';

/**
 * `/modlog` and `/{name}/modlog` (an addition to the specification): the public moderation log of the
 * site or of one community, for everyone, guests included.
 */
export default function ModLogRoute({ community }: { community: string | null }) {
  const title = community ? modLogMessages.communityHeading(community) : modLogMessages.heading;
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="modlog-title">
        <h1 id="modlog-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.sub}>
          {community ? (
            <>
              <Link href={`/${encodeURIComponent(community)}`}>/{community}</Link>
              {' · '}
              <Link href="/modlog">The whole site</Link>
            </>
          ) : (
            'Every moderation and admin action on the site, newest first.'
          )}
        </p>
        <ModLogList community={community} />
      </section>
    </div>
  );
}
