import { Link } from 'wouter';
import { Skeleton } from '../../../components/ui/Skeleton';
import { useAdminUsers } from '../api/get-users';
import { formatDateTime } from '../format';
import styles from './Admin.module.css';
import { LoadFailed, MoreButton } from './Paging';

function YesNo({ value }: { value: boolean }) {
  return value ? <span className={styles.yes}>Yes</span> : <span>No</span>;
}

/**
 * Every account, newest first (secondary §2): 100 at a time with More. Each name opens the profile,
 * which shows an admin every detail of the account.
 */
export function UsersTab() {
  const users = useAdminUsers();
  if (users.isPending) return <Skeleton lines={6} label="Loading users" />;
  if (users.isError && !users.data) return <LoadFailed error={users.error} retry={users.refetch} />;
  const rows = users.data.pages.flatMap((page) => page.users);
  return (
    <>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Users table">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Banned</th>
              <th scope="col">Deleted</th>
              <th scope="col">Created</th>
              <th scope="col">Created IP</th>
              <th scope="col">Last seen IP</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((user) => (
              <tr key={user.id}>
                <th scope="row">
                  <Link href={`/@${user.username}`}>{user.username}</Link>
                </th>
                <td>
                  <YesNo value={user.isBanned} />
                </td>
                <td>
                  <YesNo value={user.deleted} />
                </td>
                <td>{formatDateTime(user.createdAt)}</td>
                <td className={styles.mono}>{user.createdIP ?? '—'}</td>
                <td className={styles.mono}>{user.lastSeenIP ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MoreButton
        hasNextPage={users.hasNextPage}
        isFetchingNextPage={users.isFetchingNextPage}
        error={users.isFetchNextPageError ? users.error : null}
        fetchNextPage={users.fetchNextPage}
      />
    </>
  );
}
