import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type PointerEvent } from 'react';
import { Link } from 'wouter';
import { ui } from '@commons/shared';
import { Icon, LogoMark } from '../../components/ui/Icon';
import { useFocusReturn } from '../../components/ui/use-focus-return';
import { siteConfig } from '../../app/site-config';
import styles from './Drawer.module.css';
import { SidebarNav } from './SidebarNav';

/** Past this fraction of its width, a drag closes the drawer. */
const CLOSE_FRACTION = 0.3;

/**
 * The sidebar on mobile: a 300 px drawer from the left (core §2). It can be dragged shut; focus stays
 * inside while it is open and returns to the menu button after.
 */
export default function Drawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [offset, setOffset] = useState(0);
  const focusReturn = useFocusReturn();
  const start = useRef<{ x: number; y: number; dragging: boolean } | null>(null);

  const onPointerDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY, dragging: false };
  };
  const onPointerMove = (e: PointerEvent) => {
    const s = start.current;
    if (!s) return;
    const dx = e.clientX - s.x;
    // Only a mostly horizontal leftward move is a drag; vertical moves scroll the list.
    if (!s.dragging && Math.abs(dx) > 8 && Math.abs(dx) > Math.abs(e.clientY - s.y)) {
      s.dragging = true;
      // Keep receiving the moves even when the finger leaves the drawer.
      (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    }
    if (s.dragging) setOffset(Math.min(0, dx));
  };
  const onPointerEnd = () => {
    if (start.current?.dragging && -offset > ui.drawerWidthPx * CLOSE_FRACTION) onOpenChange(false);
    start.current = null;
    setOffset(0);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.drawer}
          style={offset ? { transform: `translateX(${offset}px)`, transition: 'none' } : undefined}
          aria-describedby={undefined}
          {...focusReturn}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          // A drag that starts on a link must move the drawer, not pick up the link.
          onDragStart={(e) => e.preventDefault()}
        >
          <div className={styles.header}>
            <Link href="/" className={styles.brand} onClick={() => onOpenChange(false)}>
              <LogoMark size={28} />
              <span>{siteConfig.siteName}</span>
            </Link>
            <Dialog.Title className="visually-hidden">Menu</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close menu">
              <Icon name="close" size={20} />
            </Dialog.Close>
          </div>
          <SidebarNav onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
