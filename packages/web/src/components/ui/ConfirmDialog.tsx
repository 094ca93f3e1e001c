import type { ReactNode } from 'react';
import { Button } from './Button';
import styles from './ConfirmDialog.module.css';
import { Modal } from './Modal';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** For actions that destroy something. */
  danger?: boolean;
  busy?: boolean;
}

/** The confirmation dialog (core §2): a question, Cancel, and the action itself. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  danger = false,
  busy = false,
}: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title}>
      {children && <div className={styles.body}>{children}</div>}
      <div className={styles.actions}>
        <Button onClick={() => onOpenChange(false)}>Cancel</Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
