import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { messages, type CommunityRequest } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Skeleton } from '../../../components/ui/Skeleton';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { useDeleteCommunityRequest } from '../api/delete-community-request';
import { useCommunityRequests } from '../api/get-community-requests';
import { formatDateTime } from '../format';
import styles from './Admin.module.css';
import { LoadFailed } from './Paging';

const DenyRequestModal = lazy(() => import('./DenyRequestModal'));

function state(request: CommunityRequest): { text: string; className: string } {
  if (request.deniedAt) return { text: 'Denied', className: `${styles.badge} ${styles.badgeDanger}` };
  if (request.communityExists) return { text: 'Created', className: `${styles.badge} ${styles.badgeOn}` };
  return { text: 'Pending', className: `${styles.badge}` };
}

function RequestRow({
  request,
  onDeny,
  onDelete,
}: {
  request: CommunityRequest;
  onDeny: (request: CommunityRequest) => void;
  onDelete: (request: CommunityRequest) => void;
}) {
  const badge = state(request);
  const name = request.communityName;
  return (
    <li className={styles.item} aria-label={`Request for ${name}`}>
      <div className={styles.itemHead}>
        <h3 className={styles.itemTitle}>
          {request.communityExists ? <Link href={`/${name}`}>/{name}</Link> : `/${name}`}
        </h3>
        <span className={badge.className}>{badge.text}</span>
      </div>
      <p className={styles.meta}>
        <span>
          By <Link href={`/@${request.byUser}`}>@{request.byUser}</Link>
        </span>
        <span>{formatDateTime(request.createdAt)}</span>
      </p>
      {request.note && <p className={styles.body}>{request.note}</p>}
      {request.deniedAt && (
        <p className={styles.note}>
          Denied by @{request.deniedBy ?? 'an admin'} on {formatDateTime(request.deniedAt)}
          {request.deniedNote ? `: ${request.deniedNote}` : ''}
        </p>
      )}
      <div className={styles.itemActions}>
        {!request.deniedAt && !request.communityExists && (
          <Button size="sm" variant="danger" onClick={() => onDeny(request)}>
            Deny<span className="visually-hidden"> /{name}</span>
          </Button>
        )}
        <Button size="sm" onClick={() => onDelete(request)}>
          Delete<span className="visually-hidden"> the request for /{name}</span>
        </Button>
      </div>
    </li>
  );
}

/** Requests for new communities from the last 90 days (secondary §2), to deny with a note or delete. */
export function CommunityRequestsTab() {
  const requests = useCommunityRequests();
  const remove = useDeleteCommunityRequest();
  const [denying, setDenying] = useState<CommunityRequest | null>(null);
  const [deleting, setDeleting] = useState<CommunityRequest | null>(null);
  if (requests.isPending) return <Skeleton lines={3} count={3} label="Loading community requests" />;
  if (requests.isError) return <LoadFailed error={requests.error} retry={requests.refetch} />;
  return (
    <>
      {requests.data.length === 0 ? (
        <p className={styles.empty}>{messages.common.nothingToShow}</p>
      ) : (
        <ul className={styles.list} aria-label="Community requests">
          {requests.data.map((request) => (
            <RequestRow key={request.id} request={request} onDeny={setDenying} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      {denying && (
        <Suspense fallback={null}>
          <DenyRequestModal request={denying} onClose={() => setDenying(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete the request for /${deleting.communityName}?` : 'Delete the request?'}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() =>
          !deleting
            ? undefined
            : remove.mutateAsync(deleting).then(
                () => setDeleting(null),
                (error: unknown) => showAlert(errorText(error), { tone: 'error' }),
              )
        }
      >
        <p>It leaves this list. The requester is not told.</p>
      </ConfirmDialog>
    </>
  );
}
