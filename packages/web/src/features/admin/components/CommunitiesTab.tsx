import { Link, useSearchParams } from 'wouter';
import { isCommunitySort, messages, type CommunitySort } from '@commons/shared';
import { Skeleton } from '../../../components/ui/Skeleton';
import { formatCount } from '../../../lib/format-count';
import { useAdminCommunities } from '../api/get-communities';
import { formatDateTime } from '../format';
import styles from './Admin.module.css';
import { LoadFailed } from './Paging';

/** The five sorts of secondary §2, with the labels it gives them. */
const SORTS: { sort: CommunitySort; label: string }[] = [
  { sort: 'new', label: 'Latest' },
  { sort: 'old', label: 'Oldest' },
  { sort: 'size', label: 'Popular' },
  { sort: 'name_asc', label: 'Name A–Z' },
  { sort: 'name_dsc', label: 'Name Z–A' },
];

/** Every community in one of five sorts (kept in the URL), each leading to its moderation tools. */
export function CommunitiesTab() {
  const [params, setParams] = useSearchParams();
  const param = params.get('sort');
  const sort: CommunitySort = isCommunitySort(param) ? param : 'new';
  const communities = useAdminCommunities(sort);
  return (
    <>
      <div role="group" aria-label="Sort communities" className={styles.sorts}>
        {SORTS.map((option) => (
          <button
            key={option.sort}
            type="button"
            className={styles.sort}
            aria-pressed={option.sort === sort}
            onClick={() => setParams(option.sort === 'new' ? {} : { sort: option.sort })}
          >
            {option.label}
          </button>
        ))}
      </div>
      {communities.isPending ? (
        <Skeleton lines={5} label="Loading communities" />
      ) : communities.isError && !communities.data ? (
        <LoadFailed error={communities.error} retry={communities.refetch} />
      ) : communities.data.length === 0 ? (
        <p className={styles.empty}>{messages.common.nothingToShow}</p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Communities table">
          <table className={styles.table} aria-busy={communities.isFetching}>
            <thead>
              <tr>
                <th scope="col">Community</th>
                <th scope="col">Members</th>
                <th scope="col">Created</th>
                <th scope="col">Page</th>
              </tr>
            </thead>
            <tbody>
              {communities.data.map((community) => (
                <tr key={community.id}>
                  <th scope="row">
                    <Link href={`/${community.name}/modtools`}>{community.name}</Link>
                  </th>
                  <td className={styles.number}>{formatCount(community.noMembers)}</td>
                  <td>{formatDateTime(community.createdAt)}</td>
                  <td>
                    <Link href={`/${community.name}`}>
                      View<span className="visually-hidden"> {community.name}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
