import { messages } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { errorText } from '../../../lib/api-client';
import styles from './Admin.module.css';

interface Props {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
}

/** The More button under a list paged by cursor, and what went wrong loading the next page. */
export function MoreButton({ hasNextPage, isFetchingNextPage, error, fetchNextPage }: Props) {
  if (!hasNextPage) return null;
  return (
    <>
      {error !== null && !isFetchingNextPage && (
        <p className={styles.note} role="alert">
          {errorText(error)}
        </p>
      )}
      <Button
        className={styles.more}
        onClick={() => void fetchNextPage()}
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage || undefined}
      >
        {isFetchingNextPage ? 'Loading…' : messages.common.more}
      </Button>
    </>
  );
}

/** A section that could not load: the reason and a retry. */
export function LoadFailed({ error, retry }: { error: unknown; retry: () => unknown }) {
  return (
    <div className={styles.empty} role="alert">
      <p>{errorText(error)}</p>
      <Button onClick={() => void retry()}>{messages.common.retry}</Button>
    </div>
  );
}
