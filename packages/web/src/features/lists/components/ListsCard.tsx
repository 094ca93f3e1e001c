import { Link } from 'wouter';
import { messages } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { useUserLists } from '../api/get-user-lists';
import { DEFAULT_LISTS_FILTER, DEFAULT_LISTS_SORT } from '../api/list-types';
import { listHref } from './ListRows';
import styles from './Lists.module.css';

/** How many lists the card shows before its link to the rest. */
const CARD_LISTS = 5;

/**
 * The profile's Lists card (core §2): the user's public lists (all of them for the owner), most recently
 * added to first, and a link to the lists page.
 */
export function ListsCard({
  username,
  className,
  titleClassName,
}: {
  username: string;
  className?: string;
  titleClassName?: string;
}) {
  const query = useUserLists(username, DEFAULT_LISTS_SORT, DEFAULT_LISTS_FILTER);
  const lists = query.data ?? [];
  return (
    <section className={className} aria-labelledby="profile-lists">
      <h2 id="profile-lists" className={titleClassName}>
        Lists
      </h2>
      {query.isError ? (
        <div role="alert">
          <p>{messages.lists.loadFailed}</p>
          <Button size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {messages.common.retry}
          </Button>
        </div>
      ) : query.isPending ? null : (
        <>
          {lists.length === 0 ? (
            <p className={styles.byline}>No lists yet.</p>
          ) : (
            <ul className={styles.cardList}>
              {lists.slice(0, CARD_LISTS).map((list) => (
                <li key={list.id}>
                  <Link href={listHref(list)} className={styles.cardLink}>
                    <Icon name={list.public ? 'list' : 'lock'} size={16} />
                    <span className={styles.cardName} dir="auto">
                      {list.displayName}
                    </span>
                    <span className={styles.cardCount}>{list.numItems}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link href={`/@${username}/lists`}>{lists.length > CARD_LISTS ? 'All lists' : 'View lists'}</Link>
        </>
      )}
    </section>
  );
}
