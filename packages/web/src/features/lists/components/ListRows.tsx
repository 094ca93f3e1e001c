import { Link } from 'wouter';
import type { List } from '@commons/shared';
import { Icon } from '../../../components/ui/Icon';
import styles from './Lists.module.css';

export const listHref = (list: Pick<List, 'username' | 'name'>) =>
  `/@${list.username}/lists/${encodeURIComponent(list.name)}`;

export const itemCount = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** Public or private, as an icon with its word. */
export function Visibility({ list }: { list: List }) {
  return (
    <span className={styles.visibility}>
      <Icon name={list.public ? 'globe' : 'lock'} size={14} />
      {list.public ? 'Public' : 'Private'}
    </span>
  );
}

/** A user's lists, each a link to its page with its display name, item count and visibility. */
export function ListRows({ lists }: { lists: List[] }) {
  return (
    <ul className={styles.lists}>
      {lists.map((list) => (
        <li key={list.id}>
          <Link href={listHref(list)} className={styles.listLink}>
            <span className={styles.listIcon} aria-hidden="true">
              <Icon name="list" size={20} />
            </span>
            <span className={styles.listName} dir="auto">
              {list.displayName}
            </span>
            <span className={styles.listMeta}>
              <span>{itemCount(list.numItems)}</span>
              <Visibility list={list} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
