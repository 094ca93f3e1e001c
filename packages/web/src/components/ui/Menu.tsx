import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useIsMobileLayout } from '../../lib/device';
import { Icon, type IconName } from './Icon';
import styles from './Menu.module.css';
import { Modal } from './Modal';

export type MenuItem =
  | { kind: 'link'; label: string; href: string; icon?: IconName }
  | { kind: 'action'; label: string; onSelect: () => void; icon?: IconName }
  | { kind: 'toggle'; label: string; checked: boolean; onChange: (checked: boolean) => void; icon?: IconName }
  | { kind: 'separator' };

interface Props {
  /** Accessible name of the menu (the modal title on small screens). */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  triggerLabel?: string;
  items: MenuItem[];
  /** Open on mount: the menu was loaded by the click that should open it. */
  defaultOpen?: boolean;
  /**
   * That opening was by keyboard: focus its first item, as the dropdown does when its own button is
   * pressed by keyboard (it cannot tell for a key pressed before its code loaded).
   */
  focusFirstItem?: boolean;
}

/**
 * A dropdown menu that becomes a modal sheet on small screens (core §4). Keyboard: arrows move, Enter
 * selects, Escape closes and returns focus to the trigger.
 */
export function Menu({
  label,
  trigger,
  triggerClassName,
  triggerLabel,
  items,
  defaultOpen = false,
  focusFirstItem = false,
}: Props) {
  const mobile = useIsMobileLayout();
  const [open, setOpen] = useState(defaultOpen);
  const [, navigate] = useLocation();
  // An action chosen in the sheet runs once the sheet has closed and given focus back to its button:
  // a dialog the action opens (Report, Delete) then starts from that button and returns focus to it,
  // not to a sheet item that no longer exists.
  const [chosen, setChosen] = useState<{ run: () => void } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusFirstItem) return;
    // After the dropdown's own focus on its content, which it does as it mounts.
    const frame = requestAnimationFrame(() =>
      content.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [focusFirstItem]);

  if (mobile) {
    return (
      <>
        <button
          ref={button}
          type="button"
          className={triggerClassName}
          aria-label={triggerLabel}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          {trigger}
        </button>
        <Modal
          open={open}
          onOpenChange={setOpen}
          title={label}
          variant="sheet"
          returnFocusTo={button}
          afterClose={() => {
            setChosen(null);
            chosen?.run();
          }}
        >
          <ul className={styles.sheetList}>
            {items.map((item, i) => (
              <li key={i}>
                {sheetItem(
                  item,
                  (then) => {
                    setChosen(then ? { run: then } : null);
                    setOpen(false);
                  },
                  navigate,
                )}
              </li>
            ))}
          </ul>
        </Modal>
      </>
    );
  }

  return (
    // Not modal: a menu need not hide the page from screen readers (the page's links would be focusable
    // yet aria-hidden); Escape and outside clicks still close it, and focus returns to the button.
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={content}
          className={styles.content}
          align="end"
          sideOffset={6}
          aria-label={label}
        >
          {items.map((item, i) => {
            switch (item.kind) {
              case 'separator':
                return <DropdownMenu.Separator key={i} className={styles.separator} />;
              case 'toggle':
                return (
                  <DropdownMenu.CheckboxItem
                    key={i}
                    className={styles.item}
                    checked={item.checked}
                    onCheckedChange={item.onChange}
                    onSelect={(e) => e.preventDefault()}
                  >
                    {item.icon && <Icon name={item.icon} size={18} />}
                    <span className={styles.itemLabel}>{item.label}</span>
                    <span
                      className={`${styles.switch} ${item.checked ? styles.switchOn : ''}`}
                      aria-hidden="true"
                    />
                  </DropdownMenu.CheckboxItem>
                );
              case 'link':
                return (
                  <DropdownMenu.Item key={i} className={styles.item} onSelect={() => navigate(item.href)}>
                    {item.icon && <Icon name={item.icon} size={18} />}
                    <span className={styles.itemLabel}>{item.label}</span>
                  </DropdownMenu.Item>
                );
              case 'action':
                return (
                  <DropdownMenu.Item key={i} className={styles.item} onSelect={item.onSelect}>
                    {item.icon && <Icon name={item.icon} size={18} />}
                    <span className={styles.itemLabel}>{item.label}</span>
                  </DropdownMenu.Item>
                );
            }
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function sheetItem(
  item: MenuItem,
  close: (then?: () => void) => void,
  navigate: (href: string) => void,
): ReactNode {
  switch (item.kind) {
    case 'separator':
      return <hr className={styles.separator} />;
    case 'toggle':
      return (
        <button
          type="button"
          role="switch"
          aria-checked={item.checked}
          className={styles.item}
          onClick={() => item.onChange(!item.checked)}
        >
          {item.icon && <Icon name={item.icon} size={18} />}
          <span className={styles.itemLabel}>{item.label}</span>
          <span className={`${styles.switch} ${item.checked ? styles.switchOn : ''}`} aria-hidden="true" />
        </button>
      );
    case 'link':
      return (
        <button
          type="button"
          className={styles.item}
          onClick={() => {
            close();
            navigate(item.href);
          }}
        >
          {item.icon && <Icon name={item.icon} size={18} />}
          <span className={styles.itemLabel}>{item.label}</span>
        </button>
      );
    case 'action':
      return (
        <button type="button" className={styles.item} onClick={() => close(item.onSelect)}>
          {item.icon && <Icon name={item.icon} size={18} />}
          <span className={styles.itemLabel}>{item.label}</span>
        </button>
      );
  }
}
