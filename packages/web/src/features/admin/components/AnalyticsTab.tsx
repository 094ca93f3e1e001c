import { useState } from 'react';
import { messages } from '@commons/shared';
import { Skeleton } from '../../../components/ui/Skeleton';
import { STAT_COLUMNS, parseStats } from '../activity';
import { useActivity, useAnalytics } from '../api/get-analytics';
import { formatDateTime } from '../format';
import { ActivityChart } from './ActivityChart';
import styles from './Admin.module.css';
import { LoadFailed, MoreButton } from './Paging';

function Chart() {
  const activity = useActivity();
  const [now] = useState(() => new Date());
  if (activity.isPending) return <Skeleton lines={4} label="Loading the activity chart" />;
  if (activity.isError) return <LoadFailed error={activity.error} retry={activity.refetch} />;
  return <ActivityChart events={activity.data} now={now} />;
}

/**
 * Analytics (secondary §2): the activity chart, then the hourly snapshots as a 14-column table (the
 * time and 13 counters), newest first, with More.
 */
export function AnalyticsTab() {
  const analytics = useAnalytics();
  const rows = analytics.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <>
      <Chart />
      {analytics.isPending ? (
        <Skeleton lines={6} label="Loading analytics" />
      ) : analytics.isError && !analytics.data ? (
        <LoadFailed error={analytics.error} retry={analytics.refetch} />
      ) : rows.length === 0 ? (
        <p className={styles.empty}>{messages.common.nothingToShow}</p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Analytics table">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Time</th>
                {STAT_COLUMNS.map((column) => (
                  <th key={column.key} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => {
                const stats = parseStats(event.payload);
                return (
                  <tr key={event.id}>
                    <th scope="row">{formatDateTime(event.createdAt)}</th>
                    {STAT_COLUMNS.map((column) => (
                      <td key={column.key} className={styles.number}>
                        {stats[column.key] ?? '—'}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <MoreButton
        hasNextPage={analytics.hasNextPage}
        isFetchingNextPage={analytics.isFetchingNextPage}
        error={analytics.isFetchNextPageError ? analytics.error : null}
        fetchNextPage={analytics.fetchNextPage}
      />
    </>
  );
}
