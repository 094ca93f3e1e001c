import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from './Button';
import styles from './ConfirmDialog.module.css';
import { Modal } from './Modal';

/** How long a confirmation waits for `busy` to turn true before taking it that nothing was sent. */
const BUSY_GRACE_MS = 250;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** A returned promise keeps the action busy until it settles. */
  onConfirm: () => void | Promise<unknown>;
  /** For actions that destroy something. */
  danger?: boolean;
  /** The action's request is on its way (a mutation's isPending). */
  busy?: boolean;
  /** Where focus goes on closing when the control that opened it is gone (Modal). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The confirmation dialog (core §2): a question, Cancel, and the action itself. The action runs once
 * per confirmation: `busy` only turns true after a render, so a double click could otherwise run it
 * twice; a second click waits until the first one's work is over (busy again false, or the dialog
 * closed). An answer that came before `busy` ever showed, or nothing sent at all, frees it after a
 * moment.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  danger = false,
  busy,
  returnFocusTo,
}: Props) {
  const inFlight = useRef(false);
  const sawBusy = useRef(false);
  const clicks = useRef(0);
  const [waiting, setWaiting] = useState(false);

  const release = () => {
    inFlight.current = false;
    sawBusy.current = false;
  };
  useEffect(() => {
    if (busy) sawBusy.current = true;
    else if (sawBusy.current) release();
  }, [busy]);
  useEffect(() => {
    if (!open) release();
  }, [open]);

  const confirm = () => {
    if (inFlight.current || busy) return;
    const result = onConfirm();
    if (result instanceof Promise) {
      inFlight.current = true;
      setWaiting(true);
      void result.finally(() => {
        release();
        setWaiting(false);
      });
    } else if (busy !== undefined) {
      // The caller reports its request through `busy`: hold until it is over.
      inFlight.current = true;
      const click = ++clicks.current;
      setTimeout(() => {
        if (clicks.current === click && !sawBusy.current) release();
      }, BUSY_GRACE_MS);
    }
  };
  const working = Boolean(busy) || waiting;

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} returnFocusTo={returnFocusTo}>
      {children && <div className={styles.body}>{children}</div>}
      <div className={styles.actions}>
        <Button onClick={() => onOpenChange(false)}>Cancel</Button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          onClick={confirm}
          disabled={working}
          aria-busy={working || undefined}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
