import { lazy, Suspense, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { MenuItem } from './Menu';

const loadMenu = () => import('./Menu');
const Menu = lazy(() => loadMenu().then((m) => ({ default: m.Menu })));

interface Props {
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  triggerLabel?: string;
  /** Built when the menu opens, so a page full of cards computes nothing until then. */
  items: MenuItem[] | (() => MenuItem[]);
}

/**
 * A Menu whose code (the dropdown and dialog libraries) loads when the pointer or focus reaches its
 * button, so pages that show many menus, such as feeds, do not pay for it on their first load. The
 * click that loads it also opens it.
 */
export function LazyMenu({ label, trigger, triggerClassName, triggerLabel, items }: Props) {
  const [active, setActive] = useState<'pointer' | 'keyboard' | null>(null);
  const button = (props: {
    onClick?: (event: MouseEvent) => void;
    onKeyDown?: (event: KeyboardEvent) => void;
    disabled?: boolean;
  }) => (
    <button
      type="button"
      className={triggerClassName}
      aria-label={triggerLabel}
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      {...props}
    >
      {trigger}
    </button>
  );
  if (!active) {
    return button({
      // Enter and Space click with no pointer (detail 0): a menu opened by keyboard starts on its first
      // item, as the loaded menu's own button does.
      onClick: (event) => setActive(event.detail === 0 ? 'keyboard' : 'pointer'),
      onKeyDown: (event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault(); // the menu's, not the page's scroll
        setActive('keyboard');
      },
    });
  }
  return (
    <Suspense fallback={button({ disabled: true })}>
      <Menu
        label={label}
        trigger={trigger}
        triggerClassName={triggerClassName}
        triggerLabel={triggerLabel}
        items={typeof items === 'function' ? items() : items}
        defaultOpen
        focusFirstItem={active === 'keyboard'}
      />
    </Suspense>
  );
}
