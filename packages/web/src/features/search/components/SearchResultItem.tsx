import { Link } from 'wouter';
import type { SearchResult } from '@commons/shared';
import { searchMessages as m } from '@commons/shared/search';
import { Highlight } from './Highlight';
import styles from './SearchPage.module.css';

/** The day of a post or comment (RelativeTime would split a chunk off the home page's first load). */
function When({ date }: { date: string }) {
  return <time dateTime={date}>{new Date(date).toLocaleDateString()}</time>;
}

/** One result: a post, comment, community or user, its matched words highlighted. */
export function SearchResultItem({ result }: { result: SearchResult }) {
  switch (result.type) {
    case 'post': {
      const post = result.item;
      return (
        <article className={styles.result} aria-label={post.title}>
          <h2 className={styles.resultTitle} dir="auto">
            <Link href={`/${post.communityName}/post/${post.publicId}`}>
              <Highlight runs={result.title} />
            </Link>
          </h2>
          <p className={styles.meta}>
            <Link href={`/${post.communityName}`}>{post.communityName}</Link>
            <span>@{post.username}</span>
            <When date={post.createdAt} />
            <span>{m.comments(post.noComments)}</span>
          </p>
          {result.body.length > 0 && (
            <p className={styles.snippet} dir="auto">
              <Highlight runs={result.body} />
            </p>
          )}
        </article>
      );
    }
    case 'comment': {
      const comment = result.item;
      return (
        <article className={styles.result} aria-label={m.onPost(comment.postTitle ?? '')}>
          <p className={styles.snippet} dir="auto">
            <Link href={`/${comment.communityName}/post/${comment.postPublicId}/${comment.id}`}>
              <Highlight runs={result.body} />
            </Link>
          </p>
          <p className={styles.meta}>
            <span dir="auto">{m.onPost(comment.postTitle ?? '')}</span>
            <Link href={`/${comment.communityName}`}>{comment.communityName}</Link>
            <span>@{comment.username}</span>
            <When date={comment.createdAt} />
          </p>
        </article>
      );
    }
    case 'community':
      return (
        <article className={styles.result} aria-label={result.item.name}>
          <h2 className={styles.resultTitle}>
            <Link href={`/${result.item.name}`}>
              <Highlight runs={result.name} />
            </Link>
          </h2>
          <p className={styles.meta}>
            <span>{m.members(result.item.noMembers)}</span>
          </p>
          {result.about.length > 0 && (
            <p className={styles.snippet} dir="auto">
              <Highlight runs={result.about} />
            </p>
          )}
        </article>
      );
    case 'user':
      return (
        <article className={styles.result} aria-label={result.item.username}>
          <h2 className={styles.resultTitle}>
            <Link href={`/@${result.item.username}`}>
              @<Highlight runs={result.username} />
            </Link>
          </h2>
          <p className={styles.meta}>
            <span>{m.points(result.item.points)}</span>
          </p>
          {result.about.length > 0 && (
            <p className={styles.snippet} dir="auto">
              <Highlight runs={result.about} />
            </p>
          )}
        </article>
      );
  }
}
