import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { messages, type Comment, type Community, type Post, type Report } from '@commons/shared';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { useReports } from '../api/get-reports';
import { useIgnoreReport } from '../api/ignore-report';
import { MODTOOLS_PAGE_SIZE, type ReportFilter } from '../api/keys';
import { useRemoveReportTarget } from '../api/remove-target';
import { pageCount } from '../pagination';
import { CommentSummary, PostSummary, shortDate } from './ContentSummary';
import { Pager, pageFrom, withParam } from './Pager';
import styles from './Modtools.module.css';

const RemovalDialog = lazy(() => import('../../modlog').then((m) => ({ default: m.RemovalDialog })));

const FILTERS: { value: ReportFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'posts', label: 'Posts' },
  { value: 'comments', label: 'Comments' },
];

function filterFrom(search: string): ReportFilter {
  const value = new URLSearchParams(search).get('filter');
  return value === 'posts' || value === 'comments' ? value : 'all';
}

/**
 * Reports (secondary §2): 10 a page, filtered by posts, comments or all with their counts; each
 * report's target in context, Ignore, and removal of the target from here.
 */
export function ReportsTab({ community, deleteAs }: { community: Community; deleteAs: 'mods' | 'admins' }) {
  const search = useSearch();
  const [path] = useLocation();
  const filter = filterFrom(search);
  const page = pageFrom(search);
  const query = useReports(community.id, filter, page);
  const ignore = useIgnoreReport(community.id);
  const removeTarget = useRemoveReportTarget(community.id);
  const [removing, setRemoving] = useState<Report | null>(null);

  const details = query.data?.details;
  const counts: Record<ReportFilter, number | undefined> = {
    all: details?.noReports,
    posts: details?.noPostReports,
    comments: details?.noCommentReports,
  };
  const total = counts[filter] ?? 0;
  const reports = query.data?.reports ?? [];

  return (
    <section className={styles.card} aria-labelledby="modtools-reports">
      <div className={styles.row}>
        <h2 id="modtools-reports" className={styles.cardTitle}>
          Reports
        </h2>
        <div className={styles.filters} role="group" aria-label="Show reports of">
          {FILTERS.map((f) => (
            <Link
              key={f.value}
              href={path + withParam('', 'filter', f.value === 'all' ? null : f.value)}
              className={buttonClass(f.value === filter ? 'primary' : 'secondary', 'sm')}
              aria-current={f.value === filter ? 'true' : undefined}
            >
              {f.label}
              {counts[f.value] !== undefined && ` (${counts[f.value]})`}
            </Link>
          ))}
        </div>
      </div>
      {query.isPending ? (
        <Skeleton lines={3} count={3} label="Loading reports" />
      ) : query.isError ? (
        <div role="alert">
          <p className={styles.error}>{errorText(query.error)}</p>
          <Button onClick={() => void query.refetch()}>{messages.common.retry}</Button>
        </div>
      ) : reports.length === 0 ? (
        <p className={styles.muted}>No reports.</p>
      ) : (
        <ul className={styles.list} aria-label="Reports">
          {reports.map((report) => (
            <li key={report.id} aria-label={`Report: ${report.reason}`}>
              <div className={styles.row}>
                <p className={styles.itemMeta}>
                  <strong>{report.reason}</strong> · reported{' '}
                  <time dateTime={report.createdAt}>{shortDate(report.createdAt)}</time>
                </p>
                <div className={styles.actions}>
                  <Button
                    size="sm"
                    disabled={ignore.isPending}
                    onClick={() =>
                      ignore.mutate(report.id, {
                        onSuccess: () => showAlert(messages.moderation.reportIgnored, { tone: 'success' }),
                        onError: (error) => showAlert(errorText(error), { tone: 'error' }),
                      })
                    }
                  >
                    Ignore
                  </Button>
                  {report.target && !report.target.deleted && (
                    <Button size="sm" variant="danger" onClick={() => setRemoving(report)}>
                      Remove {report.type}
                    </Button>
                  )}
                </div>
              </div>
              <div className={styles.target}>
                {report.target === null ? (
                  <p className={styles.muted}>The reported {report.type} no longer exists.</p>
                ) : report.type === 'post' ? (
                  <PostSummary post={report.target as Post} />
                ) : (
                  <CommentSummary comment={report.target as Comment} />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager totalPages={pageCount(total, MODTOOLS_PAGE_SIZE)} current={page} label="Pages of reports" />
      {/* As on the post page: the rule or words given are shown to the author and in the public log. */}
      {removing !== null && (
        <Suspense fallback={null}>
          <RemovalDialog
            open
            onOpenChange={(o) => !o && setRemoving(null)}
            title={`Remove this ${removing.type}?`}
            what={removing.type}
            as={deleteAs}
            confirmLabel="Remove"
            communityName={community.name}
            busy={removeTarget.isPending}
            onConfirm={(reason) =>
              removeTarget.mutateAsync({ report: removing, deleteAs, reason }).then(
                () => {
                  showAlert(`${removing.type === 'post' ? 'Post' : 'Comment'} removed.`, { tone: 'success' });
                  setRemoving(null);
                },
                (error: unknown) => showAlert(errorText(error), { tone: 'error' }),
              )
            }
          />
        </Suspense>
      )}
    </section>
  );
}
