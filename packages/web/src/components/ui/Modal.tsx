import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { Icon } from './Icon';
import styles from './Modal.module.css';
import { useFocusReturn } from './use-focus-return';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Hide the title visually (it still names the dialog for screen readers). */
  hideTitle?: boolean;
  description?: string;
  children: ReactNode;
  /** `sheet` rises from the bottom on small screens (menus); `dialog` is centred. */
  variant?: 'dialog' | 'sheet';
  /** Called once the dialog has closed and given focus back (after its closing animation). */
  afterClose?: () => void;
  /**
   * Where focus goes back to when the element focused at opening is gone: a menu's own button, which
   * replaced the placeholder that was clicked (LazyMenu).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** An accessible dialog: focus moves in, stays in, and returns on close; Escape and outside click close. */
export function Modal({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  children,
  variant = 'dialog',
  afterClose,
  returnFocusTo,
}: Props) {
  const focusReturn = useFocusReturn();
  const onCloseAutoFocus = (event: Event) => {
    focusReturn.onCloseAutoFocus(event);
    const fallback = returnFocusTo?.current;
    if (!event.defaultPrevented && fallback?.isConnected) {
      event.preventDefault();
      // Where the reader is: a deleted comment, say, moves to the end of its thread.
      fallback.focus({ preventScroll: true });
    }
    afterClose?.();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.content} ${variant === 'sheet' ? styles.sheet : ''}`}
          onOpenAutoFocus={(event) => {
            focusReturn.onOpenAutoFocus();
            // A form's first field says so (`data-autofocus`); else the first control, the Close button.
            const first = (event.currentTarget as HTMLElement).querySelector<HTMLElement>('[data-autofocus]');
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
          onCloseAutoFocus={onCloseAutoFocus}
          // Radix expects a description; saying "none" explicitly is how to have none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <Dialog.Title className={hideTitle ? 'visually-hidden' : styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              <Icon name="close" size={20} />
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
