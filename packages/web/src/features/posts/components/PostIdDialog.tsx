import { messages, type Post } from '@commons/shared';
import { Icon } from '../../../components/ui/Icon';
import { Modal } from '../../../components/ui/Modal';
import { showAlert } from '../../../components/ui/Toasts';
import styles from './PostIdDialog.module.css';

async function copy(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    showAlert(messages.common.copied, { tone: 'success' });
  } catch {
    showAlert(messages.common.copyFailed, { tone: 'error' });
  }
}

/** The admins' ID action (core §2): the ids an admin quotes in the dashboard, reports or the database. */
export function PostIdDialog({
  post,
  open,
  onOpenChange,
}: {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const rows = [
    { label: 'Post ID', value: post.id },
    { label: 'Public ID', value: post.publicId },
    { label: 'Author ID', value: post.userId },
  ];
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="IDs">
      <dl className={styles.list}>
        {rows.map(({ label, value }) => (
          <div key={label} className={styles.row}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value}>
              <code>{value}</code>
              <button
                type="button"
                className={styles.copy}
                aria-label={`Copy ${label}`}
                title="Copy"
                onClick={() => void copy(value)}
              >
                <Icon name="copy" size={18} />
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
