import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { messages, type IPBlock } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/Icon';
import { Skeleton } from '../../../components/ui/Skeleton';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { useCancelIpBlock } from '../api/cancel-ip-block';
import { useIpBlocks } from '../api/get-ip-blocks';
import { associatedUsers, blockRange } from '../block-rules';
import { formatDateTime } from '../format';
import styles from './Admin.module.css';
import { LoadFailed, MoreButton } from './Paging';

const BlockIpModal = lazy(() => import('./BlockIpModal'));

/**
 * A block stops at its expiry time at once, though `inEffect` only turns false when the expiry job
 * next runs (every 100 s): the row says Expired from the time itself.
 */
function isExpired(block: IPBlock, now: number): boolean {
  return block.expiresAt !== null && Date.parse(block.expiresAt) <= now;
}

function status(block: IPBlock, now: number): { text: string; className: string } {
  if (block.inEffect && !isExpired(block, now))
    return { text: 'In effect', className: `${styles.badge} ${styles.badgeDanger}` };
  if (block.cancelledAt && (!block.expiresAt || block.cancelledAt < block.expiresAt))
    return { text: 'Cancelled', className: `${styles.badge}` };
  return { text: 'Expired', className: `${styles.badge}` };
}

/** `now` is when the list was read: a row is judged against the same moment as its data. */
function BlockRow({
  block,
  now,
  onCancel,
}: {
  block: IPBlock;
  now: number;
  onCancel: (block: IPBlock) => void;
}) {
  const range = blockRange(block);
  const users = associatedUsers(block.associatedUsers);
  const state = status(block, now);
  const active = block.inEffect && !isExpired(block, now);
  return (
    <li className={styles.item} aria-label={`Block of ${range}`}>
      <div className={styles.itemHead}>
        <h3 className={`${styles.itemTitle} ${styles.mono}`}>{range}</h3>
        <span className={state.className}>{state.text}</span>
      </div>
      <p className={styles.meta}>
        <span>
          By <Link href={`/@${block.createdBy}`}>@{block.createdBy}</Link> on{' '}
          {formatDateTime(block.createdAt)}
        </span>
        <span>{block.expiresAt ? `Expires ${formatDateTime(block.expiresAt)}` : 'Never expires'}</span>
        {block.cancelledAt && <span>Cancelled {formatDateTime(block.cancelledAt)}</span>}
      </p>
      {block.note && <p className={styles.body}>{block.note}</p>}
      <p className={styles.users}>
        {users.shown.length === 0 ? (
          <span className={styles.note}>No associated users.</span>
        ) : (
          <>
            Associated users:{' '}
            {users.shown.map((name, i) => (
              <span key={name}>
                {i > 0 && ', '}
                <Link href={`/@${name}`}>{name}</Link>
              </span>
            ))}
            {users.more > 0 && ` and ${users.more} more`}
          </>
        )}
      </p>
      {active && (
        <div className={styles.itemActions}>
          <Button size="sm" onClick={() => onCancel(block)}>
            Cancel<span className="visually-hidden"> the block of {range}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * IP blocks (secondary §2): those in effect first, 20 at a time with More; Block IP opens the modal, and
 * a block in effect can be cancelled.
 */
export function IpBlocksTab() {
  const blocks = useIpBlocks();
  const cancel = useCancelIpBlock();
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<IPBlock | null>(null);
  const rows = blocks.data?.pages.flatMap((page) => page.blocks) ?? [];
  return (
    <>
      <div className={styles.sectionHead}>
        <p className={styles.note}>Every request from a blocked address gets a 403 page.</p>
        <Button variant="primary" onClick={() => setAdding(true)}>
          <Icon name="plus" size={18} />
          Block IP
        </Button>
      </div>
      {blocks.isPending ? (
        <Skeleton lines={3} count={3} label="Loading IP blocks" />
      ) : blocks.isError && !blocks.data ? (
        <LoadFailed error={blocks.error} retry={blocks.refetch} />
      ) : rows.length === 0 ? (
        <p className={styles.empty}>{messages.common.nothingToShow}</p>
      ) : (
        <ul className={styles.list} aria-label="IP blocks">
          {rows.map((block) => (
            <BlockRow key={block.id} block={block} now={blocks.dataUpdatedAt} onCancel={setCancelling} />
          ))}
        </ul>
      )}
      <MoreButton
        hasNextPage={blocks.hasNextPage}
        isFetchingNextPage={blocks.isFetchingNextPage}
        error={blocks.isFetchNextPageError ? blocks.error : null}
        fetchNextPage={blocks.fetchNextPage}
      />
      {adding && (
        <Suspense fallback={null}>
          <BlockIpModal onClose={() => setAdding(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={cancelling ? `Cancel the block of ${blockRange(cancelling)}?` : 'Cancel the block?'}
        confirmLabel="Cancel block"
        busy={cancel.isPending}
        onConfirm={() =>
          !cancelling
            ? undefined
            : cancel.mutateAsync(cancelling).then(
                () => setCancelling(null),
                (error: unknown) => {
                  setCancelling(null);
                  showAlert(errorText(error), { tone: 'error' });
                  void blocks.refetch();
                },
              )
        }
      >
        <p>Requests from this range get through again at once.</p>
      </ConfirmDialog>
    </>
  );
}
